/**
 * BatchGetItem / BatchWriteItem over any number of keys or items: chunks of the service's maximum, up to
 * PARALLEL_REQUESTS at once, repeats dropped (the service refuses a request that names a key twice), and
 * unprocessed keys or items asked again with backoff, a bounded number of times.
 */
import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;
const PARALLEL_REQUESTS = 8;
const MAX_ROUNDS = 10;

const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueByKey = <T extends Item>(items: readonly T[]) => [...new Map(items.map((i) => [`${i.pk}\u0000${i.sk}`, i])).values()];

async function limited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** Sends `first`, then what it left unprocessed, until nothing is left; returns what every round answered. */
async function untilProcessed<P, R>(what: string, first: P, send: (pending: P) => Promise<{ answer: R; left: P | undefined }>): Promise<R[]> {
  const answers: R[] = [];
  let pending: P | undefined = first;
  for (let round = 0; pending !== undefined; round++) {
    if (round >= MAX_ROUNDS) throw new Error(`${what} kept returning unprocessed entries`);
    if (round > 0) await sleep(Math.min(1000, 20 * 2 ** round));
    const { answer, left } = await send(pending);
    answers.push(answer);
    pending = left;
  }
  return answers;
}

/** Items by key (missing ones left out), optionally projected. */
export async function batchGetItems(
  doc: DynamoDBDocumentClient,
  tableName: string,
  keyList: readonly Item[],
  projection?: { expression: string; names?: Record<string, string> },
): Promise<Item[]> {
  const pages = await limited(chunk(uniqueByKey(keyList), BATCH_GET_MAX), PARALLEL_REQUESTS, (part) =>
    untilProcessed('BatchGetItem', part, async (Keys) => {
      const res = await doc.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: { Keys, ...(projection ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names } : {}) },
          },
        }),
      );
      const left = res.UnprocessedKeys?.[tableName]?.Keys;
      return { answer: (res.Responses?.[tableName] ?? []) as Item[], left: left?.length ? left : undefined };
    }),
  );
  return pages.flat(2);
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

async function batchWrite(doc: DynamoDBDocumentClient, tableName: string, requests: readonly WriteRequest[]): Promise<void> {
  await limited(chunk(requests, BATCH_WRITE_MAX), PARALLEL_REQUESTS, (part) =>
    untilProcessed('BatchWriteItem', part, async (pending) => {
      const res = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      const left = res.UnprocessedItems?.[tableName] as WriteRequest[] | undefined;
      return { answer: undefined, left: left?.length ? left : undefined };
    }),
  );
}

/** Puts items (a later item with the same key wins over an earlier one of the same call). */
export function batchPutItems(doc: DynamoDBDocumentClient, tableName: string, items: readonly Item[]): Promise<void> {
  return batchWrite(
    doc,
    tableName,
    uniqueByKey(items).map((Item) => ({ PutRequest: { Item } })),
  );
}

/** Deletes items by key (`pk`, `sk`). */
export function batchDeleteItems(doc: DynamoDBDocumentClient, tableName: string, keyList: readonly Item[]): Promise<void> {
  return batchWrite(
    doc,
    tableName,
    uniqueByKey(keyList).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })),
  );
}
