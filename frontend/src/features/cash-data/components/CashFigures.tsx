import { FormattedMessage, useIntl } from 'react-intl';
import type { AcceptanceStats, MovementStats } from '#schemas/cash-stats';
import { HeaderRow } from '../../../components/HeaderRow';
import { EmptyState } from '../../../components/states';
import { useFormat } from '../../../lib/format';

/** Accepted and rejected coins and notes: per medium, per denomination and per reason. */
export function AcceptanceFiguresView({ stats }: { stats: AcceptanceStats }) {
  const intl = useIntl();
  const format = useFormat();
  const rate = (r: number | null) => (r === null ? '—' : format.percent(r * 100));
  if (stats.totals.coin.accepted + stats.totals.coin.rejected + stats.totals.note.accepted + stats.totals.note.rejected === 0)
    return <EmptyState messageId="cashData.acceptance.empty" />;
  return (
    <div className="cash-data__grid">
      <table className="cash-data__table" data-testid="acceptance-totals">
        <thead>
          <tr>
            <td />
            <th>
              <FormattedMessage id="cashData.acceptance.accepted" />
            </th>
            <th>
              <FormattedMessage id="cashData.acceptance.rejected" />
            </th>
            <th>
              <FormattedMessage id="cashData.acceptance.rate" />
            </th>
          </tr>
        </thead>
        <tbody>
          {(['coin', 'note'] as const).map((m) => (
            <tr key={m} data-testid={`acceptance-${m}`}>
              <th>
                <FormattedMessage id={`cashData.medium.${m}`} />
              </th>
              <td>{format.number(stats.totals[m].accepted)}</td>
              <td>{format.number(stats.totals[m].rejected)}</td>
              <td>{rate(stats.totals[m].rejectionRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="cash-data__table" data-testid="acceptance-denominations">
        <HeaderRow cells={['cashData.acceptance.denomination', 'cashData.acceptance.accepted', 'cashData.acceptance.rejected', 'cashData.acceptance.rate']} />
        <tbody>
          {stats.byDenomination.map((d) => (
            <tr key={`${d.medium}-${d.denomination}`}>
              <td>
                <FormattedMessage id={`cashData.medium.${d.medium}`} />{' '}
                {d.denomination === null ? intl.formatMessage({ id: 'cashData.acceptance.unknownDenomination' }) : format.money(d.denomination, stats.currency)}
              </td>
              <td>{format.number(d.accepted)}</td>
              <td>{format.number(d.rejected)}</td>
              <td>{rate(d.rejectionRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="cash-data__table" data-testid="acceptance-reasons">
        <HeaderRow cells={['cashData.acceptance.reason', 'cashData.acceptance.rejected']} />
        <tbody>
          {stats.byReason.map((r) => (
            <tr key={`${r.medium}-${r.reason}`}>
              <td>
                <FormattedMessage id={`cashData.medium.${r.medium}`} /> · <FormattedMessage id={`cashData.reason.${r.reason}`} />
              </td>
              <td>{format.number(r.rejected)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Movements per kind, and the balance the cash should hold before and after the range. */
export function MovementFiguresView({ stats }: { stats: MovementStats }) {
  const format = useFormat();
  const money = (v: number) => format.money(v, stats.currency);
  return (
    <div className="cash-data__grid">
      <table className="cash-data__table" data-testid="movement-totals">
        <HeaderRow cells={['cashData.movements.kind', 'cashData.movements.count', 'cashData.movements.amount']} />
        <tbody>
          {stats.totals.map((t) => (
            <tr key={t.kind} data-testid={`movement-${t.kind}`}>
              <td>
                <FormattedMessage id={`cashData.movement.${t.kind}`} />
              </td>
              <td>{format.number(t.count)}</td>
              <td>{money(t.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cash-data__table" data-testid="movement-balance">
        <dt>
          <FormattedMessage id="cashData.movements.opening" />
        </dt>
        <dd>{money(stats.openingBalance)}</dd>
        <dt>
          <FormattedMessage id="cashData.movements.net" />
        </dt>
        <dd>{money(stats.net)}</dd>
        <dt>
          <FormattedMessage id="cashData.movements.closing" />
        </dt>
        <dd data-testid="movement-closing">{money(stats.closingBalance)}</dd>
      </dl>
    </div>
  );
}
