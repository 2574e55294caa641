/**
 * Alarms end to end: simulated devices raise, repeat and clear alarms over real MQTT; what the API shows
 * (one alarm per open code, machine status, counts, statistics), manual repair and delete, the group
 * admin's scope, the troubleshooting catalogue's size limit and the merchant alarm settings.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { alarmMessage } from '../../infra/local/simulator';
import { alarms } from '../../functions/core/ingestion/alarms';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { iotBatchHandler } from '../../functions/triggers/iot-batch';
import { sqsEventOf } from '../../infra/local/iot-rules';
import { newMerchantWithMachines, newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { masterAlarmBody, merchantBody } from './support/samples';
import { stack, stackDeps, tokenFor } from './support/stack';
import { createUser } from './support/users';

/** Repositories on the test stack (and the local credentials in this process, which the racing batches need). */
const doc = stackDeps().doc;
let superAdmin = '';
const { connect, closeAll: closeDevices } = simulatedDevices();
const at = (ms: number) => new Date(ms).toISOString();
const code = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
const alarmsOf = async (serial: string, query = '') =>
  (await api(`/pos/${serial}/alarms?size=50${query}`, { token: superAdmin })).body.items as Array<Record<string, any>>;
const pos = async (serial: string) => (await api(`/pos/${serial}`, { token: superAdmin })).body as Record<string, any>;
const stats = async (merchantId: string, token = superAdmin) => (await api(`/merchants/${merchantId}/alarms/stats`, { token })).body as Record<string, any>;

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});

afterAll(async () => {
  await closeDevices();
  doc.destroy();
});

