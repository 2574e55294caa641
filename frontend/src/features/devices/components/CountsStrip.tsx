import { FormattedMessage, useIntl } from 'react-intl';
import type { PosCounts } from '#schemas/pos';
import { usePosCounts } from '../api/get-pos-counts';

/** The figures on top of the list, in this order, with their tone. */
const FIGURES: { key: keyof PosCounts; messageId: string; tone: string }[] = [
  { key: 'total', messageId: 'devices.counts.total', tone: 'neutral' },
  { key: 'online', messageId: 'devices.counts.online', tone: 'ok' },
  { key: 'offline', messageId: 'devices.counts.offline', tone: 'bad' },
  { key: 'unknown', messageId: 'devices.counts.unknown', tone: 'neutral' },
  { key: 'warning', messageId: 'devices.counts.warning', tone: 'warn' },
  { key: 'critical', messageId: 'devices.counts.critical', tone: 'bad' },
  { key: 'hidden', messageId: 'devices.counts.hidden', tone: 'neutral' },
];

/** Machines by connection, status and hidden flag (GET /pos/counts); nothing while it loads or if it fails. */
export function CountsStrip({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const counts = usePosCounts(merchantId);
  if (!counts.data) return null;
  const data = counts.data;
  return (
    <ul className="counts-strip" data-testid="device-counts" aria-label={intl.formatMessage({ id: 'devices.counts.label' })}>
      {FIGURES.map(({ key, messageId, tone }) => (
        <li key={key} className={`counts-strip__item counts-strip__item--${tone}`} data-count={key}>
          <span className="counts-strip__value">{intl.formatNumber(data[key])}</span>
          <span className="counts-strip__label">
            <FormattedMessage id={messageId} />
          </span>
        </li>
      ))}
    </ul>
  );
}
