import { useCallback, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { AuditCash } from '#schemas/pos-history';
import { HeaderRow } from '../../../components/HeaderRow';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker';
import { presetRange } from '../../../components/date-range/presets';
import { Spinner } from '../../../components/Spinner';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDateTime, useFormat } from '../../../lib/format';
import { useCash } from '../api/get-cash';
import { rangeInstants } from '../../../components/date-range/instants';
import { CashChart } from '../components/CashChart';
import { deviceErrorMessageId } from '../messages';
import './cash.css';

/** /devices/{serial}/cash: the cash figures of the latest audit with EVA-DTS text, and the cash box over a range. */
export function CashTab() {
  const serial = useParams().id ?? '';
  const [range, setRange] = useState(() => presetRange('last7Days'));
  const cash = useCash(serial, range);
  const bounds = rangeInstants(range);

  let body;
  if (cash.error && !cash.data) body = <ErrorState error={cash.error} messageId={deviceErrorMessageId(cash.error)} onRetry={() => void cash.mutate()} />;
  else if (!cash.data)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (!cash.data.latest) body = <EmptyState messageId="devices.cash.empty" />;
  else
    body = (
      <CashFigures cash={cash.data.latest.cash} readAt={cash.data.latest.readAt}>
        {(money) => (
          <section className="card device-chart">
            <header className="device-chart__header">
              <h2>
                <FormattedMessage id="devices.cash.chartTitle" />
              </h2>
              <DateRangePicker value={range} onChange={setRange} testId="cash-range" />
            </header>
            {cash.data!.series.length === 0 ? (
              <EmptyState messageId="devices.cash.noAuditsInRange" />
            ) : (
              <CashChart points={cash.data!.series} money={money} from={Date.parse(bounds.from!)} to={Date.parse(bounds.to!)} />
            )}
          </section>
        )}
      </CashFigures>
    );
  return (
    <div className="device-tab" data-testid="device-cash" aria-busy={cash.isValidating}>
      {body}
    </div>
  );
}

function CashFigures({ cash, readAt, children }: { cash: AuditCash; readAt: string; children: (money: (minor: number) => string) => ReactNode }) {
  const intl = useIntl();
  const format = useFormat();
  const money = useCallback(
    (minor: number) => (cash.currency ? format.money(minor, cash.currency) : format.number(minor / 10 ** (cash.decimals ?? 2))),
    [cash.currency, cash.decimals, format],
  );
  const amount = (v: number | null | undefined) => (v === null || v === undefined ? '–' : money(v));
  const cards = [
    { id: 'cashBox', messageId: 'devices.cash.cashBox', value: cash.cashIn.sinceReset?.toBox, init: cash.cashIn.sinceInit?.toBox },
    { id: 'tubeContents', messageId: 'devices.cash.tubeContents', value: cash.tubeContents },
    { id: 'cashIn', messageId: 'devices.cash.cashIn', value: cash.cashIn.sinceReset?.total, init: cash.cashIn.sinceInit?.total },
    { id: 'bills', messageId: 'devices.cash.bills', value: cash.cashIn.sinceReset?.bills, init: cash.cashIn.sinceInit?.bills },
    {
      id: 'cashSales',
      messageId: 'devices.cash.cashSales',
      value: cash.cashSales.sinceReset?.value,
      init: cash.cashSales.sinceInit?.value,
      count: cash.cashSales.sinceReset?.count,
    },
    {
      id: 'paidVends',
      messageId: 'devices.cash.paidVends',
      value: cash.paidVends.sinceReset?.value,
      init: cash.paidVends.sinceInit?.value,
      count: cash.paidVends.sinceReset?.count,
    },
    {
      id: 'freeVends',
      messageId: 'devices.cash.freeVends',
      value: cash.freeVends.sinceReset?.value,
      init: cash.freeVends.sinceInit?.value,
      count: cash.freeVends.sinceReset?.count,
    },
    { id: 'dispensed', messageId: 'devices.cash.dispensed', value: cash.dispensed.sinceReset?.value, init: cash.dispensed.sinceInit?.value },
    { id: 'manuallyDispensed', messageId: 'devices.cash.manuallyDispensed', value: cash.dispensed.sinceReset?.manual, init: cash.dispensed.sinceInit?.manual },
    { id: 'overpay', messageId: 'devices.cash.overpay', value: cash.overpay.sinceReset, init: cash.overpay.sinceInit },
    { id: 'manualFill', messageId: 'devices.cash.manualFill', value: cash.manualFill.sinceReset, init: cash.manualFill.sinceInit },
  ] as const;
  return (
    <>
      <p className="muted" data-testid="cash-read-at">
        <FormattedMessage id="devices.cash.latestAudit" values={{ date: formatDateTime(readAt, intl.locale) }} />
        {cash.unreadLines > 0 && (
          <>
            {' '}
            <FormattedMessage id="devices.cash.unreadLines" values={{ count: cash.unreadLines }} />
          </>
        )}
      </p>
      <div className="cash-cards" data-testid="cash-cards">
        {cards.map((c) => (
          <section key={c.id} className="card cash-card" data-figure={c.id}>
            <h3>
              <FormattedMessage id={c.messageId} />
            </h3>
            <p className="cash-card__value" data-testid={`cash-${c.id}`}>
              {amount(c.value)}
              {'count' in c && c.count != null && <span className="muted"> · {intl.formatNumber(c.count)}</span>}
            </p>
            {'init' in c && (
              <p className="muted">
                <FormattedMessage id="devices.cash.sinceInit" values={{ value: amount(c.init) }} />
              </p>
            )}
          </section>
        ))}
      </div>
      {cash.tubes.length > 0 && (
        <table className="cash-tubes" data-testid="cash-tubes">
          <HeaderRow cells={['devices.cash.coin', 'devices.cash.coins', 'devices.cash.tubeValue']} />
          <tbody>
            {cash.tubes.map((t) => (
              <tr key={t.coinType}>
                <td>{money(t.value)}</td>
                <td>{t.count === null ? '–' : intl.formatNumber(t.count)}</td>
                <td>{amount(t.count === null ? null : t.value * t.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {children(money)}
    </>
  );
}
