import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

/**
 * Totals shown beside paged lists come from counter items maintained on write. A warm function keeps
 * a value for a few seconds so that paging through a list costs one Query per page, not two calls;
 * a total may lag writes made by other instances by that much.
 */
const MAX_AGE_MS = 5_000;
const cache = new Map<string, { at: number; value: number }>();

export async function readCounter(doc: DynamoDBDocumentClient, tableName: string, name: string, now = Date.now()): Promise<number> {
  const hit = cache.get(name);
  if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.counter(name) }));
  const value = Number(res.Item?.count ?? 0);
  cache.set(name, { at: now, value });
  return value;
}

/** Forget a cached total after this process changed it. */
export function forgetCounter(name: string): void {
  cache.delete(name);
}
