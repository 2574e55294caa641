import { FormattedMessage } from 'react-intl';
import type { PosPrices } from '#schemas/prices';
import { useFormat } from '../../../lib/format';
import { ORIGIN_MESSAGES, STATUS_MESSAGES } from '../messages';

/**
 * Spec §3 prices sync: sync or pending (who saved, when), where the prices come from when not the console
 * (modified in device, via ERP API), the send waiting for the machine, and the last sync (date and by).
 */
export function PriceState({ prices }: { prices: PosPrices }) {
  const format = useFormat();
  const { status, origin, sending } = prices;
  const tone = status === 'sync' ? 'ok' : status === 'pending' ? 'warn' : 'neutral';
  return (
    <div className="prices-state" data-testid="prices-state">
      <span className={`badge badge--${tone}`} data-testid="prices-sync" data-sync={status ?? 'none'}>
        <FormattedMessage id={status ? STATUS_MESSAGES[status] : 'prices.status.none'} />
      </span>
      {origin && origin !== 'console' && (
        <span className="badge badge--neutral" data-testid="prices-origin" data-origin={origin}>
          <FormattedMessage id={ORIGIN_MESSAGES[origin]} />
        </span>
      )}
      {status === 'pending' && prices.updatedAt && (
        <span className="muted" data-testid="prices-pending-by">
          <FormattedMessage id="prices.savedBy" values={{ date: format.dateTime(prices.updatedAt), by: prices.updatedBy ?? '' }} />
        </span>
      )}
      {sending && (
        <span className="muted" data-testid="prices-sending">
          <FormattedMessage id="prices.sending" values={{ date: format.dateTime(sending.sentAt), by: sending.sentBy }} />
        </span>
      )}
      <span className="muted" data-testid="prices-last-sync">
        {prices.lastSyncAt ? (
          <FormattedMessage id="prices.lastSync" values={{ date: format.dateTime(prices.lastSyncAt), by: prices.lastSyncBy ?? '' }} />
        ) : (
          <FormattedMessage id="prices.neverSynced" />
        )}
      </span>
    </div>
  );
}
