import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import {
  cursorScope,
  FIRST_PAGE,
  loadTableState,
  pageQuery,
  rememberCursor,
  saveTableState,
  type Cursors,
  type PageQuery,
  type SortOptions,
  type TableState,
} from './table-state';

const NO_CURSORS: Cursors = {};

export interface Column<T> {
  id: string;
  messageId: string;
  /** The cell as text: shown unless `render` is given, and written to CSV exports. */
  value: (row: T) => string;
  render?: (row: T) => ReactNode;
  /** The API's `ord` value when the column is sortable. */
  ord?: string;
  /** Not shown until the user picks it in the column chooser. */
  hidden?: boolean;
}

export interface DataTableOptions<T> {
  /** Unique per screen; part of the localStorage key. */
  tableId: string;
  columns: readonly Column<T>[];
  defaultSort?: SortOptions;
  /** The filters the table starts with, until the user's own are stored. */
  defaultFilter?: Readonly<Record<string, string>>;
}

/**
 * The state of one data table: page, size, sort, filters and visible columns, persisted per user under
 * `tables:<userId>:<tableId>`, plus the cursor stack. `query` is what the feature's list hook sends.
 */
export function useDataTable<T>({ tableId, columns, defaultSort, defaultFilter }: DataTableOptions<T>) {
  const { identity } = useSession();
  const userId = identity?.sub ?? 'anonymous';
  const shape = useMemo(
    () => ({
      tableId,
      columnIds: columns.map((c) => c.id),
      sortable: columns.flatMap((c) => (c.ord ? [c.ord] : [])),
      defaultSort: defaultSort ?? null,
      hiddenColumnIds: columns.flatMap((c) => (c.hidden ? [c.id] : [])),
      defaultFilter,
    }),
    [tableId, columns, defaultSort, defaultFilter],
  );
  const [state, setState] = useState<TableState>(() => loadTableState(userId, shape));
  const [cursors, setCursors] = useState<{ scope: string; byPage: Cursors }>({ scope: cursorScope(state), byPage: {} });

  useEffect(() => saveTableState(userId, state), [userId, state]);

  const scope = cursorScope(state);
  const byPage = cursors.scope === scope ? cursors.byPage : NO_CURSORS;
  const query: PageQuery = useMemo(() => pageQuery(state, byPage), [state, byPage]);

  /** Called with every page the API answers: its cursor opens the next page. */
  const onPage = useCallback(
    (page: number, cursor: string | undefined) =>
      setCursors((prev) => {
        const base = prev.scope === scope ? prev.byPage : NO_CURSORS;
        const next = rememberCursor(base, page, cursor);
        return next === prev.byPage ? prev : { scope, byPage: next };
      }),
    [scope],
  );

  const setPage = useCallback((currentPage: number) => setState((s) => ({ ...s, currentPage })), []);
  const setPageSize = useCallback((itemsPerPage: number) => setState((s) => ({ ...s, itemsPerPage, currentPage: FIRST_PAGE })), []);
  const setSort = useCallback((sortOptions: SortOptions) => setState((s) => ({ ...s, sortOptions, currentPage: FIRST_PAGE })), []);
  const setFilter = useCallback(
    (field: string, value: string) => setState((s) => ({ ...s, filter: { ...s.filter, [field]: value }, currentPage: FIRST_PAGE })),
    [],
  );
  const setVisible = useCallback((headers: string[]) => setState((s) => ({ ...s, headers })), []);

  return { tableId, columns, state, query, onPage, setPage, setPageSize, setSort, setFilter, setVisible };
}

export type DataTableModel<T> = ReturnType<typeof useDataTable<T>>;
