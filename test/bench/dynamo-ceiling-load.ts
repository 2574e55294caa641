/**
 * The local DynamoDB's write ceiling for (e), fed from its own process as the ingestion's functions are: BatchWriteItem
 * of sensor-sample items shaped like the ones ingestion stores (same key, same attributes as
 * DynamoIngestionStore.putHistory), 25 a call, `concurrency` calls in flight, `machines` partitions in turn.
 * The first calls warm the connections and are not timed. Prints one JSON line: { items, calls, ms }.
 *
 *   tsx test/bench/dynamo-ceiling-load.ts <endpoint> <table> <items> <machines> <firstSerial> <concurrency>
 */
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { localDynamoClient } from '../../infra/local/emulators/table';

const [endpoint, table, itemsArg, machinesArg, firstArg, concurrencyArg] = process.argv.slice(2);
const ITEMS_PER_CALL = 25;
const WARMUP_CALLS = 20;
const SAMPLE_TTL_SECONDS = 400 * 86_400;
const items = Number(itemsArg);
const machines = Number(machinesArg);
const concurrency = Number(concurrencyArg);

const doc = DynamoDBDocumentClient.from(localDynamoClient(endpoint!));
const base = Date.now();
const sample = (n: number) => {
  const serial = `CENG-${Number(firstArg) + (n % machines)}`;
  const at = new Date(base + n).toISOString();
  return {
    ...keys.posSensorSample('bench-ceiling', serial, at, `bc-${base.toString(36)}-${n}`),
    at,
    signalLevel: 55 + (n % 35),
    temperature: 3 + (n % 40) / 10,
    expiresAt: Math.floor((base + n) / 1000) + SAMPLE_TTL_SECONDS,
  };
};
// Calls are built before the clock starts: the figure is about storing them, not making them.
const calls = Array.from({ length: Math.ceil(items / ITEMS_PER_CALL) + WARMUP_CALLS }, (_, c) =>
  Array.from({ length: ITEMS_PER_CALL }, (_, i) => ({ PutRequest: { Item: sample(c * ITEMS_PER_CALL + i) } })),
);

async function send(requests: Array<{ PutRequest: { Item: Record<string, unknown> } }>): Promise<void> {
  let pending = requests;
  while (pending.length) {
    const res = await doc.send(new BatchWriteCommand({ RequestItems: { [table!]: pending } }));
    pending = (res.UnprocessedItems?.[table!] ?? []) as typeof pending;
  }
}

async function run(batch: typeof calls): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) await send(batch[next++]!);
    }),
  );
}

await run(calls.slice(0, WARMUP_CALLS));
const t0 = performance.now();
await run(calls.slice(WARMUP_CALLS));
const ms = performance.now() - t0;
process.stdout.write(`${JSON.stringify({ items: (calls.length - WARMUP_CALLS) * ITEMS_PER_CALL, calls: calls.length - WARMUP_CALLS, ms })}\n`);
doc.destroy();
process.exit(0);
