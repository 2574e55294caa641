import { useCallback, useState } from 'react';
import type { RemoteCommand } from '../../../../../schemas/remote-command';

/** While a shown command is pending its page is polled, so its status moves on screen as the device answers. */
export const LIVE_REFRESH_MS = 2_000;

/**
 * SWR options of a page of commands: `refreshInterval` follows each loaded page (`onSuccess`). A number,
 * not an interval function: one answering 0 would end SWR's polling for good until the key changes.
 */
export function useLiveRefresh() {
  const [refreshInterval, setRefreshInterval] = useState(0);
  const onSuccess = useCallback((page: { items: RemoteCommand[] }) => setRefreshInterval(page.items.some((c) => c.status <= 1) ? LIVE_REFRESH_MS : 0), []);
  return { keepPreviousData: true, refreshInterval, onSuccess };
}
