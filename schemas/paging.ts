import * as z from 'zod/mini';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const intFromQuery = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

/** The paging parameters, without defaults (for routes that answer differently when they are absent). */
export const pageNumber = intFromQuery(1, 100_000);
export const pageSize = intFromQuery(1, MAX_PAGE_SIZE);
export const ordType = z.enum(['asc', 'desc']);
export const cursorParam = z.string().check(z.maxLength(2048));

/** Query of every paged GET: page (1-based), size, ord (one of the route's sortable fields), ordType, cursor. */
export function pageQuery<const O extends readonly [string, ...string[]], S extends z.core.$ZodLooseShape = {}>(ord: O, filters: S = {} as S) {
  return z.strictObject({
    page: z._default(pageNumber, 1),
    size: z._default(pageSize, DEFAULT_PAGE_SIZE),
    ord: z._default(z.enum(ord), ord[0]),
    ordType: z._default(ordType, 'asc'),
    cursor: z.optional(cursorParam),
    ...filters,
  });
}

/** Paging of a history list (audits, transactions, alarms, commands): newest first unless ordType=asc; the only order is the date it is keyed by. */
export const newestFirstPaging = <const O extends string>(ord: O) => ({
  page: z._default(pageNumber, 1),
  size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  ord: z._default(z.enum([ord]), ord),
  ordType: z._default(ordType, 'desc'),
  cursor: z.optional(cursorParam),
});

/** A `from`/`to` pair of instants in order when both are given. */
export const rangeInOrder = () =>
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });

export { COUNT_READ_LIMIT } from './paging-constants';

/** How many items a list holds: exact, or at least `count` when counting stopped at COUNT_READ_LIMIT. */
export interface Total {
  count: number;
  atLeast?: true;
}

/**
 * A page of items; `cursor` fetches the next page cheaply. `total` comes from a counter, or from a count of
 * the range that stops early on large ranges: then `totalIsLowerBound` is true and there are more.
 */
export function page<T extends z.core.$ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    size: z.number(),
    total: z.number(),
    totalIsLowerBound: z.optional(z.boolean()),
    cursor: z.optional(z.string()),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
  totalIsLowerBound?: boolean;
  cursor?: string;
}

/** Text search needs at least 3 letters (spec §5). */
export const searchText = z.optional(z.string().check(z.trim(), z.minLength(3), z.maxLength(100)));
