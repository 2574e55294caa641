/**
 * The local DynamoDB's ceiling for (e), fed from its own process as the ingestion's functions are, with the mix of
 * calls the pipeline made in the same run (counted by the stack's DynamoDB front): as many BatchWriteItem calls of
 * as many sensor-sample items, conditional UpdateItems of TELEMETRY items (a ping's fields, returning the old item),
 * TransactWriteItems of as many items (a TELEMETRY update, counter updates, a condition check), BatchGetItems of as
 * many keys, GetItems and Queries of one item, on `machines` machines in turn, the items shaped and sized like the pipeline's (the same
 * key builders and a simulator ping's fields). The calls are shuffled and sent `concurrency` at a time; the first
 * ones warm the connections and are not timed. Prints one JSON line: { calls, items, ms }.
 *
 *   tsx test/bench/dynamo-ceiling-load.ts <endpoint> <table> <mix JSON> <machines> <firstSerial> <concurrency>
 *
 * mix: { [operation]: { calls, items } } (items: the items or keys those calls carried in all).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { pingFields } from '../../functions/core/ingestion/telemetry';
import { localDynamoClient } from '../../infra/local/emulators/table';
import { telemetryMessage } from '../../infra/local/simulator';

export type CallMix = Record<string, { calls: number; items: number }>;

const [endpoint, table, mixArg, machinesArg, firstArg, concurrencyArg] = process.argv.slice(2);
const WARMUP_CALLS = 20;
const SAMPLE_TTL_SECONDS = 400 * 86_400;
const MERCHANT = 'bench-ceiling';
const mix = JSON.parse(mixArg!) as CallMix;
const machines = Number(machinesArg);
const concurrency = Number(concurrencyArg);
const TableName = table!;

const doc = DynamoDBDocumentClient.from(localDynamoClient(endpoint!), { marshallOptions: { removeUndefinedValues: true } });
const base = Date.now();
let n = 0;
const serialOf = (i: number) => `CENG-${Number(firstArg) + (i % machines)}`;
const fields = pingFields(telemetryMessage(serialOf(0)));
const sample = () => {
  const i = n++;
  const at = new Date(base + i).toISOString();
  return {
    ...keys.posSensorSample(MERCHANT, serialOf(i), at, `bc-${base.toString(36)}-${i}`),
    at,
    signalLevel: 55 + (i % 35),
    temperature: 3 + (i % 40) / 10,
    expiresAt: Math.floor((base + i) / 1000) + SAMPLE_TTL_SECONDS,
  };
};
/** A ping's update of a TELEMETRY item, as connection-state.ts makes it: newer ping only, the old item returned. */
const pingUpdate = () => {
  const i = n++;
  const at = new Date(base + i).toISOString();
  return {
    TableName,
    Key: keys.posTelemetry(MERCHANT, serialOf(i)),
    UpdateExpression: 'SET #f = :f, lastPingAt = :t, lastPingMessageId = :id, lastSeenAt = :seen, onlineBucket = :b, merchantId = :m, serial = :s',
    ConditionExpression: 'attribute_not_exists(lastPingAt) OR lastPingAt < :t OR lastPingAt = :t AND lastPingMessageId < :id',
    ExpressionAttributeNames: { '#f': 'fields' },
    ExpressionAttributeValues: { ':f': fields, ':t': at, ':id': `bc-${i}`, ':seen': base + i, ':b': 'bucket', ':m': MERCHANT, ':s': serialOf(i) },
    ReturnValues: 'ALL_OLD' as const,
  };
};
const counterUpdate = (i: number) => ({
  TableName,
  Key: { pk: `COUNTER#BENCH-CEILING#${i}`, sk: 'COUNTER' },
  UpdateExpression: 'ADD online :one',
  ExpressionAttributeValues: { ':one': 1 },
});
const per = (op: string) => Math.max(1, Math.round((mix[op]?.items ?? 0) / Math.max(1, mix[op]?.calls ?? 1)));

const calls: Array<() => Promise<unknown>> = [];
const add = (op: string, make: () => () => Promise<unknown>) => {
  for (let c = 0; c < (mix[op]?.calls ?? 0); c++) calls.push(make());
};
add('BatchWriteItem', () => {
  const requests = Array.from({ length: Math.min(25, per('BatchWriteItem')) }, () => ({ PutRequest: { Item: sample() } }));
  return async () => {
    let pending: typeof requests = requests;
    while (pending.length) {
      const res = await doc.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
      pending = (res.UnprocessedItems?.[TableName] ?? []) as typeof requests;
    }
  };
});
add('UpdateItem', () => {
  const update = pingUpdate();
  return () => doc.send(new UpdateCommand(update)).catch(() => undefined);
});
add('TransactWriteItems', () => {
  const size = Math.min(100, per('TransactWriteItems'));
  const { ReturnValues: _all, ...ping } = pingUpdate();
  const items = [
    { Update: ping },
    ...Array.from({ length: Math.max(0, size - 2) }, () => ({ Update: counterUpdate(n++ % 50) })),
    ...(size > 1
      ? [{ ConditionCheck: { TableName, Key: keys.deviceRegistry(serialOf(n++)), ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(pk)' } }]
      : []),
  ];
  return () => doc.send(new TransactWriteCommand({ TransactItems: items })).catch(() => undefined);
});
add('BatchGetItem', () => {
  const keyList = Array.from({ length: Math.min(100, per('BatchGetItem')) }, (_, i) =>
    i % 2 ? keys.posTelemetry(MERCHANT, serialOf(n++)) : keys.deviceRegistry(serialOf(n++)),
  );
  const unique = [...new Map(keyList.map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  return () => doc.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: unique } } }));
});
add('Query', () => {
  const pk = keys.posTelemetry(MERCHANT, serialOf(n++)).pk;
  return () => doc.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 1 }));
});
add('GetItem', () => {
  const key = keys.posTelemetry(MERCHANT, serialOf(n++));
  return () => doc.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }));
});
// Shuffled (a fixed order), so every kind of call meets the others as in the pipeline.
for (let i = calls.length - 1; i > 0; i--) {
  const j = (i * 7919) % (i + 1);
  [calls[i], calls[j]] = [calls[j]!, calls[i]!];
}

async function run(batch: typeof calls): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) await batch[next++]!();
    }),
  );
}

await run(
  Array.from({ length: WARMUP_CALLS }, () => () => doc.send(new BatchWriteCommand({ RequestItems: { [TableName]: [{ PutRequest: { Item: sample() } }] } }))),
);
const t0 = performance.now();
await run(calls);
const ms = performance.now() - t0;
const items = Object.values(mix).reduce((a, m) => a + m.items, 0);
process.stdout.write(`${JSON.stringify({ calls: calls.length, items, ms })}\n`);
doc.destroy();
process.exit(0);
