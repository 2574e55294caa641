import { FormattedMessage } from 'react-intl';
import type { ConfigSync } from '#schemas/pos-config';

/** Spec §3 "config sync": sync or pending; without a custom config there is nothing to sync. */
export function SyncBadge({ sync }: { sync: ConfigSync | null }) {
  const state = sync?.state ?? 'none';
  const tone = state === 'sync' ? 'ok' : state === 'pending' ? 'warn' : 'neutral';
  const messageId = state === 'sync' ? 'devices.configs.sync.sync' : state === 'pending' ? 'devices.configs.sync.pending' : 'devices.configs.sync.none';
  return (
    <span className={`badge badge--${tone}`} data-testid="config-sync" data-sync={state}>
      <FormattedMessage id={messageId} />
    </span>
  );
}
