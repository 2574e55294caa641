import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isSearchReady, SEARCH_MIN_LENGTH } from './table-state';
import type { DataTableModel } from './use-data-table';

const TYPING_PAUSE_MS = 400;

/** What a search must look like beyond its length (e.g. hex digits), and the hint that says so. */
export interface SearchFormat {
  test: (text: string) => boolean;
  messageId: string;
}

/**
 * A text search for the filter bar: it applies once the user pauses with 0 or at least 3 letters typed (and,
 * with a `format`, text of that format).
 */
export function SearchFilter<T>({ table, field, messageId, format }: { table: DataTableModel<T>; field: string; messageId: string; format?: SearchFormat }) {
  const id = useId();
  const applied = table.state.filter[field] ?? '';
  const [text, setText] = useState(applied);
  const wellFormed = !format || text.trim() === '' || format.test(text.trim());
  const ready = isSearchReady(text) && wellFormed;
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
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
        aria-invalid={wellFormed ? undefined : true}
        data-filter={field}
      />
      <span id={`${id}-hint`} className={ready ? 'visually-hidden' : 'form__hint'} data-testid={`filter-hint-${field}`}>
        {wellFormed ? <FormattedMessage id="table.searchMinLength" values={{ min: SEARCH_MIN_LENGTH }} /> : <FormattedMessage id={format!.messageId} />}
      </span>
    </div>
  );
}
