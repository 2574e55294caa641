import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';
import { useOneAtATime, type OneAtATime } from './one-at-a-time';
import { Spinner } from './Spinner';
import { useToast } from './toasts';

interface DeleteButtonProps {
  /** Message ids: the button, the confirmation dialog and the success toast. */
  messages: { action: string; confirmTitle: string; confirmMessage: string; confirm: string; cancel: string; deleted: string };
  /** Values of the confirmation message (e.g. how many machines the deletion affects). */
  confirmValues?: Record<string, string | number>;
  remove: () => Promise<void>;
  /** Where to go once deleted. */
  afterPath: string;
  errorMessageId: (error: unknown) => string;
  /** Values of the error message (e.g. what still uses the item). */
  errorValues?: (error: unknown) => Record<string, string> | undefined;
  testId: string;
  /** The screen's actions it runs one at a time with (else it runs on its own). */
  actions?: OneAtATime;
}

const DELETE = 'delete';

/** Deletes after a confirmation, then tells the user and leaves the page; on failure shows the error and stays. */
export function DeleteButton({ messages, confirmValues, remove, afterPath, errorMessageId, errorValues, testId, actions }: DeleteButtonProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const own = useOneAtATime();
  const { busy, run } = actions ?? own;

  async function confirmDelete() {
    setConfirming(false);
    await run(DELETE, async () => {
      try {
        await remove();
        showToast({ kind: 'success', messageId: messages.deleted });
        navigate(afterPath, { replace: true });
      } catch (error) {
        showToast({ kind: 'error', messageId: errorMessageId(error), values: errorValues?.(error) });
      }
    });
  }

  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={busy !== null} data-testid={testId}>
        {busy === DELETE ? <Spinner size="small" /> : <FormattedMessage id={messages.action} />}
      </button>
      <ConfirmDialog
        open={confirming}
        titleId={messages.confirmTitle}
        messageId={messages.confirmMessage}
        messageValues={confirmValues}
        confirmId={messages.confirm}
        cancelId={messages.cancel}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
