import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import { COUNT_READ_LIMIT } from '#schemas/paging-constants';
import { ValidationError } from '../../core/shared/domain-error';
import { sumTotals } from '../../core/shared/page';
import { TABLE_DEFINITION } from './table';

type Item = Record<string, unknown>;

export interface PageQuery {
  tableName: string;
  /** GSI name, or undefined for the table's own keys. */
  index?: (typeof TABLE_DEFINITION.globalIndexes)[number]['name'];
  /**
   * Partition value, always built from the caller's allowed scope, never from a client value. Several partitions
   * of one index (a group admin's groups) are read side by side and merged in sort-key order; a PartitionSource
   * brings its own index, key range and filter (a moving machine's own partition beside its new group's).
   */
  partition: string | readonly (string | PartitionSource)[];
  /**
   * The attribute that orders merged sources whose sort keys differ (every item carries it, in the order of each
   * source's sort key); default: the sort key of the index read.
   */
  orderBy?: string;
  /**
   * The set of partitions may change between pages (a group scope's moving machines): a cursor naming another set
   * is then ignored and the page found by its offset, instead of refused.
   */
  partitionsMayChange?: boolean;
  forward: boolean;
  /** Items to pass over before the first one returned. */
  offset: number;
  limit: number;
  cursor?: string;
  /** Narrows to sort keys that start with this (a search on the sort key's leading field). */
  beginsWith?: string;
  /** Or narrows to sort keys between these two, inclusive (a date range of history items). */
  between?: { from: string; to: string };
  /** A FilterExpression on item attributes (e.g. role); placeholders must not start with #pk, #sk, :pk, :prefix, :from, :to, #k. */
  filter?: ItemFilter;
}

/** One partition of a merged read, with its own index, key range and filter (nothing comes from the query). */
export interface PartitionSource {
  partition: string;
  index?: PageQuery['index'];
  beginsWith?: string;
  between?: { from: string; to: string };
  filter?: ItemFilter;
  /**
   * Sources of different spans hold disjoint ranges of the ordering key, spans ordered as their keys (months:
   * `yyyy-mm`). A page then reads span after span (the sources of one span merged) and stops once it is full, so a
   * page of a long range reads the spans it shows, not all of them. Sources without a span are read together.
   */
  span?: string;
}

export interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Where a partition's next read starts: after this key, at its start (null), or nowhere (0: exhausted). */
type Position = Record<string, string> | null | 0;

interface CursorBody {
  /** The offset this cursor opens at. */
  o: number;
  /** The position of each partition read. */
  p: Record<string, Position>;
}

function keyNames(index: PageQuery['index']) {
  const base = [TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey];
  const gsi = TABLE_DEFINITION.globalIndexes.find((g) => g.name === index);
  return {
    partitionKey: gsi?.partitionKey ?? TABLE_DEFINITION.partitionKey,
    sortKey: gsi?.sortKey ?? TABLE_DEFINITION.sortKey,
    keys: gsi ? [...base, gsi.partitionKey, gsi.sortKey] : base,
  };
}

type KeyRange = Pick<PageQuery, 'tableName' | 'index' | 'beginsWith' | 'between' | 'filter'> & { partition: string; span?: string };

/** The partitions a read names, each with its index, key range and filter (a plain partition takes the query's). */
function sourcesOf(q: Omit<KeyRange, 'partition'> & Pick<PageQuery, 'partition'>): KeyRange[] {
  const list = typeof q.partition === 'string' ? [q.partition] : q.partition;
  const sources = new Map<string, KeyRange>();
  for (const p of list) {
    const source: KeyRange = typeof p === 'string' ? { ...q, partition: p } : { tableName: q.tableName, ...p };
    if (!sources.has(source.partition)) sources.set(source.partition, source);
  }
  return [...sources.values()];
}

/** The sort key part of a key condition, its values, and whether a sort key lies in it. */
function sortKeyCondition(q: Pick<PageQuery, 'between' | 'beginsWith'>) {
  if (q.between) {
    const { from, to } = q.between;
    return { expression: ' AND #sk BETWEEN :from AND :to', values: { ':from': from, ':to': to }, holds: (sk: string) => sk >= from && sk <= to };
  }
  if (q.beginsWith !== undefined) {
    const prefix = q.beginsWith;
    return { expression: ' AND begins_with(#sk, :prefix)', values: { ':prefix': prefix }, holds: (sk: string) => sk.startsWith(prefix) };
  }
  return undefined;
}

