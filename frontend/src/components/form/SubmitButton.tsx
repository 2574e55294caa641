import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../Spinner';

/** A form's primary button: disabled with a spinner (announced as `busyLabelId`) while the form is busy, or disabled while there is nothing to submit. */
export function SubmitButton({
  labelId,
  busy,
  busyLabelId,
  block = false,
  disabled = false,
  testId,
}: {
  labelId: string;
  busy: boolean;
  busyLabelId?: string;
  block?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      disabled={busy || disabled}
      data-testid={testId}
    >
      {busy ? <Spinner size="small" label={busyLabelId && intl.formatMessage({ id: busyLabelId })} /> : <FormattedMessage id={labelId} />}
    </button>
  );
}
