import { FormattedMessage } from 'react-intl';
import type { OneAtATime } from './one-at-a-time';
import { Spinner } from './Spinner';
import { useToast } from './toasts';

/** A screen's action that calls the API: a spinner while it runs (the screen's other actions wait), then a toast. */
export function ActionButton({
  action,
  actions,
  call,
  labelId,
  successMessageId,
  errorMessageId,
  testId,
}: {
  /** Its name among the screen's `actions`. */
  action: string;
  actions: OneAtATime;
  call: () => Promise<void>;
  labelId: string;
  successMessageId: string;
  errorMessageId: (error: unknown) => string;
  testId: string;
}) {
  const { showToast } = useToast();
  const onClick = () =>
    actions.run(action, async () => {
      try {
        await call();
        showToast({ kind: 'success', messageId: successMessageId });
      } catch (error) {
        showToast({ kind: 'error', messageId: errorMessageId(error) });
      }
    });
  return (
    <button type="button" className="button button--secondary" onClick={() => void onClick()} disabled={actions.busy !== null} data-testid={testId}>
      {actions.busy === action ? <Spinner size="small" /> : <FormattedMessage id={labelId} />}
    </button>
  );
}
