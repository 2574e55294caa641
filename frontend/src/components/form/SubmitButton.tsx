import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../Spinner';

/** A form's primary button: disabled with a spinner (announced as `busyLabelId`) while the form is busy. */
export function SubmitButton({ labelId, busy, busyLabelId, block = false, testId }: { labelId: string; busy: boolean; busyLabelId?: string; block?: boolean; testId: string }) {
  const intl = useIntl();
  return (
    <button type="submit" className={block ? 'button button--primary button--block' : 'button button--primary'} disabled={busy} data-testid={testId}>
      {busy ? <Spinner size="small" label={busyLabelId && intl.formatMessage({ id: busyLabelId })} /> : <FormattedMessage id={labelId} />}
    </button>
  );
}
