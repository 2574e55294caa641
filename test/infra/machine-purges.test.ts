import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DynamoPosPurges } from '../../functions/adapters/dynamodb/machine-purges';
import { statsContribution } from '../../functions/core/alarms/model';
import type { AlarmCategory, AlarmStatus } from '#schemas/alarm';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';
const machine = { merchantId: 'm1', serial: 'CENG-00000042' };
const pk = keys.posPk(machine.merchantId, machine.serial);

/** 12 alarms (half of them in group g1), 30 sensor samples and 2 notes, with the counts of alarms now the alarms make. */
const alarms = Array.from({ length: 12 }, (_, i) => ({
  pk,
  sk: `ALARM#2026-11-01T00:00:${String(i).padStart(2, '0')}.000Z#msg-${i}`,
  status: (['active', 'repaired', 'notification'] as AlarmStatus[])[i % 3]!,
  category: (['jam', 'fault'] as AlarmCategory[])[i % 2]!,
  criticity: [0, 2, 4][i % 3] as 0 | 2 | 4,
  ...(i < 6 ? { groupId: 'g1' } : {}),
}));
const others = [
  ...Array.from({ length: 30 }, (_, i) => ({ pk, sk: `SENSOR#2026-11-02T00:00:${String(i).padStart(2, '0')}.000Z#s-${i}`, signalLevel: 50 })),
  { pk, sk: 'NOTE#1', note: 'a' },
  { pk, sk: 'NOTE#2', note: 'b' },
];
const sum = (list: typeof alarms) => {
  const out: Record<string, number> = {};
  for (const a of list) for (const [k, v] of Object.entries(statsContribution(a, 1))) out[k] = (out[k] ?? 0) + v;
  return out;
};

describe('removing a deleted machine’s partition (adapters/dynamodb/machine-purges)', () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;
  let purges: DynamoPosPurges;

  const partitionSize = async () =>
    (await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Select: 'COUNT' })))
      .Count;
  const counter = async (name: string) => {
    const item = (await doc.send(new GetCommand({ TableName: TABLE, Key: keys.counter(name), ConsistentRead: true }))).Item ?? {};
    return Object.fromEntries(Object.entries(item).filter(([k, v]) => !['pk', 'sk'].includes(k) && v !== 0));
  };

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    purges = new DynamoPosPurges(doc, TABLE);
    await batchPutItems(doc, TABLE, [
      ...alarms,
      ...others,
      { ...keys.machinePurge(machine.merchantId, machine.serial), ...machine },
      // What the other machines of the merchant and group left in the counts.
      { ...keys.counter(keys.alarmCounterName('m1')), ...Object.fromEntries(Object.entries(sum(alarms)).map(([k, v]) => [k, v + 1])) },
      { ...keys.counter(keys.alarmCounterName('m1', 'g1')), ...sum(alarms.slice(0, 6)) },
    ]);
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  it('goes in bounded steps, each alarm leaving the counts with its item; the mark goes with the last item', async () => {
    expect(await purges.pending(10)).toEqual([machine]);
    expect(await purges.purge(machine, 10)).toBe(false);
    expect(await partitionSize()).toBe(alarms.length + others.length - 10);
    const left = alarms.slice(10);
    expect(await counter(keys.alarmCounterName('m1'))).toEqual(Object.fromEntries(Object.entries(sum(alarms)).map(([k]) => [k, (sum(left)[k] ?? 0) + 1])));
    expect(await counter(keys.alarmCounterName('m1', 'g1'))).toEqual({});
    expect(await purges.pending(10)).toEqual([machine]);

    // Two purges at once (the API's and the sweep's): every item goes once, and so does every alarm's count.
    const done = await Promise.all([purges.purge(machine, 1_000), purges.purge(machine, 1_000)]);
    expect(done).toContain(true);
    expect(await partitionSize()).toBe(0);
    expect(await counter(keys.alarmCounterName('m1'))).toEqual(Object.fromEntries(Object.keys(sum(alarms)).map((k) => [k, 1])));
    expect(await purges.pending(10)).toEqual([]);
    // Nothing left: a further purge finds nothing and changes nothing.
    expect(await purges.purge(machine, 1_000)).toBe(true);
  });
});
