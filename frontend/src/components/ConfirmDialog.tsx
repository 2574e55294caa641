import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import './confirm-dialog.css';
import { useModal } from './use-modal';

interface ConfirmDialogProps {
  open: boolean;
  titleId: string;
  messageId: string;
  messageValues?: Record<string, string | number>;
  confirmId: string;
  cancelId: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question before an action that cannot be undone (native <dialog>: focus trap, Escape cancels). */
export function ConfirmDialog({ open, titleId, messageId, messageValues, confirmId, cancelId, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useModal(open);
  // A screen may hold two dialogs (a confirmation and the unsaved-changes question): each its own title id.
  const titleDomId = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleDomId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      <h2 id={titleDomId}>
        <FormattedMessage id={titleId} />
      </h2>
      <p>
        <FormattedMessage id={messageId} values={messageValues} />
      </p>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-testid="confirm-cancel">
          <FormattedMessage id={cancelId} />
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} data-testid="confirm-ok">
          <FormattedMessage id={confirmId} />
        </button>
      </div>
    </dialog>
  );
}
