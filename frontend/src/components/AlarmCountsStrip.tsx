import { FormattedMessage, useIntl } from 'react-intl';
import type { AlarmCounts as Counts } from '#schemas/alarm';

/** The figures of alarm counts, in this order, with their tone. */
const FIGURES: { value: (c: Counts) => number; key: string; messageId: string; tone: string }[] = [
  { key: 'active', value: (c) => c.byStatus.active, messageId: 'alarms.status.active', tone: 'bad' },
  { key: 'blocking', value: (c) => c.byCriticity['4'], messageId: 'alarms.criticity.4', tone: 'bad' },
  { key: 'notification', value: (c) => c.byStatus.notification, messageId: 'alarms.status.notification', tone: 'neutral' },
  { key: 'repaired', value: (c) => c.byStatus.repaired + c.byStatus.repairedManually, messageId: 'alarms.filter.repaired', tone: 'ok' },
  { key: 'total', value: (c) => c.total, messageId: 'alarms.counts.total', tone: 'neutral' },
];

/** Alarm counts maintained on write (GET …/alarms/stats): on /alarms and the dashboard. */
export function AlarmCountsStrip({ counts }: { counts: Counts }) {
  const intl = useIntl();
  return (
    <ul className="counts-strip" data-testid="alarm-counts" aria-label={intl.formatMessage({ id: 'alarms.counts.label' })}>
      {FIGURES.map(({ key, value, messageId, tone }) => (
        <li key={key} className={`counts-strip__item counts-strip__item--${tone}`} data-count={key}>
          <span className="counts-strip__value">{intl.formatNumber(value(counts))}</span>
          <span className="counts-strip__label">
            <FormattedMessage id={messageId} />
          </span>
        </li>
      ))}
    </ul>
  );
}
