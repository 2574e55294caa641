import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAlarmRepository } from '../../functions/adapters/dynamodb/alarm-repository';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DynamoPosRegroups } from '../../functions/adapters/dynamodb/machine-regroups';
import { DynamoRemoteCommandRepository } from '../../functions/adapters/dynamodb/remote-command-repository';
import { dayOf, statsContribution, type StoredAlarm } from '../../functions/core/alarms/model';
import type { AlarmCategory, AlarmStatus } from '#schemas/alarm';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';
const M = 'm1';
const moving = { merchantId: M, serial: 'CENG-00000042' };
const staying = 'CENG-00000043';
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

function alarm(serial: string, i: number, groupId: string | null): StoredAlarm {
  const createdAt = `${DAYS[i % 3]}T00:00:${String(i).padStart(2, '0')}.000Z`;
  return {
    merchantId: M,
    serial,
    groupId,
    code: `C${i}`,
    messageId: `msg-${serial}-${i}`,
    createdAt,
    lastSeenAt: createdAt,
    lastMessageId: `msg-${serial}-${i}`,
    status: (['active', 'repaired', 'notification'] as AlarmStatus[])[i % 3]!,
    category: (['jam', 'fault'] as AlarmCategory[])[i % 2]!,
    criticity: [0, 2, 4][i % 3] as 0 | 2 | 4,
    message: '',
    detail: '',
    remainingCycles: null,
    occurrences: 1,
    repairedAt: null,
    repairedBy: null,
  } as StoredAlarm;
}
const alarmItem = (a: StoredAlarm) => ({
  ...a,
  ...keys.posAlarm(M, a.serial, a.createdAt, a.messageId),
  ...keys.alarmByMerchant(M, a.createdAt, a.serial, a.messageId),
  ...(a.groupId ? keys.alarmByGroup(M, a.groupId, a.createdAt, a.serial, a.messageId) : {}),
  entity: 'alarm',
});
const commandId = (i: number) => `${(1_790_000_000_000 + i * 1000).toString(36).padStart(9, '0')}-${i.toString(16).padStart(12, '0')}`;
const commandItem = (serial: string, i: number, groupId: string | null) => ({
  ...keys.posCommand(M, serial, commandId(i)),
  ...keys.commandByMerchant(M, commandId(i)),
  ...(groupId ? keys.commandByGroup(M, groupId, commandId(i)) : {}),
  id: commandId(i),
  serial,
  merchantId: M,
  groupId,
  posName: serial,
  type: 5,
  params: {},
  status: 2,
  result: null,
  message: null,
  createdAt: new Date(1_790_000_000_000 + i * 1000).toISOString(),
  createdBy: 'test',
  scheduledAt: null,
  startAt: new Date(1_790_000_000_000 + i * 1000).toISOString(),
  endAt: null,
  attempts: 1,
  entity: 'remoteCommand',
});

/** The counters the alarms make per group: now and per day. */
function counts(list: StoredAlarm[]) {
  const out = new Map<string, Record<string, number>>();
  for (const a of list) {
    if (!a.groupId) continue;
    for (const name of [keys.alarmCounterName(M, a.groupId), keys.alarmCounterName(M, a.groupId, dayOf(a.createdAt))]) {
      const sum = out.get(name) ?? {};
      for (const [k, v] of Object.entries(statsContribution(a, 1))) sum[k] = (sum[k] ?? 0) + v;
      out.set(name, sum);
    }
  }
  return out;
}

