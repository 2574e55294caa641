import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { DataTableModel } from './use-data-table';

/**
 * A choice for the filter bar; the empty value (labelled `allLabel`) means no filter. A value the options lack
 * (from a saved table state or a link, or options still loading) is offered as it is: the filter that applies
 * always shows.
 */
export function SelectFilter<T>({
  table,
  field,
  messageId,
  allLabel,
  options,
}: {
  table: DataTableModel<T>;
  field: string;
  messageId: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  const value = table.state.filter[field] ?? '';
  const shown = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={messageId} />
      </label>
      <select id={id} value={value} onChange={(e) => table.setFilter(field, e.target.value)} data-filter={field}>
        <option value="">{allLabel}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