/** The key condition and filter of a (possibly narrowed) partition read. */
function queryBase(q: KeyRange) {
  const { partitionKey, sortKey } = keyNames(q.index);
  const sk = sortKeyCondition(q);
  return {
    TableName: q.tableName,
    IndexName: q.index,
    KeyConditionExpression: `#pk = :pk${sk?.expression ?? ''}`,
    ExpressionAttributeNames: { '#pk': partitionKey, ...(sk ? { '#sk': sortKey } : {}), ...q.filter?.names },
    ExpressionAttributeValues: { ':pk': q.partition, ...sk?.values, ...q.filter?.values },
    ...(q.filter ? { FilterExpression: q.filter.expression } : {}),
  };
}

/** Items of one partition read, counting at most `readLimit` (past that, `atLeast`). */
async function countPartition(doc: DynamoDBDocumentClient, q: KeyRange, readLimit: number): Promise<Total> {
  let count = 0;
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    // One item past the limit tells "exactly the limit" (DynamoDB hands a LastEvaluatedKey at Limit) from "more".
    const res = await doc.send(new QueryCommand({ ...queryBase(q), Select: 'COUNT', ExclusiveStartKey: start, Limit: readLimit + 1 - read }));
    count += res.Count ?? 0;
    read += res.ScannedCount ?? 0;
    start = res.LastEvaluatedKey;
  } while (start && read <= readLimit);
  return read > readLimit ? { count, atLeast: true } : { count };
}

/**
 * Number of items of a partition read (key range and filter), with Select COUNT, reading at most
 * `readLimit` items (DynamoDB evaluates Limit before the filter): past that the answer is a lower bound.
 * Several partitions share the limit, so that many groups cost no more than one.
 * Used where a filter or a date range narrows a list and no counter can answer.
 */
export async function countQuery(
  doc: DynamoDBDocumentClient,
  q: Omit<KeyRange, 'partition'> & Pick<PageQuery, 'partition'>,
  readLimit = COUNT_READ_LIMIT,
): Promise<Total> {
  const sources = sourcesOf(q);
  const each = Math.max(1, Math.ceil(readLimit / sources.length));
  return sumTotals(await Promise.all(sources.map((source) => countPartition(doc, source, each))));
}

/**
 * The first `max` items of a partition read (key range and filter) in sort-key order, projected when asked: for
 * series and charts that read a whole range rather than a page, and capped exports.
 */
export async function readRange(
  doc: DynamoDBDocumentClient,
  q: KeyRange & { forward: boolean; max: number; projection?: { expression: string; names?: Record<string, string> } },
): Promise<Item[]> {
  const base = queryBase(q);
  const plan = readPlan(!!q.filter);
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(
      new QueryCommand({
        ...base,
        ...(q.projection
          ? { ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...q.projection.names }, ProjectionExpression: q.projection.expression }
          : {}),
        ScanIndexForward: q.forward,
        ExclusiveStartKey: start,
        Limit: plan.limit(q.max - out.length),
      }),
    );
    plan.saw(res.ScannedCount ?? 0, res.Items?.length ?? 0);
    out.push(...(res.Items ?? []).slice(0, q.max - out.length));
    start = res.LastEvaluatedKey;
  } while (start && out.length < q.max);
  return out;
}

/** Most items one Query of a filtered read evaluates. */
const MAX_FILTERED_PAGE_READ = 1000;

/**
 * Queries a filtered page makes in one partition, at most (with MAX_FILTERED_PAGE_READ, about 22,000 items
 * evaluated): a filter that matches little in a long partition stops there, and the page comes back short
 * with a cursor that resumes where reading stopped. Such a partition is always past COUNT_READ_LIMIT, so
 * its list's total is a lower bound and the console offers the next page while a cursor comes back.
 */
export const MAX_FILTERED_QUERIES = 25;

/**
 * The Limit of each Query of a page read that wants `wanted` more items. Unfiltered: exactly that. Filtered
 * (DynamoDB applies Limit before the filter): that at first, then as many items as the matches so far say are
 * needed, at least twice the last Limit and at most MAX_FILTERED_PAGE_READ, so a sparse filter (a group admin's
 * alarms in a large merchant, a rare status) costs a few Queries instead of one per handful of items.
 */
function readPlan(filtered: boolean) {
  let scanned = 0;
  let matched = 0;
  let last = 0;
  return {
    limit(wanted: number): number {
      if (!filtered || last === 0) return (last = wanted);
      const estimate = Math.ceil((wanted * scanned) / Math.max(matched, 1));
      return (last = Math.min(MAX_FILTERED_PAGE_READ, Math.max(wanted, 2 * last, estimate)));
    },
    saw(scannedNow: number, matchedNow: number): void {
      scanned += scannedNow;
      matched += matchedNow;
    },
  };
}

