import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PriceVersion } from '#schemas/prices';
import { DataTable } from '../../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { useFormat } from '../../../lib/format';
import { usePriceHistoryPage } from '../api/get-price-history-page';
import { ACTION_LABELS, ORIGIN_MESSAGES, pricesErrorMessageId, TABLE_MESSAGES } from '../messages';

const DEFAULT_SORT = { ord: 'version', ordType: 'desc' } as const;

/** /historical-prices: every version of the machine's prices, newest first, with who and when and what it held. */
export function PriceHistory({ serial, currency }: { serial: string; currency: string }) {
  const intl = useIntl();
  const format = useFormat();
  const columns = useMemo<Column<PriceVersion>[]>(() => {
    const price = (p: PriceVersion['prices'][number]) =>
      `${p.line} · ${intl.formatMessage({ id: TABLE_MESSAGES[p.priceTable as keyof typeof TABLE_MESSAGES] })}: ${format.money(p.value, currency)}`;
    return [
      { id: 'version', messageId: 'prices.history.version', ord: 'version', value: (v) => String(v.version) },
      { id: 'at', messageId: 'prices.history.at', value: (v) => format.dateTime(v.at) },
      { id: 'by', messageId: 'prices.history.by', value: (v) => v.by },
      { id: 'action', messageId: 'prices.history.action', value: (v) => intl.formatMessage({ id: ACTION_LABELS[v.action] }) },
      { id: 'origin', messageId: 'prices.history.origin', value: (v) => intl.formatMessage({ id: ORIGIN_MESSAGES[v.origin] }) },
      {
        id: 'prices',
        messageId: 'prices.history.prices',
        value: (v) => v.prices.map(price).join('; '),
        render: (v) =>
          v.prices.length === 0 ? (
            <FormattedMessage id="prices.history.noPrices" />
          ) : (
            <details>
              <summary>
                <FormattedMessage id="prices.history.count" values={{ count: v.prices.length }} />
              </summary>
              <ul className="prices-history__list">
                {v.prices.map((p) => (
                  <li key={`${p.line}*${p.priceTable}`}>{price(p)}</li>
                ))}
              </ul>
            </details>
          ),
      },
    ];
  }, [intl, format, currency]);
  const table = useDataTable({ tableId: 'device-price-history', columns, defaultSort: DEFAULT_SORT });
  const page = usePriceHistoryPage(serial, table.query);
  return (
    <section className="card prices-history" aria-labelledby="prices-history-title" data-testid="prices-history">
      <h2 id="prices-history-title">
        <FormattedMessage id="prices.history.title" />
      </h2>
      <DataTable
        table={table}
        result={page}
        rowKey={(v) => String(v.version)}
        emptyMessageId="prices.history.empty"
        errorMessageId={(e) => pricesErrorMessageId(e, 'get')}
      />
    </section>
  );
}