describe('re-indexing a moved machine’s alarms and commands (adapters/dynamodb/machine-regroups)', () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;
  let regroups: DynamoPosRegroups;
  let alarms: DynamoAlarmRepository;
  let commands: DynamoRemoteCommandRepository;
  const movingAlarms = Array.from({ length: 30 }, (_, i) => alarm(moving.serial, i, 'north'));
  const stayingAlarms = Array.from({ length: 5 }, (_, i) => alarm(staying, 40 + i, 'north'));

  const counter = async (name: string) => {
    const item = (await doc.send(new GetCommand({ TableName: TABLE, Key: keys.counter(name), ConsistentRead: true }))).Item ?? {};
    return Object.fromEntries(Object.entries(item).filter(([k, v]) => !['pk', 'sk'].includes(k) && v !== 0));
  };
  const listed = async (groupIds: string[]) => {
    const sel = { merchantId: M, groupIds, status: 'all' as const };
    const page = await alarms.list(sel, { offset: 0, limit: 100, ordType: 'desc' });
    return {
      alarms: page.items.map((a) => a.serial),
      alarmTotal: (await alarms.count(sel)).count,
      stats: await alarms.stats(M, groupIds, DAYS),
      commands: (await commands.listMerchant(M, { groupIds }, { offset: 0, limit: 100, ordType: 'desc' })).items.map((c) => c.serial),
      commandTotal: (await commands.countMerchant(M, { groupIds })).count,
    };
  };
  /** Whatever step the re-indexing is at, each group lists, counts and sums exactly its machines' items now. */
  const expectListsFollowTheMachine = async (movingGroup: string | null) => {
    const north = await listed(['north']);
    const south = await listed(['south']);
    const inGroup = (g: string) => (movingGroup === g ? movingAlarms.length : 0);
    expect(north.alarms.filter((s) => s === moving.serial)).toHaveLength(inGroup('north'));
    expect(south.alarms.filter((s) => s === moving.serial)).toHaveLength(inGroup('south'));
    expect(north.alarms.filter((s) => s === staying)).toHaveLength(stayingAlarms.length);
    expect(north.alarmTotal).toBe(stayingAlarms.length + inGroup('north'));
    expect(south.alarmTotal).toBe(inGroup('south'));
    expect(north.stats.counts.total).toBe(stayingAlarms.length + inGroup('north'));
    expect(south.stats.counts.total).toBe(inGroup('south'));
    const expectedDays = (g: string) =>
      DAYS.map(
        (d) => [...stayingAlarms.filter(() => g === 'north'), ...(movingGroup === g ? movingAlarms : [])].filter((a) => dayOf(a.createdAt) === d).length,
      );
    expect(north.stats.days.map((d) => d.total)).toEqual(expectedDays('north'));
    expect(south.stats.days.map((d) => d.total)).toEqual(expectedDays('south'));
    expect(south.stats.counts.byStatus.active).toBe(movingGroup === 'south' ? movingAlarms.filter((a) => a.status === 'active').length : 0);
    expect(north.commands.filter((s) => s === moving.serial)).toHaveLength(movingGroup === 'north' ? 12 : 0);
    expect(south.commands.filter((s) => s === moving.serial)).toHaveLength(movingGroup === 'south' ? 12 : 0);
    expect(north.commandTotal).toBe(3 + (movingGroup === 'north' ? 12 : 0));
    expect(south.commandTotal).toBe(movingGroup === 'south' ? 12 : 0);
  };

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    regroups = new DynamoPosRegroups(doc, TABLE);
    alarms = new DynamoAlarmRepository(doc, TABLE);
    commands = new DynamoRemoteCommandRepository(doc, TABLE);
    await batchPutItems(doc, TABLE, [
      ...[...movingAlarms, ...stayingAlarms].map(alarmItem),
      ...Array.from({ length: 12 }, (_, i) => commandItem(moving.serial, i, 'north')),
      ...Array.from({ length: 3 }, (_, i) => commandItem(staying, 20 + i, 'north')),
      ...[...counts([...movingAlarms, ...stayingAlarms])].map(([name, c]) => ({ ...keys.counter(name), ...c })),
      // The move's transaction: the machine is in south now (registry and mark).
      { ...keys.deviceRegistry(moving.serial), merchantId: M, serial: moving.serial, groupId: 'south' },
      { ...keys.machineRegroup(M, moving.serial), ...moving, from: 'north', groupId: 'south' },
    ]);
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  it('goes in bounded steps, each alarm taking its statistics along; lists follow the machine at every step; the mark goes with the last item', async () => {
    expect(await regroups.pending(10, M)).toEqual([{ ...moving, from: 'north', to: 'south' }]);
    await expectListsFollowTheMachine('south');
    const repaired = movingAlarms.find((a) => a.status === 'repaired')!;
    const readBeforeTheMove = (await alarms.get(M, moving.serial, repaired.createdAt, repaired.messageId))!;

    expect(await regroups.regroup(moving, 10)).toBe(false);
    // The first ten alarms (sk order: creation) carry south now, with their counts (now and of their days).
    const inSkOrder = [...movingAlarms].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    const north = counts([...stayingAlarms, ...inSkOrder.slice(10)]);
    const south = counts(inSkOrder.slice(0, 10).map((a) => ({ ...a, groupId: 'south' })));
    for (const [name, c] of north) expect(await counter(name)).toEqual(c);
    for (const [name, c] of south) expect(await counter(name)).toEqual(c);
    expect((await regroups.pending(10))[0]).toMatchObject({ after: expect.stringMatching(/^ALARM#/) });
    await expectListsFollowTheMachine('south');

    // Past the alarms: some of the commands.
    expect(await regroups.regroup(moving, 25)).toBe(false);
    expect((await regroups.pending(10))[0]).toMatchObject({ after: expect.stringMatching(/^COMMAND#/) });
    await expectListsFollowTheMachine('south');

    // A page read while the machine moves; its cursor still serves once the machine is done (other partitions then).
    const southOnly = { merchantId: M, groupIds: ['south'], status: 'all' as const };
    const first = await alarms.list(southOnly, { offset: 0, limit: 10, ordType: 'desc' });
    expect(first.cursor).toBeDefined();

    // Two steps at once (the request's and the sweep's): each item and each count moves once.
    expect(await Promise.all([regroups.regroup(moving, 1_000), regroups.regroup(moving, 1_000)])).toContain(true);
    await regroups.regroup(moving, 1_000);
    expect(await regroups.pending(10)).toEqual([]);
    for (const [name, c] of counts([...stayingAlarms, ...movingAlarms.map((a) => ({ ...a, groupId: 'south' }))])) expect(await counter(name)).toEqual(c);
    const items = (
      await doc.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.posPk(M, moving.serial) } }),
      )
    ).Items!;
    expect(items.map((i) => i.groupId)).toEqual(Array(42).fill('south'));
    expect(new Set(items.map((i) => String(i.gsi2pk ?? i.gsi3pk)))).toEqual(new Set([keys.groupAlarmsPk(M, 'south'), keys.groupCommandsPk(M, 'south')]));
    await expectListsFollowTheMachine('south');
    const rest = await alarms.list(southOnly, { offset: 10, limit: 100, ordType: 'desc', cursor: first.cursor });
    expect([...first.items, ...rest.items].map((a) => a.messageId)).toEqual(inSkOrder.map((a) => a.messageId).reverse());
    // A user's close of an alarm read before it was re-indexed would count it in the old group: it is refused, and read again.
    const device = { merchantId: M, serial: moving.serial, groupId: 'south' };
    const closing = { status: 'repairedManually' as const, at: '2026-11-04T00:00:00.000Z', by: 'u' };
    expect(await alarms.close(device, readBeforeTheMove, closing)).toBe('conflict');
    expect(await alarms.close(device, (await alarms.get(M, moving.serial, repaired.createdAt, repaired.messageId))!, closing)).toBe('ok');
    // Nothing left: a further step finds no mark and changes nothing.
    expect(await regroups.regroup(moving, 1_000)).toBe(true);
  });

  it('out of any group: the group index keys go; deleting the machine (its mark) stops a step', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { ...keys.machineRegroup(M, moving.serial), ...moving, from: 'south', groupId: null } }));
    await expectListsFollowTheMachine(null);
    expect(await regroups.regroup(moving, 5)).toBe(false);
    await expectListsFollowTheMachine(null);
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: keys.machineRegroup(M, moving.serial) }));
    expect(await regroups.regroup(moving, 1_000)).toBe(true);
    const items = (
      await doc.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.posPk(M, moving.serial) } }),
      )
    ).Items!;
    expect(items.filter((i) => i.groupId === null && !i.gsi2pk)).toHaveLength(5);
    expect(items.filter((i) => i.groupId === 'south')).toHaveLength(37);
  });
});
