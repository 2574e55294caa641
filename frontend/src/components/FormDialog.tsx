import { useId, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { SubmitButton } from './form/SubmitButton';
import './confirm-dialog.css';
import { useModal } from './use-modal';

/**
 * A modal form (native <dialog>, like ConfirmDialog): a title, the fields, Cancel and a submit button that
 * shows a spinner while `busy`. Escape and Cancel call `onCancel`, except while busy (the request is out).
 */
export function FormDialog({
  open,
  titleId,
  titleValues,
  submitLabelId,
  busy,
  submitDisabled = false,
  wide = false,
  onSubmit,
  onCancel,
  testId,
  children,
}: {
  open: boolean;
  titleId: string;
  titleValues?: Record<string, string | number>;
  submitLabelId: string;
  busy: boolean;
  submitDisabled?: boolean;
  /** Room for a list (e.g. a batch's serials). */
  wide?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  testId: string;
  children: ReactNode;
}) {
  const ref = useModal(open);
  const titleDomId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className={wide ? 'confirm-dialog confirm-dialog--wide' : 'confirm-dialog'}
      aria-labelledby={titleDomId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      data-testid={testId}
    >
      {open && (
        <form className="form" onSubmit={submit} noValidate>
          <h2 id={titleDomId}>
            <FormattedMessage id={titleId} values={titleValues} />
          </h2>
          {children}
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
              <FormattedMessage id="common.cancel" />
            </button>
            <SubmitButton labelId={submitLabelId} busy={busy} disabled={submitDisabled} testId={`${testId}-submit`} />
          </div>
        </form>
      )}
    </dialog>
  );
}
