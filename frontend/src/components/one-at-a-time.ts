import { useCallback, useState } from 'react';

/**
 * The actions of one screen that run one at a time (e.g. resend an invitation, delete): `busy` names the one
 * running, and the others stay disabled until it ends.
 */
export function useOneAtATime() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(async (action: string, call: () => Promise<void>) => {
    setBusy(action);
    try {
      await call();
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, run };
}

export type OneAtATime = ReturnType<typeof useOneAtATime>;