function keyOf(item: Record<string, unknown>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(item[n])]));
}

export const invalidCursor = () => new ValidationError('InvalidCursorException', 'Invalid paging cursor', [{ path: 'cursor', message: 'invalid cursor' }]);

/**
 * Decodes a cursor; it must name exactly the partitions being read and each position must lie in its partition
 * (and key range), so it cannot reach other tenants' or other groups' data.
 */
function decodeCursor(cursor: string, sources: readonly KeyRange[], partitionsMayChange = false): CursorBody | undefined {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body.o !== 'number' || !body.p || typeof body.p !== 'object') throw invalidCursor();
  const named = Object.keys(body.p);
  if (named.length !== sources.length || sources.some((s) => !(s.partition in body.p))) {
    if (partitionsMayChange) return undefined;
    throw invalidCursor();
  }
  for (const source of sources) {
    const at = body.p[source.partition];
    if (at === 0 || at === null) continue;
    const { partitionKey, sortKey } = keyNames(source.index);
    const inRange = sortKeyCondition(source)?.holds;
    if (!at || typeof at !== 'object' || at[partitionKey] !== source.partition) throw invalidCursor();
    if (inRange && !inRange(String(at[sortKey] ?? ''))) throw invalidCursor();
  }
  return body;
}

const encodeCursor = (body: CursorBody) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

/**
 * A slice of one partition, or of several merged, in sort-key order. With the cursor of the previous slice it
 * costs one Query per partition (one for the usual single partition); jumping to an offset without one walks
 * the keys of the preceding items (keys only) first. A filtered page reads at most `maxFilteredQueries` Queries
 * a partition (MAX_FILTERED_QUERIES): past that the page is short. Its cursor still opens the next page as the
 * console numbers it (offset + limit), at the point where reading stopped, so paging on with cursors neither
 * skips nor repeats an item; only a jump without a cursor counts offsets exactly.
 */
