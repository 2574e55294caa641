import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNT_READ_LIMIT, type Total } from '../../../schemas/paging';
import { ValidationError } from '../../core/shared/domain-error';
import { TABLE_DEFINITION } from './table';

type Item = Record<string, unknown>;

export interface PageQuery {
  tableName: string;
  /** GSI name, or undefined for the table's own keys. */
  index?: (typeof TABLE_DEFINITION.globalIndexes)[number]['name'];
  /** Partition value: always built from the caller's allowed scope, never from a client value. */
  partition: string;
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

export interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

interface CursorBody {
  /** The offset this cursor opens at. */
  o: number;
  /** ExclusiveStartKey. */
  k: Record<string, string>;
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

type KeyRange = Pick<PageQuery, 'tableName' | 'index' | 'partition' | 'beginsWith' | 'between' | 'filter'>;

/** The sort key part of a key condition, its values, and whether a sort key lies in it. */
function sortKeyCondition(q: KeyRange) {
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

/**
 * Number of items of a partition read (key range and filter), with Select COUNT, reading at most
 * `readLimit` items (DynamoDB evaluates Limit before the filter): past that the answer is a lower bound.
 * Used where a filter or a date range narrows a list and no counter can answer.
 */
export async function countQuery(doc: DynamoDBDocumentClient, q: KeyRange, readLimit = COUNT_READ_LIMIT): Promise<Total> {
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

/** Items a filtered range read evaluates per Query (DynamoDB applies Limit before the filter). */
const FILTERED_READ_LIMIT = 100;

/**
 * The first `max` items of a partition read (key range and filter) in sort-key order, projected: for series and
 * charts that read a whole range rather than a page.
 */
export async function readRange(
  doc: DynamoDBDocumentClient,
  q: KeyRange & { forward: boolean; max: number; projection: { expression: string; names?: Record<string, string> } },
): Promise<Item[]> {
  const base = queryBase(q);
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(
      new QueryCommand({
        ...base,
        ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...q.projection.names },
        ProjectionExpression: q.projection.expression,
        ScanIndexForward: q.forward,
        ExclusiveStartKey: start,
        Limit: q.filter ? FILTERED_READ_LIMIT : q.max - out.length,
      }),
    );
    out.push(...(res.Items ?? []).slice(0, q.max - out.length));
    start = res.LastEvaluatedKey;
  } while (start && out.length < q.max);
  return out;
}

/** Most items one Query of a filtered page read evaluates. */
const MAX_FILTERED_PAGE_READ = 1000;

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

function keyOf(item: Item, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(item[n])]));
}

const invalidCursor = () => new ValidationError('InvalidCursorException', 'Invalid paging cursor', [{ path: 'cursor', message: 'invalid cursor' }]);

/** Decodes a cursor; it must point inside the partition (and key range) being read, so it cannot reach other tenants' data. */
function decodeCursor(cursor: string, partitionKey: string, partition: string, sortKey: string, inRange: ((sk: string) => boolean) | undefined): CursorBody {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body.o !== 'number' || typeof body.k !== 'object' || body.k?.[partitionKey] !== partition) throw invalidCursor();
  if (inRange && !inRange(String(body.k[sortKey] ?? ''))) throw invalidCursor();
  return body;
}

const encodeCursor = (body: CursorBody) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

/**
 * A slice of a partition, in sort-key order. With the cursor of the previous slice it costs one Query;
 * jumping to an offset without one walks the keys of the preceding items (keys only) first.
 */
export async function queryPage(doc: DynamoDBDocumentClient, q: PageQuery): Promise<{ items: Item[]; cursor?: string }> {
  if (q.limit <= 0) return { items: [] };
  const { partitionKey, sortKey, keys } = keyNames(q.index);
  const base = { ...queryBase(q), ScanIndexForward: q.forward };
  let startKey: Record<string, string> | undefined;
  const fromCursor = q.cursor ? decodeCursor(q.cursor, partitionKey, q.partition, sortKey, sortKeyCondition(q)?.holds) : undefined;
  if (fromCursor && fromCursor.o === q.offset) {
    startKey = fromCursor.k;
  } else {
    // Walk over the first `offset` items reading keys only. With a filter, DynamoDB applies Limit before
    // filtering: an incomplete round continues from LastEvaluatedKey (evaluated, possibly filtered out).
    let toSkip = q.offset;
    const skipping = readPlan(!!q.filter);
    while (toSkip > 0) {
      const skipped = await doc.send(
        new QueryCommand({
          ...base, ExclusiveStartKey: startKey, Limit: skipping.limit(toSkip),
          ProjectionExpression: keys.map((_, i) => `#k${i}`).join(','), ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])) },
        }),
      );
      const got = (skipped.Items ?? []).slice(0, toSkip);
      skipping.saw(skipped.ScannedCount ?? 0, got.length);
      toSkip -= got.length;
      if (toSkip === 0) startKey = keyOf(got.at(-1)!, keys);
      else if (!skipped.LastEvaluatedKey) return { items: [] };
      else startKey = skipped.LastEvaluatedKey as Record<string, string>;
    }
  }
  const items: Item[] = [];
  const reading = readPlan(!!q.filter);
  let exclusive = startKey;
  do {
    const res = await doc.send(new QueryCommand({ ...base, ExclusiveStartKey: exclusive, Limit: reading.limit(q.limit + 1 - items.length) }));
    reading.saw(res.ScannedCount ?? 0, res.Items?.length ?? 0);
    items.push(...(res.Items ?? []));
    exclusive = res.LastEvaluatedKey as Record<string, string> | undefined;
  } while (exclusive && items.length <= q.limit);
  if (items.length <= q.limit) return { items };
  const slice = items.slice(0, q.limit);
  return { items: slice, cursor: encodeCursor({ o: q.offset + q.limit, k: keyOf(slice.at(-1)!, keys) }) };
}
