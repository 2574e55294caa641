import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * Asks before leaving a screen with unsaved edits: for another screen of the console with a dialog, for
 * a reload or another site with the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Rendered only while a navigation waits, so the screen's own confirmation stays the only dialog otherwise.
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      titleId="unsavedChanges.title"
      messageId="unsavedChanges.message"
      confirmId="unsavedChanges.leave"
      cancelId="unsavedChanges.stay"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
