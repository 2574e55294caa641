import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isSearchReady, SEARCH_MIN_LENGTH } from './table-state';
import type { DataTableModel } from './use-data-table';

const TYPING_PAUSE_MS = 400;

/** A text search for the filter bar: it applies once the user pauses with 0 or at least 3 letters typed. */
export function SearchFilter<T>({ table, field, messageId }: { table: DataTableModel<T>; field: string; messageId: string }) {
  const id = useId();
  const applied = table.state.filter[field] ?? '';
  const [text, setText] = useState(applied);
  const ready = isSearchReady(text);
  const { setFilter } = table;

  useEffect(() => {
    if (!ready || text.trim() === applied) return;
    const timer = setTimeout(() => setFilter(field, text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [ready, text, applied, field, setFilter]);

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={messageId} />
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-hint`} data-filter={field} />
      <span id={`${id}-hint`} className={ready ? 'visually-hidden' : 'form__hint'}>
        <FormattedMessage id="table.searchMinLength" values={{ min: SEARCH_MIN_LENGTH }} />
      </span>
    </div>
  );
}
