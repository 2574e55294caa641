import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Alarm } from '#schemas/alarm';
import type { Dashboard } from '#schemas/dashboard';
import type { StockManageRow } from '#schemas/stock';
import { useFormat } from '../../../lib/format';

const machineAlarms = (serial: string) => `/devices/${encodeURIComponent(serial)}/pos-alarms`;

/** Counts as a strip of figures, each with its tone. */
function Figures({ items, testId }: { items: Array<{ key: string; value: number; messageId: string; tone: string }>; testId: string }) {
  const intl = useIntl();
  return (
    <ul className="counts-strip" data-testid={testId}>
      {items.map(({ key, value, messageId, tone }) => (
        <li key={key} className={`counts-strip__item counts-strip__item--${tone}`} data-count={key}>
          <span className="counts-strip__value">{intl.formatNumber(value)}</span>
          <span className="counts-strip__label">
            <FormattedMessage id={messageId} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Machines by connection and with a blocking alarm (hidden machines are left out of the total). */
export function MachineFigures({ machines }: { machines: Dashboard['machines'] }) {
  return (
    <Figures
      testId="dashboard-machine-counts"
      items={[
        { key: 'visible', value: machines.visible, messageId: 'dashboard.machines.visible', tone: 'neutral' },
        { key: 'online', value: machines.online, messageId: 'dashboard.machines.online', tone: 'ok' },
        { key: 'offline', value: machines.offline, messageId: 'dashboard.machines.offline', tone: 'bad' },
        { key: 'unknown', value: machines.unknown, messageId: 'dashboard.machines.unknown', tone: 'neutral' },
        { key: 'blocking', value: machines.critical, messageId: 'dashboard.machines.blocking', tone: 'bad' },
      ]}
    />
  );
}

/** The newest active blocking alarms: the machines to look at first, each linked to its alarms. */
export function BlockingList({ page }: { page: { items: Alarm[] } }) {
  return <AlarmList alarms={page.items} testId="dashboard-blocking-list" />;
}

/** Alarms as a short list: machine (linked), code and message, when. */
export function AlarmList({ alarms, testId }: { alarms: readonly Alarm[]; testId: string }) {
  const format = useFormat();
  return (
    <ul className="dashboard-list" data-testid={testId}>
      {alarms.map((a) => (
        <li key={a.id} data-serial={a.serial} data-code={a.code}>
          <Link to={machineAlarms(a.serial)}>{a.posName || a.serial}</Link>
          <span className="dashboard-list__what">
            {a.code} · {a.message}
          </span>
          <time dateTime={a.createdAt}>{format.dateTime(a.createdAt)}</time>
        </li>
      ))}
    </ul>
  );
}

/** Remote commands of the last 24 hours still pending and ended not executed. */
export function CommandFigures({ commands }: { commands: Dashboard['commands'] }) {
  return (
    <Figures
      testId="dashboard-command-counts"
      items={[
        { key: 'pending', value: commands.pending, messageId: 'dashboard.commands.pending', tone: 'neutral' },
        { key: 'failed', value: commands.failed, messageId: 'dashboard.commands.failed', tone: commands.failed > 0 ? 'bad' : 'ok' },
      ]}
    />
  );
}

/** The emptiest machines with stock management (PRODUCTS_STOCK), linked to their stock, and the pick list. */
export function StockList({ page }: { page: { items: StockManageRow[]; total: number } }) {
  const format = useFormat();
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.stock.machines" values={{ count: page.total }} />
      </p>
      <ul className="dashboard-list" data-testid="dashboard-stock-list">
        {page.items.map((m) => (
          <li key={m.serial} data-serial={m.serial}>
            <Link to={`/devices/${encodeURIComponent(m.serial)}/stock`}>{m.name || m.serial}</Link>
            <strong>{format.percent(m.fillPercent)}</strong>
            <span className="dashboard-list__what">
              <FormattedMessage id="dashboard.stock.lines" values={{ out: m.linesOut, low: m.linesLow }} />
              {m.daysToSellOut !== null && (
                <>
                  {' · '}
                  <FormattedMessage id="dashboard.stock.days" values={{ days: m.daysToSellOut }} />
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/devices/pick-list" data-testid="dashboard-pick-list-link">
          <FormattedMessage id="dashboard.stock.pickList" />
        </Link>
      </p>
    </>
  );
}
