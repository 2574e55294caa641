import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, type Page } from '#schemas/paging';
import { readStored, writeStored } from '../../lib/storage';

/** Spec §9: tables start on page 1 with 20 rows; auto-refresh every 5 minutes. */
export const FIRST_PAGE = 1;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const AUTO_REFRESH_MS = 5 * 60_000;
/** Spec §5: a text search applies from 3 letters on. */
export const SEARCH_MIN_LENGTH = 3;

const SortOptions = z.object({ ord: z.string(), ordType: z.enum(['asc', 'desc']) });
export type SortOptions = z.infer<typeof SortOptions>;

/** What a table remembers per user (spec §3 table state). `headers` are the visible column ids. */
const TableState = z.object({
  tableId: z.string(),
  currentPage: z.number().check(z.int(), z.minimum(FIRST_PAGE)),
  itemsPerPage: z.number(),
  filter: z.record(z.string(), z.string()),
  headers: z.array(z.string()),
  sortOptions: z.nullable(SortOptions),
});
export type TableState = z.infer<typeof TableState>;

const isTableState = (value: unknown): value is TableState => TableState.safeParse(value).success;

/** localStorage key `tables:<userId>:<tableId>`. */
const storeName = (userId: string, tableId: string) => `${userId}:${tableId}`;

export interface TableShape {
  tableId: string;
  columnIds: readonly string[];
  /** The `ord` values the API accepts for this table. */
  sortable: readonly string[];
  defaultSort: SortOptions | null;
  /** Columns left out until the user shows them with the column chooser (a wide table's rarer fields). */
  hiddenColumnIds?: readonly string[];
  /** The filters a table starts with (e.g. a date range that must be bounded). */
  defaultFilter?: Readonly<Record<string, string>>;
}

export function initialTableState({ tableId, columnIds, defaultSort, hiddenColumnIds = [], defaultFilter = {} }: TableShape): TableState {
  const headers = columnIds.filter((id) => !hiddenColumnIds.includes(id));
  return { tableId, currentPage: FIRST_PAGE, itemsPerPage: DEFAULT_PAGE_SIZE, filter: { ...defaultFilter }, headers, sortOptions: defaultSort };
}

/** The stored state of a table, cleaned against the table as it is now (columns and sorts may have changed). */
export function loadTableState(userId: string, shape: TableShape): TableState {
  const initial = initialTableState(shape);
  const stored = readStored('tables', storeName(userId, shape.tableId), isTableState);
  if (!stored) return initial;
  const headers = stored.headers.filter((id) => shape.columnIds.includes(id));
  return {
    tableId: shape.tableId,
    currentPage: stored.currentPage,
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(stored.itemsPerPage) ? stored.itemsPerPage : initial.itemsPerPage,
    filter: stored.filter,
    headers: headers.length > 0 ? headers : initial.headers,
    sortOptions: stored.sortOptions && shape.sortable.includes(stored.sortOptions.ord) ? stored.sortOptions : initial.sortOptions,
  };
}

export function saveTableState(userId: string, state: TableState): void {
  writeStored('tables', storeName(userId, state.tableId), state);
}

/** A search text is applied when empty (no filter) or at least 3 letters long. */
export function isSearchReady(text: string): boolean {
  const length = text.trim().length;
  return length === 0 || length >= SEARCH_MIN_LENGTH;
}

/** Query of a paged GET: page, size, ord, ordType, the cursor when one is known for the page, and the filters. */
export type PageQuery = Record<string, string | number> & { page: number; size: number };

/**
 * Cursor stack: `cursors[p]` is the cursor page p-1 returned, which makes page p one Query. Any other page
 * is asked for by page and size only.
 */
export type Cursors = Readonly<Record<number, string>>;

export function rememberCursor(cursors: Cursors, page: number, cursor: string | undefined): Cursors {
  if (!cursor || cursors[page + 1] === cursor) return cursors;
  return { ...cursors, [page + 1]: cursor };
}

export function pageQuery(state: TableState, cursors: Cursors): PageQuery {
  const query: PageQuery = { page: state.currentPage, size: state.itemsPerPage };
  if (state.sortOptions) Object.assign(query, state.sortOptions);
  const cursor = cursors[state.currentPage];
  if (cursor) query.cursor = cursor;
  for (const [key, value] of Object.entries(state.filter)) if (value.trim() !== '') query[key] = value.trim();
  return query;
}

/** Cursors hold only for the same size, order and filters. */
export function cursorScope(state: TableState): string {
  return JSON.stringify([state.itemsPerPage, state.sortOptions, state.filter]);
}

/**
 * Pages to offer. A total that is a lower bound (a large filtered range the API stopped counting) offers
 * the pages it covers and, while the API hands a cursor, the next one: the last page is unknown.
 */
export function pageCount(data: Page<unknown>): number {
  const counted = Math.max(FIRST_PAGE, Math.ceil(data.total / data.size));
  return data.totalIsLowerBound ? Math.max(counted, data.page + (data.cursor ? 1 : 0)) : counted;
}

/** The rows a page shows ("21–40 of 96", or "2,001–2,020 of 2,020+" past a lower-bound total). */
export function pagerRange(data: Page<unknown>, currentPage: number, itemsPerPage: number) {
  const atLeast = data.totalIsLowerBound === true;
  const first = (currentPage - 1) * itemsPerPage + 1;
  if (!atLeast) return { from: Math.min(data.total, first), to: Math.min(data.total, currentPage * itemsPerPage), total: data.total, atLeast };
  const to = first + data.items.length - 1;
  return { from: first, to, total: Math.max(data.total, to), atLeast };
}

/** Pages the page picker lists around the current one (a list of a million rows must not render 50,000 options). */
const PAGE_OPTIONS_AROUND = 50;

/** The page picker's options: the first and last pages and those near the current one, in order. */
export function pageOptions(currentPage: number, pages: number): number[] {
  const out = new Set<number>([FIRST_PAGE, pages]);
  for (let p = Math.max(FIRST_PAGE, currentPage - PAGE_OPTIONS_AROUND); p <= Math.min(pages, currentPage + PAGE_OPTIONS_AROUND); p++) out.add(p);
  return [...out].sort((a, b) => a - b);
}
