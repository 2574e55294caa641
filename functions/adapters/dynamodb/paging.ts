import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
  return { partitionKey: gsi?.partitionKey ?? TABLE_DEFINITION.partitionKey, keys: gsi ? [...base, gsi.partitionKey, gsi.sortKey] : base };
}

function keyOf(item: Item, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(item[n])]));
}

const invalidCursor = () => new ValidationError('InvalidCursorException', 'Invalid paging cursor', [{ path: 'cursor', message: 'invalid cursor' }]);

/** Decodes a cursor; it must point inside the partition being read, so it cannot reach other tenants' data. */
function decodeCursor(cursor: string, partitionKey: string, partition: string): CursorBody {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body.o !== 'number' || typeof body.k !== 'object' || body.k?.[partitionKey] !== partition) throw invalidCursor();
  return body;
}

const encodeCursor = (body: CursorBody) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

/**
 * A slice of a partition, in sort-key order. With the cursor of the previous slice it costs one Query;
 * jumping to an offset without one walks the keys of the preceding items (keys only) first.
 */
export async function queryPage(doc: DynamoDBDocumentClient, q: PageQuery): Promise<{ items: Item[]; cursor?: string }> {
  if (q.limit <= 0) return { items: [] };
  const { partitionKey, keys } = keyNames(q.index);
  const base = {
    TableName: q.tableName,
    IndexName: q.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: { ':pk': q.partition },
    ScanIndexForward: q.forward,
  };
  let startKey: Record<string, string> | undefined;
  const fromCursor = q.cursor ? decodeCursor(q.cursor, partitionKey, q.partition) : undefined;
  if (fromCursor && fromCursor.o === q.offset) {
    startKey = fromCursor.k;
  } else if (q.offset > 0) {
    let toSkip = q.offset;
    do {
      const skipped = await doc.send(
        new QueryCommand({ ...base, ExclusiveStartKey: startKey, Limit: toSkip, ProjectionExpression: keys.map((_, i) => `#k${i}`).join(','), ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])) } }),
      );
      const got = skipped.Items ?? [];
      toSkip -= got.length;
      const last = got.at(-1);
      if (!last || (!skipped.LastEvaluatedKey && toSkip > 0)) return { items: [] };
      startKey = keyOf(last, keys);
    } while (toSkip > 0);
  }
  const items: Item[] = [];
  let exclusive = startKey;
  do {
    const res = await doc.send(new QueryCommand({ ...base, ExclusiveStartKey: exclusive, Limit: q.limit + 1 - items.length }));
    items.push(...(res.Items ?? []));
    exclusive = res.LastEvaluatedKey as Record<string, string> | undefined;
  } while (exclusive && items.length <= q.limit);
  if (items.length <= q.limit) return { items };
  const slice = items.slice(0, q.limit);
  return { items: slice, cursor: encodeCursor({ o: q.offset + q.limit, k: keyOf(slice.at(-1)!, keys) }) };
}