describe('alarms over MQTT', () => {
  it('a raise, its repeats (two of them milliseconds apart, one redelivered) and a clear make exactly one alarm; the machine status follows it', async () => {
    const jam = code('JAM');
    expect(
      (
        await api('/master-alarms', {
          method: 'POST',
          token: superAdmin,
          body: { ...masterAlarmBody(jam), criticity: 4, category: 'jam', message: 'Coin jam' },
        })
      ).status,
    ).toBe(201);
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1, 'Alarm group');
    const serial = serials[0]!;
    const d = await connect(serial);
    const t = Date.now();
    const first = alarmMessage(serial, { code: jam, at: at(t), detail: 'tube 2', remainingCycles: 40, category: 'usability', criticity: 2 });
    await Promise.all([
      d.publish('alarms', first),
      d.publish('alarms', alarmMessage(serial, { code: jam, at: at(t + 1), detail: 'tube 2' })),
      d.publish('alarms', first),
    ]);
    await d.publish('alarms', alarmMessage(serial, { code: jam, at: at(t + 2000), detail: 'tube 3', remainingCycles: 20 }));
    const [open] = await waitFor(async () => {
      const list = await alarmsOf(serial);
      return list.length === 1 && list[0]!.occurrences === 3 ? list : undefined;
    }, 'one alarm with three occurrences');
    // The master alarm classifies it; the device's detail and extra data are the latest repeat's.
    expect(open).toMatchObject({
      serial,
      posName: `Ingestion ${serial}`,
      code: jam,
      status: 'active',
      category: 'jam',
      criticity: 4,
      message: 'Coin jam',
      detail: 'tube 3',
      remainingCycles: 20,
      lastSeenAt: at(t + 2000),
      repairedAt: null,
      repairedBy: null,
    });
    // The two raises may land in one batch (applied in order) or in two (the later one then opened it).
    expect([at(t), at(t + 1)]).toContain(open!.createdAt);
    expect((await pos(serial)).status).toBe(3);
    expect((await api(`/pos/counts?merchantId=${merchantId}`, { token: superAdmin })).body).toMatchObject({ critical: 1, ok: 0 });
    expect((await stats(merchantId)).counts).toMatchObject({ total: 1, byStatus: { active: 1 }, byCategory: { jam: 1 }, byCriticity: { '4': 1 } });

    await d.publish('alarms', alarmMessage(serial, { code: jam, state: 'cleared', at: at(t + 5000) }));
    const repaired = await waitFor(async () => (await alarmsOf(serial)).find((a) => a.status === 'repaired'), 'the alarm repaired');
    expect(repaired).toMatchObject({ id: open!.id, repairedAt: at(t + 5000), repairedBy: null });
    expect((await pos(serial)).status).toBe(1);
    // Counts are cached for a few seconds per warm function.
    await waitFor(async () => {
      const counts = (await api(`/pos/counts?merchantId=${merchantId}`, { token: superAdmin })).body;
      return counts.critical === 0 && counts.ok === 1 ? true : undefined;
    }, 'the status counters back to ok');
    expect((await stats(merchantId)).counts).toMatchObject({ total: 1, byStatus: { active: 0, repaired: 1 } });

    // Raised again after the repair: a new alarm; a notification (criticity 0, no master alarm) does not change the status.
    const note = code('NOTE');
    await d.publish('alarms', alarmMessage(serial, { code: jam, at: at(t + 9000) }));
    await d.publish('alarms', alarmMessage(serial, { code: note, at: at(t + 9500), criticity: 0, category: 'maintenance', message: 'Filter due' }));
    const all = await waitFor(async () => {
      const list = await alarmsOf(serial);
      return list.length === 3 ? list : undefined;
    }, 'three alarms');
    expect(all.map((a) => [a.code, a.status])).toEqual([
      [note, 'notification'],
      [jam, 'active'],
      [jam, 'repaired'],
    ]);
    expect((await pos(serial)).status).toBe(3);
    expect((await alarmsOf(serial, '&status=notification')).map((a) => a.code)).toEqual([note]);
    expect((await alarmsOf(serial, '&status=repaired')).map((a) => a.id)).toEqual([open!.id]);
    expect((await api(`/merchants/${merchantId}/alarms?status=active&criticity=4`, { token: superAdmin })).body).toMatchObject({
      total: 1,
      items: [{ code: jam, status: 'active' }],
    });
    expect((await api(`/merchants/${merchantId}/alarms?category=maintenance`, { token: superAdmin })).body.items.map((a: any) => a.code)).toEqual([note]);
    const day = at(t).slice(0, 10);
    const perDay = (await api(`/merchants/${merchantId}/alarms/stats?from=${day}&to=${day}`, { token: superAdmin })).body;
    expect(perDay.days[0].counts.total).toBeGreaterThanOrEqual(2);
  });

  it('two batches racing on the same code (concurrent invocations) still leave one open alarm', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const serial = serials[0]!;
    const race = code('RACE');
    const deps = buildIngestionDeps({
      region: 'eu-west-1',
      tableName: stack.tableName,
      dynamodbEndpoint: stack.dynamodb,
      offlineAfterSeconds: 900,
      onlineBucketSeconds: DEFAULT_ONLINE_BUCKET_SECONDS,
    });
    const ingest = iotBatchHandler(alarms, () => deps);
    const event = (n: number) => ({
      ...alarmMessage(serial, { code: race, at: at(Date.now() + n), criticity: 2 }),
      topic: `vend/${serial}/alarms`,
      receivedAt: Date.now(),
    });
    const outcomes = await Promise.all([0, 1, 2, 3].map((n) => ingest(sqsEventOf([event(n)]))));
    expect(outcomes.flatMap((o) => o.batchItemFailures)).toEqual([]);
    const list = await alarmsOf(serial);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ code: race, status: 'active', occurrences: 4 });
    expect((await pos(serial)).status).toBe(2);
  });
});

