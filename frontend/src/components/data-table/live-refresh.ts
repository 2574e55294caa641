import { useCallback, useState } from 'react';

/** While a shown row is still running its page is polled, so its status moves on screen as it changes. */
export const LIVE_REFRESH_MS = 2_000;

/**
 * SWR options of a list page whose rows change by themselves (a command awaiting its device, an export
 * running): `refreshInterval` follows each loaded page (`onSuccess`), polling while any row `isRunning` and
 * stopping when none is. A number, not an interval function: one answering 0 would end SWR's polling for good
 * until the key changes. Pass a module-level `isRunning` (it is a dependency of the callback).
 */
export function useLiveRefresh<T>(isRunning: (row: T) => boolean) {
  const [refreshInterval, setRefreshInterval] = useState(0);
  const onSuccess = useCallback((page: { items: readonly T[] }) => setRefreshInterval(page.items.some(isRunning) ? LIVE_REFRESH_MS : 0), [isRunning]);
  return { keepPreviousData: true, refreshInterval, onSuccess };
}
