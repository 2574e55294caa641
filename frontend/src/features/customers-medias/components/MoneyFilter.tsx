import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DataTableModel } from '../../../components/data-table/use-data-table';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money-input';

const TYPING_PAUSE_MS = 400;

/**
 * A money bound of the filter bar, typed in major units of the merchant's currency and kept in the table state
 * in minor units (what the API takes); a wrong amount is said under the field and not applied.
 */
export function MoneyFilter<T>({ table, field, messageId, currency }: { table: DataTableModel<T>; field: string; messageId: string; currency: string }) {
  const intl = useIntl();
  const id = useId();
  const applied = table.state.filter[field] ?? '';
  const [text, setText] = useState(() => (applied === '' ? '' : moneyInputValue(Number(applied), currency, intl.locale)));
  const parsed = text.trim() === '' ? null : parseMoneyInput(text, currency, { locale: intl.locale });
  const value = parsed === null ? '' : parsed.ok ? String(parsed.minorUnits) : null;
  const { setFilter } = table;

  useEffect(() => {
    if (value === null || value === applied) return;
    const timer = setTimeout(() => setFilter(field, value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, applied, field, setFilter]);

  const error = parsed && !parsed.ok ? parsed.error : null;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={messageId} values={{ currency }} />
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-filter={field}
      />
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert" data-testid={`filter-error-${field}`}>
          <FormattedMessage id={error.messageId} values={'values' in error ? error.values : undefined} />
        </span>
      )}
    </div>
  );
}
