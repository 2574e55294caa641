import { FormattedMessage, useIntl } from 'react-intl';
import type { PriceLine } from '#schemas/prices';
import { PRICE_TABLE_NUMBERS, type PriceTable } from '#schemas/prices-constants';
import { HeaderRow } from '../../../components/HeaderRow';
import { useFormat } from '../../../lib/format';
import { parseMoneyInput } from '../../../lib/money-input';
import { cellKey, type CellErrors, type Cells } from '../price-grid';
import { TABLE_MESSAGES } from '../messages';

interface Props {
  lines: readonly PriceLine[];
  tables: readonly PriceTable[];
  cells: Cells;
  currency: string;
  /** Problems of cells, shown under each; `refused` names cells the API refused. */
  errors: CellErrors;
  refused: readonly string[];
  /** Without it the grid is read-only (merchant users). */
  onChange?: (key: string, text: string) => void;
  onAddTable?: (table: PriceTable) => void;
}

/** Lines × price tables: money inputs in the merchant's currency, each with its problem under it; read-only as formatted money. */
export function PriceGrid({ lines, tables, cells, currency, errors, refused, onChange, onAddTable }: Props) {
  const intl = useIntl();
  const format = useFormat();
  const tableName = (t: PriceTable) => intl.formatMessage({ id: TABLE_MESSAGES[t] });
  const unused = PRICE_TABLE_NUMBERS.filter((t) => !tables.includes(t));

  return (
    // Read-only on a narrow screen the grid scrolls with nothing focusable in it: it takes the focus itself, so keyboards can scroll it.
    <div className="prices-grid" {...(onChange ? {} : { tabIndex: 0, role: 'region', 'aria-label': intl.formatMessage({ id: 'prices.title' }) })}>
      <table className="prices-grid__table" data-testid="prices-grid">
        <HeaderRow
          cells={['prices.line', 'prices.product', ...tables.map((t) => ({ key: `table-${t}`, label: tableName(t), data: { 'data-price-table': t } }))]}
        />
        <tbody>
          {lines.map((line) => (
            <tr key={line.selection} data-line={line.selection}>
              <th scope="row">{line.selection}</th>
              <td>{line.productName ?? line.productId}</td>
              {tables.map((t) => {
                const key = cellKey(line.selection, t);
                const text = cells[key] ?? '';
                const testId = `price-${line.selection}-${t}`;
                if (!onChange) {
                  const parsed = parseMoneyInput(text, currency);
                  return (
                    <td key={t} data-testid={testId}>
                      {parsed.ok ? format.money(parsed.minorUnits, currency) : '–'}
                    </td>
                  );
                }
                const error = errors[key];
                const errorId = `${testId}-error`;
                const message = error ? (
                  <FormattedMessage id={error.messageId} values={'values' in error ? error.values : undefined} />
                ) : refused.includes(key) ? (
                  <FormattedMessage id="prices.error.refused" />
                ) : null;
                return (
                  <td key={t}>
                    <input
                      inputMode="decimal"
                      value={text}
                      onChange={(e) => onChange(key, e.target.value)}
                      aria-label={intl.formatMessage({ id: 'prices.cellLabel' }, { line: line.selection, table: tableName(t) })}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? errorId : undefined}
                      data-testid={testId}
                    />
                    {message && (
                      <span className="field__error" id={errorId} role="alert" data-testid={errorId}>
                        {message}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {onAddTable && unused.length > 0 && (
        <label className="prices-grid__add">
          <span>
            <FormattedMessage id="prices.addTable" />
          </span>
          <select value="" onChange={(e) => onAddTable(Number(e.target.value) as PriceTable)} data-testid="prices-add-table">
            <option value="" disabled>
              {intl.formatMessage({ id: 'prices.addTable.pick' })}
            </option>
            {unused.map((t) => (
              <option key={t} value={t}>
                {`${t} · ${tableName(t)}`}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