export async function queryPage(
  doc: DynamoDBDocumentClient,
  q: PageQuery,
  maxFilteredQueries = MAX_FILTERED_QUERIES,
): Promise<{ items: Item[]; cursor?: string }> {
  if (q.limit <= 0) return { items: [] };
  const sources = sourcesOf(q);
  const orderBy = q.orderBy ?? keyNames(sources[0]?.index).sortKey;
  const keysOf = (source: KeyRange) => keyNames(source.index).keys;
  type Placed = { partition: string; item: Item };
  const order = (a: Placed, b: Placed) => {
    const x = String(a.item[orderBy]);
    const y = String(b.item[orderBy]);
    const byKey = x < y ? -1 : x > y ? 1 : a.partition < b.partition ? -1 : 1;
    return q.forward ? byKey : -byKey;
  };

  /**
   * Up to `want` items of a partition after `from` (more when a filtered Query brings more); done: nothing after
   * them; stoppedAt: a bounded read ran out of Queries there, with fewer than `want` items.
   */
  const read = async (source: KeyRange, from: Record<string, string> | null, want: number, keysOnly: boolean, bounded: boolean) => {
    const query = { ...queryBase(source), ScanIndexForward: q.forward };
    const projected = [...new Set([...keysOf(source), orderBy])];
    const projection = keysOnly
      ? {
          ProjectionExpression: projected.map((_, i) => `#k${i}`).join(','),
          ExpressionAttributeNames: { ...query.ExpressionAttributeNames, ...Object.fromEntries(projected.map((k, i) => [`#k${i}`, k])) },
        }
      : {};
    const items: Item[] = [];
    const plan = readPlan(!!source.filter);
    let exclusive: Record<string, unknown> | undefined = from ?? undefined;
    let queries = 0;
    do {
      if (bounded && source.filter && queries === maxFilteredQueries) return { items, done: false, stoppedAt: keyOf(exclusive!, keysOf(source)), queries };
      const res = await doc.send(new QueryCommand({ ...query, ...projection, ExclusiveStartKey: exclusive, Limit: plan.limit(want - items.length) }));
      queries++;
      plan.saw(res.ScannedCount ?? 0, res.Items?.length ?? 0);
      items.push(...(res.Items ?? []));
      exclusive = res.LastEvaluatedKey;
    } while (exclusive && items.length < want);
    return { items, done: !exclusive, queries };
  };

  let starts: Record<string, Position> = Object.fromEntries(sources.map((s) => [s.partition, null]));
  const fromCursor = q.cursor ? decodeCursor(q.cursor, sources, q.partitionsMayChange) : undefined;
  if (fromCursor && fromCursor.o === q.offset) {
    starts = fromCursor.p;
  } else if (q.offset > 0) {
    // Walk over the first `offset` merged items, reading keys only.
    const walked = await Promise.all(
      sources.map(async (source) => ({ source, partition: source.partition, ...(await read(source, null, q.offset, true, false)) })),
    );
    const merged = walked.flatMap((w) => w.items.map((item) => ({ partition: w.partition, item }))).sort(order);
    if (merged.length < q.offset) return { items: [] };
    const skipped = merged.slice(0, q.offset);
    for (const w of walked) {
      const mine = skipped.filter((s) => s.partition === w.partition);
      starts[w.partition] = mine.length === w.items.length && w.done ? 0 : mine.length ? keyOf(mine.at(-1)!.item, keysOf(w.source)) : null;
    }
  }

  // Span after span in the order read (all at once without spans): a page needs limit + 1 items to know there are more.
  const spans = [...new Set(sources.map((s) => s.span ?? ''))].sort();
  if (!q.forward) spans.reverse();
  type Read = { source: KeyRange; partition: string; start: Position; items: Item[]; done: boolean; stoppedAt?: Record<string, string> };
  const reads: Read[] = [];
  let found = 0;
  // A filtered page's Queries (MAX_FILTERED_QUERIES) are shared by its spans: past them, the page stops at a span's end.
  let filteredQueries = 0;
  for (const span of spans) {
    const spanSources = sources.filter((s) => (s.span ?? '') === span);
    if (found > q.limit || reads.some((r) => r.stoppedAt) || filteredQueries >= maxFilteredQueries) {
      // Not read: each keeps its position for the next page.
      reads.push(...spanSources.map((source) => ({ source, partition: source.partition, start: starts[source.partition]!, items: [], done: false })));
      continue;
    }
    const want = q.limit + 1 - found;
    const spanReads = await Promise.all(
      spanSources.map(async (source) => {
        const start = starts[source.partition]!;
        const none = { items: [] as Item[], done: true, stoppedAt: undefined, queries: 0 };
        return { source, partition: source.partition, start, ...(start === 0 ? none : await read(source, start, want, false, true)) };
      }),
    );
    reads.push(...spanReads);
    found += spanReads.reduce((n, r) => n + r.items.length, 0);
    filteredQueries += Math.max(0, ...spanReads.map((r) => (r.source.filter ? r.queries : 0)));
  }
  // A partition that stopped early may hold unread items after its stop: nothing of another partition past that
  // point is shown yet, or those items would come after it. (A stop without the ordering attribute, from a source
  // ordered by another one, cannot be placed: it holds nothing back.)
  const stops: Placed[] = reads.flatMap((r) => (r.stoppedAt && orderBy in r.stoppedAt ? [{ partition: r.partition, item: r.stoppedAt }] : []));
  const merged = reads
    .flatMap((r) => r.items.map((item) => ({ partition: r.partition, item })))
    .filter((x) => stops.every((s) => s.partition === x.partition || order(x, s) < 0))
    .sort(order);
  const page = merged.slice(0, q.limit);
  const next: Record<string, Position> = {};
  for (const r of reads) {
    const mine = page.filter((x) => x.partition === r.partition);
    const allTaken = mine.length === r.items.length;
    next[r.partition] = allTaken && r.done ? 0 : allTaken && r.stoppedAt ? r.stoppedAt : mine.length ? keyOf(mine.at(-1)!.item, keysOf(r.source)) : r.start;
  }
  const items = page.map((x) => x.item);
  // A cursor comes back with a full page or a short one (a stop): either way it opens the next page.
  return Object.values(next).every((p) => p === 0) ? { items } : { items, cursor: encodeCursor({ o: q.offset + q.limit, p: next }) };
}

/**
 * A whole partition read (key range and filter) in sort-key order, one Query's items at a time (at most
 * `pageItems` when given, else up to DynamoDB's 1 MB): for exports that stream a range of any length without
 * holding it.
 */
export async function* queryPages(doc: DynamoDBDocumentClient, q: KeyRange & { forward: boolean; pageItems?: number }): AsyncGenerator<Item[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(new QueryCommand({ ...queryBase(q), ScanIndexForward: q.forward, ExclusiveStartKey: start, Limit: q.pageItems }));
    if (res.Items?.length) yield res.Items;
    start = res.LastEvaluatedKey;
  } while (start);
}
