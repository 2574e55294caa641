import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DataTableModel } from '../../../components/data-table/use-data-table';
import { moneyInputValue, parseMoneyInput, type MoneyInputError } from '../../../lib/money-input';

const BOUNDS = ['valueMin', 'valueMax'] as const;
type Bound = (typeof BOUNDS)[number];
type FilterError = MoneyInputError | { messageId: 'transactions.filter.valueInverted' };

/**
 * The value range of the filter bar: amounts typed in the merchant's currency (major units), kept in the
 * table's filters in minor units as the API takes them. A bound applies once it reads as money; a blank one
 * is no bound. The API refuses a minimum above the maximum, so that is told here and not sent.
 */
export function ValueRangeFilter<T>({ table, currency }: { table: DataTableModel<T>; currency: string }) {
  const intl = useIntl();
  const id = useId();
  const { filter } = table.state;
  const shown = (bound: Bound) => (filter[bound] ? moneyInputValue(Number(filter[bound]), currency, intl.locale) : '');
  const [text, setText] = useState<Record<Bound, string>>(() => ({ valueMin: shown('valueMin'), valueMax: shown('valueMax') }));

  const read = (raw: string): { minor: string } | { error: MoneyInputError } => {
    if (raw.trim() === '') return { minor: '' };
    const parsed = parseMoneyInput(raw, currency, { locale: intl.locale });
    return parsed.ok ? { minor: String(parsed.minorUnits) } : { error: parsed.error };
  };
  const isInverted = (lo: ReturnType<typeof read>, hi: ReturnType<typeof read>) =>
    'minor' in lo && 'minor' in hi && lo.minor !== '' && hi.minor !== '' && Number(lo.minor) > Number(hi.minor);
  const min = read(text.valueMin);
  const max = read(text.valueMax);
  const errors: Record<Bound, FilterError | null> = {
    valueMin: 'error' in min ? min.error : null,
    valueMax: 'error' in max ? max.error : isInverted(min, max) ? { messageId: 'transactions.filter.valueInverted' } : null,
  };

  /** Both bounds that read as money apply together (a fixed inversion applies the other bound too). */
  function edit(bound: Bound, raw: string) {
    const next = { ...text, [bound]: raw };
    setText(next);
    const parsed = { valueMin: read(next.valueMin), valueMax: read(next.valueMax) };
    if (isInverted(parsed.valueMin, parsed.valueMax)) return;
    for (const b of BOUNDS) {
      const value = parsed[b];
      if ('minor' in value && value.minor !== (filter[b] ?? '')) table.setFilter(b, value.minor);
    }
  }

  const input = (bound: Bound, labelId: string) => {
    const error = errors[bound];
    return (
      <span className="value-range__bound">
        <label htmlFor={`${id}-${bound}`} id={`${id}-${bound}-label`}>
          <FormattedMessage id={labelId} />
        </label>
        <input
          id={`${id}-${bound}`}
          inputMode="decimal"
          aria-labelledby={`${id}-label ${id}-${bound}-label`}
          value={text[bound]}
          onChange={(e) => edit(bound, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${bound}-error` : undefined}
          data-filter={bound}
        />
        {error && (
          <span id={`${id}-${bound}-error`} className="field__error" role="alert" data-testid={`filter-${bound}-error`}>
            <FormattedMessage id={error.messageId} values={'values' in error ? error.values : undefined} />
          </span>
        )}
      </span>
    );
  };

  return (
    <fieldset className="value-range" data-testid="value-range">
      <legend className="field__label" id={`${id}-label`}>
        <FormattedMessage id="transactions.filter.value" values={{ currency }} />
      </legend>
      {input('valueMin', 'transactions.filter.valueMin')}
      {input('valueMax', 'transactions.filter.valueMax')}
    </fieldset>
  );
}