describe('repair and delete through the API', () => {
  it('repairs an open alarm once (409 after), deletes with the counts following, and refuses a merchant user’s delete', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    const serial = serials[0]!;
    const d = await connect(serial);
    const [a, b] = [code('REP'), code('DEL')];
    await d.publish('alarms', alarmMessage(serial, { code: a, criticity: 4 }));
    await d.publish('alarms', alarmMessage(serial, { code: b, criticity: 2 }));
    const list = await waitFor(async () => {
      const l = await alarmsOf(serial);
      return l.length === 2 ? l : undefined;
    }, 'two alarms');
    const byCode = new Map(list.map((x) => [x.code, x]));
    expect((await pos(serial)).status).toBe(3);

    const repaired = await api(`/pos/${serial}/alarms/${byCode.get(a)!.id}/repair`, { method: 'PUT', token: superAdmin });
    expect(repaired.status, repaired.text).toBe(200);
    expect(repaired.body).toMatchObject({ status: 'repairedManually', repairedBy: 'superadmin@demo.local' });
    expect((await api(`/pos/${serial}/alarms/${byCode.get(a)!.id}/repair`, { method: 'PUT', token: superAdmin })).body.code).toBe(
      'AlarmAlreadyRepairedException',
    );
    expect((await pos(serial)).status).toBe(2);

    const merchantUser = await api(`/pos/${serial}/alarms/${byCode.get(b)!.id}`, { method: 'DELETE', token: await tokenFor('NEBULARMERCHANTUSER') });
    expect(merchantUser.status).toBe(403);
    expect((await api(`/pos/${serial}/alarms/${byCode.get(b)!.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await pos(serial)).status).toBe(1);
    expect((await alarmsOf(serial)).map((x) => x.code)).toEqual([a]);
    expect((await api(`/pos/${serial}/alarms/${byCode.get(b)!.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(404);
    expect((await stats(merchantId)).counts).toMatchObject({ total: 1, byStatus: { active: 0, repairedManually: 1 }, byCriticity: { '2': 0, '4': 1 } });
    expect((await api(`/pos/${serial}/alarms/stats`, { token: superAdmin })).body.counts).toMatchObject({ total: 1, byStatus: { repairedManually: 1 } });

    // A repeat after the manual repair opens a new alarm.
    await d.publish('alarms', alarmMessage(serial, { code: a, criticity: 4 }));
    await waitFor(async () => ((await alarmsOf(serial, '&status=active')).length === 1 ? true : undefined), 'a new open alarm');

    const csv = await api(`/merchants/${merchantId}/alarms/csv?status=all`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe(
      'createdAt,serial,posName,code,status,category,criticity,message,detail,remainingCycles,occurrences,lastSeenAt,repairedAt,repairedBy',
    );
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('list totals', () => {
  it('come from the counts now where they can (deleting a machine takes its alarms out of both), else from the items', async () => {
    const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 2, 'Totals group');
    const [gone, kept] = serials as [string, string];
    const raise = async (serial: string, criticity: number) =>
      (await connect(serial)).publish('alarms', alarmMessage(serial, { code: code('TOT'), criticity }));
    await raise(gone, 4);
    await raise(gone, 2);
    await raise(kept, 4);
    await waitFor(async () => ((await alarmsOf(gone)).length === 2 && (await alarmsOf(kept)).length === 1 ? true : undefined), 'three alarms');
    const total = async (query: string) => (await api(`/merchants/${merchantId}/alarms?${query}`, { token: superAdmin })).body.total as number;
    // Counters: all, one status, one criticity. Items: two narrowings, or a date range.
    expect([await total('status=all'), await total('status=active'), await total('criticity=4'), await total('status=active&criticity=4')]).toEqual([
      3, 3, 2, 2,
    ]);
    expect(await total(`from=${encodeURIComponent(at(Date.now() - 3_600_000))}`)).toBe(3);

    expect((await api(`/pos/${gone}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect([await total('status=all'), await total('status=active'), await total('criticity=4'), await total('status=active&criticity=4')]).toEqual([
      1, 1, 1, 1,
    ]);
    expect((await stats(merchantId)).counts).toMatchObject({ total: 1, byStatus: { active: 1 }, byCriticity: { '2': 0, '4': 1 } });
    const groupCounts = (
      await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.counter(keys.alarmCounterName(merchantId, groupId)), ConsistentRead: true }))
    ).Item;
    expect(groupCounts).toMatchObject({ total: 1, active: 1, c2: 0, c4: 1 });
    // The days keep what was raised on them.
    expect((await stats(merchantId)).days.at(-1).counts.total).toBe(3);
  });
});

describe('the machine’s status', () => {
  it('survives a reset (open alarms stay) and moves with the machine to another group', async () => {
    const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 1, 'Status group');
    const serial = serials[0]!;
    await (await connect(serial)).publish('alarms', alarmMessage(serial, { code: code('RST'), criticity: 4 }));
    await waitFor(async () => ((await pos(serial)).status === 3 ? true : undefined), 'the machine critical');
    const reset = await api(`/pos/${serial}/reset`, { method: 'PUT', token: superAdmin });
    expect(reset.status).toBe(200);
    expect(reset.body.status).toBe(3);
    expect((await pos(serial)).status).toBe(3);
    // The devices list reads the POS item's copy: reset keeps the alarm counts there too.
    expect((await api(`/pos?merchantId=${merchantId}`, { token: superAdmin })).body.items[0]).toMatchObject({ serial, status: 3 });
    const other = await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name: 'Other status group' } });
    expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId: other.body.id } })).status).toBe(200);
    const counter = async (name: string) =>
      (await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.counter(name), ConsistentRead: true }))).Item ?? {};
    expect(await counter(keys.posGroupCounterName(merchantId, groupId!))).toMatchObject({ critical: 0, ok: 0 });
    expect(await counter(keys.posGroupCounterName(merchantId, other.body.id))).toMatchObject({ critical: 1 });
    expect(await counter(keys.posCounterName(merchantId))).toMatchObject({ critical: 1, ok: 0 });
  });
});

describe('a group admin', () => {
  it('sees only the alarms of its groups’ machines', async () => {
    const pin = DEMO_PINS['acme-vending']!;
    const [north, south] = [newSerial(), newSerial()];
    for (const [serial, groupId] of [
      [north, 'acme-north'],
      [south, 'acme-south'],
    ] as const) {
      expect((await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin, name: `Alarm ${serial}` } })).status).toBe(201);
      expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
    }
    const scoped = code('GRP');
    for (const serial of [north, south]) await (await connect(serial)).publish('alarms', alarmMessage(serial, { code: scoped }));
    await waitFor(async () => ((await alarmsOf(north)).length && (await alarmsOf(south)).length ? true : undefined), 'both alarms');

    const groupAdmin = await tokenFor('NEBULARGROUPADMIN');
    const seen = async (token: string) => {
      const items: Array<Record<string, any>> = [];
      for (let page = 1; ; page++) {
        const res = await api(`/merchants/acme-vending/alarms?size=100&page=${page}`, { token });
        expect(res.status).toBe(200);
        items.push(...res.body.items);
        if (items.length >= res.body.total) return items.filter((a) => a.code === scoped).map((a) => a.serial);
      }
    };
    expect(await seen(groupAdmin)).toEqual([north]);
    expect((await seen(await tokenFor('NEBULARMERCHANTADMIN'))).sort()).toEqual([north, south].sort());
    expect((await api(`/pos/${south}/alarms`, { token: groupAdmin })).status).toBe(404);
    expect((await api(`/merchants/acme-vending/alarms?serial=${south}`, { token: groupAdmin })).status).toBe(404);
    const southAlarm = (await alarmsOf(south))[0]!;
    expect((await api(`/pos/${south}/alarms/${southAlarm.id}/repair`, { method: 'PUT', token: groupAdmin })).status).toBe(404);
    // Its statistics are its groups' only: the south alarm is not in them.
    const mine = (await stats('acme-vending', groupAdmin)).counts.total;
    const all = (await stats('acme-vending')).counts.total;
    expect(mine).toBeLessThan(all);
  });
});

describe('troubleshooting catalogue', () => {
  it('refuses content over the size limit with TroubleshootingContentExceedsSizeLimits', async () => {
    const big = code('BIG');
    const image = `<img src="data:image/png;base64,${'A'.repeat(200 * 1024)}">`;
    const res = await api('/master-alarms', { method: 'POST', token: superAdmin, body: { ...masterAlarmBody(big), level1: image, level2: image } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'TroubleshootingContentExceedsSizeLimits', message: expect.stringContaining('reduce image sizes') });
    expect((await api(`/master-alarms/${big}`, { token: superAdmin })).status).toBe(404);

    expect((await api('/master-alarms', { method: 'POST', token: superAdmin, body: { ...masterAlarmBody(big), level1: image } })).status).toBe(201);
    const { code: _code, ...input } = masterAlarmBody(big);
    const updated = await api(`/master-alarms/${big}`, { method: 'PUT', token: superAdmin, body: { ...input, level1: image, level2: image } });
    expect(updated.body.code).toBe('TroubleshootingContentExceedsSizeLimits');
    expect((await api('/master-alarms', { method: 'POST', token: superAdmin, body: masterAlarmBody(big) })).body.code).toBe('DuplicateMasterAlarmException');
    // Every role reads one code's troubleshooting; the list leaves the content out.
    expect((await api(`/master-alarms/${big}`, { token: await tokenFor('NEBULARMERCHANTUSER') })).body.level1).toBe(image);
    const listed = await api(`/master-alarms?search=${big}`, { token: superAdmin });
    expect(listed.body).toMatchObject({ total: 1, items: [{ code: big }] });
    expect(listed.body.items[0].level1).toBeUndefined();
  });
});

describe('merchant alarm settings', () => {
  it('notify the merchant’s users; criticity and group conditions need ADVANCED_ALARMS', async () => {
    const plain = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    const advanced = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['ADVANCED_ALARMS'] }) })).body.id as string;
    const userOf = async (merchantId: string) => (await createUser(superAdmin, { merchantIds: [merchantId] })).id as string;
    const [plainUser, advancedUser] = [await userOf(plain), await userOf(advanced)];
    const body = (userId: string) => ({ name: 'Jams to the technician', alarmCodes: ['E-COIN-JAM'], userIds: [userId], criticities: [4] });

    expect((await api(`/merchants/${plain}/alarm-settings`, { method: 'POST', token: superAdmin, body: body(plainUser) })).body.code).toBe(
      'AdvancedAlarmsNotEnabledException',
    );
    const basic = await api(`/merchants/${plain}/alarm-settings`, { method: 'POST', token: superAdmin, body: { ...body(plainUser), criticities: [] } });
    expect(basic.status, basic.text).toBe(201);
    const created = await api(`/merchants/${advanced}/alarm-settings`, { method: 'POST', token: superAdmin, body: body(advancedUser) });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ merchantId: advanced, alarmCodes: ['E-COIN-JAM'], userIds: [advancedUser], criticities: [4], groupIds: [] });
    expect((await api(`/merchants/${advanced}/alarm-settings`, { method: 'POST', token: superAdmin, body: body(advancedUser) })).body.code).toBe(
      'DuplicateAlarmSettingNameException',
    );
    const foreign = await api(`/merchants/${advanced}/alarm-settings`, { method: 'POST', token: superAdmin, body: { ...body(plainUser), name: 'Other' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('InvalidAlarmSettingRecipientsException');
    expect((await api(`/merchants/${advanced}/alarm-settings`, { token: superAdmin })).body).toMatchObject({ total: 1, items: [{ id: created.body.id }] });
    expect((await api(`/merchants/${advanced}/alarm-settings/${created.body.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
  });
});
