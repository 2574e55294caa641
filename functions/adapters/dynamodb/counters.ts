import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from './keys';
import { keyedMap, recordSchema } from './records';

const isCount = (v: unknown): v is number => typeof v === 'number';

/**
 * The record schema of a counter item (`COUNTER#{name}` / `TOTAL`, a machine's `ALARMSTATS`): numbers only, under any
 * names (`count`, `role_{ROLE}`, per status, category and criticity, `expiresAt`), all moved by `ADD`; an absent one is 0
 * (`counted`).
 */
export const counterRecord = recordSchema('counter', keyedMap(isCount));

/** Attribute `attribute` of a parsed counter item, 0 when the item or the attribute is absent. */
export const counted = (counter: Readonly<Record<string, number>> | undefined, attribute = 'count'): number => counter?.[attribute] ?? 0;

/**
 * Totals shown beside paged lists come from counter items maintained on write. A warm function keeps
 * a value for a few seconds so that paging through a list costs one Query per page, not two calls;
 * a total may lag writes made by other instances by that much.
 */
const MAX_AGE_MS = 5_000;
const cache = new Map<string, { at: number; item: Record<string, number> | undefined }>();

/** `attribute`: one counter item holds a total (`count`) and sub-totals (e.g. per role). */
export async function readCounter(doc: DynamoDBDocumentClient, tableName: string, name: string, now = Date.now(), attribute = 'count'): Promise<number> {
  let hit = cache.get(name);
  if (!hit || now - hit.at >= MAX_AGE_MS) {
    const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.counter(name) }));
    hit = { at: now, item: res.Item && counterRecord.read(res.Item) };
    cache.set(name, hit);
  }
  return counted(hit.item, attribute);
}

/**
 * A TransactWriteItems Update that adds `deltas` to attributes of a counter item (by counter name, or the
 * key of a counter kept elsewhere); undefined when nothing changes.
 */
export function counterUpdate(tableName: string, name: string | { pk: string; sk: string }, deltas: Record<string, number>) {
  const entries = Object.entries(deltas).filter(([, d]) => d !== 0);
  if (!entries.length) return undefined;
  return {
    Update: {
      TableName: tableName,
      Key: typeof name === 'string' ? keys.counter(name) : name,
      UpdateExpression: `ADD ${entries.map((_, i) => `#a${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([a], i) => [`#a${i}`, a])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, d], i) => [`:d${i}`, d])),
    },
  };
}

/** Forget a cached total after this process changed it. */
export function forgetCounter(name: string): void {
  cache.delete(name);
}
