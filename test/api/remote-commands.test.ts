/**
 * Remote commands end to end: sent through the API, published on the stack's broker, executed by
 * simulated devices over real MQTT, acknowledged on commands/ack and observed through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSweepHandler } from '../../functions/triggers/command-sweep/handler';
import { buildCommandSweepDeps } from '../../functions/triggers/command-sweep/deps';
import { stackEnvironment } from '../../infra/local/stack-process';
import { connectDevice, connectMqtt, newMessageId, type SimulatedDevice } from '../../infra/local/simulator';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { newMerchantWithMachines, newSerial, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, tokenFor } from './support/stack';

let superAdmin = '';
let merchantId = '';
let serials: string[] = [];
const devices: SimulatedDevice[] = [];
const closers: Array<() => Promise<unknown>> = [];

const send = (body: Record<string, unknown>, headers: Record<string, string> = {}, token = superAdmin) =>
  api('/remote-commands/send', { method: 'POST', token, body, headers });
const commandOf = async (serial: string, id: string) =>
  ((await api(`/remote-commands/pos/${serial}?size=100`, { token: superAdmin })).body.items as Array<Record<string, any>>).find((c) => c.id === id);
const ended = (serial: string, id: string) =>
  waitFor(async () => {
    const c = await commandOf(serial, id);
    return c && c.endAt ? c : undefined;
  }, `command ${id} to end`);
/** The delivery sweep as the scheduler runs it, at a chosen time (expiry and retries without waiting). */
const sweepAt = (ms: number) => {
  const env: Record<string, string> = { ...stackEnvironment(stack), IOT_DATA_ENDPOINT: stack.iotData };
  // The SDK reads credentials from the process environment.
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY });
  return commandSweepHandler(() => buildCommandSweepDeps(env))({ time: new Date(ms).toISOString() });
};

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin, 6));
  for (const serial of serials.slice(0, 3)) devices.push(await connectDevice(stack.mqtt, serial));
});

afterAll(async () => {
  await Promise.all([...devices.map((d) => d.client.endAsync()), ...closers.map((c) => c())]);
});

describe('remote commands over MQTT', () => {
  it('collect audit: received → running → received with success; the device published a remote audit', async () => {
    const serial = serials[0]!;
    const res = await send({ serial, type: 1, params: {} });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      serial,
      merchantId,
      type: 1,
      status: 0,
      result: null,
      attempts: 1,
      scheduledAt: null,
      startAt: expect.any(String),
      endAt: null,
      createdBy: 'superadmin@demo.local',
    });
    const done = await ended(serial, res.body.id);
    expect(done).toMatchObject({ status: 2, result: 0 });
    expect(Date.parse(done.endAt)).toBeGreaterThanOrEqual(Date.parse(done.startAt));
    const audits = await waitFor(async () => (await api(`/pos/${serial}/audits?origin=3`, { token: superAdmin })).body.items[0], 'the remote audit');
    expect(audits).toMatchObject({ origin: 3, hasDex: true });
  });

  it('a warning, an error and a not-supported type end with their statuses; a valid external credit adds a recharge', async () => {
    const serial = serials[1]!;
    const warning = await send({ serial, type: 8, params: { amount: 900_000 } });
    const error = await send({ serial, type: 6, params: { amount: 70_000 } });
    const unsupported = await send({ serial, type: 16, params: { version: '7.1' } });
    expect([warning.status, error.status, unsupported.status]).toEqual([201, 201, 201]);
    expect(await ended(serial, warning.body.id)).toMatchObject({ status: 4, result: 3, message: expect.stringContaining('returned only') });
    expect(await ended(serial, error.body.id)).toMatchObject({ status: 5, result: 2, message: expect.stringContaining('limit') });
    expect(await ended(serial, unsupported.body.id)).toMatchObject({ status: 3, result: 1, message: 'id not supported' });

    const credit = await send({ serial, type: 6, params: { amount: 500 } });
    expect(await ended(serial, credit.body.id)).toMatchObject({ status: 2, result: 0 });
    const recharge = await waitFor(async () => (await api(`/pos/${serial}/transactions?type=12`, { token: superAdmin })).body.items[0], 'the recharge');
    expect(recharge).toMatchObject({ type: 12, mediaType: 25, value: 500 });
  });

  it('restart device: the device goes offline and comes back, then answers success', async () => {
    const serial = serials[2]!;
    let reconnects = 0;
    devices[2]!.client.on('connect', () => reconnects++);
    const res = await send({ serial, type: 4, params: {} });
    expect(await ended(serial, res.body.id)).toMatchObject({ status: 2, result: 0, message: 'restarted' });
    expect(reconnects).toBe(1);
  });

  it('a scheduled command goes out at its time; until then it is scheduled and counts as pending', async () => {
    const serial = serials[0]!;
    const at = new Date(Date.now() + 3_000).toISOString();
    const res = await send({ serial, type: 10, params: {}, scheduledAt: at });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 0, attempts: 0, startAt: null, scheduledAt: at });
    const counts = await api(`/remote-commands/pending-counts?merchantId=${merchantId}&serials=${serials.join(',')}`, { token: superAdmin });
    expect(counts.body.counts).toMatchObject({ [serial]: 1, [serials[1]!]: 0 });
    const done = await ended(serial, res.body.id);
    expect(done).toMatchObject({ status: 2, result: 0 });
    expect(Date.parse(done.startAt)).toBeGreaterThanOrEqual(Date.parse(at));
    const after = await api(`/remote-commands/pending-counts?merchantId=${merchantId}&serials=${serial}`, { token: superAdmin });
    expect(after.body.counts).toEqual({ [serial]: 0 });
  });

  it('a user cancels a pending command (-3); its type can be sent again; an ended command cannot be cancelled', async () => {
    const serial = serials[3]!;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const first = await send({ serial, type: 14, params: { version: '3.5.0+1' }, scheduledAt: later });
    expect(first.status).toBe(201);
    const again = await send({ serial, type: 14, params: { version: '3.5.0+1' }, scheduledAt: later });
    expect(again.status).toBe(409);
    const cancelled = await api(`/remote-commands/pos/${serial}/${first.body.id}/cancel`, { method: 'POST', token: superAdmin });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 3, result: -3, message: 'cancelled by superadmin@demo.local', endAt: expect.any(String) });
    expect((await api(`/remote-commands/pos/${serial}/${first.body.id}/cancel`, { method: 'POST', token: superAdmin })).body.code).toBe(
      'RemoteCommandNotPendingException',
    );
    const next = await send({ serial, type: 14, params: { version: '3.5.0+1' }, scheduledAt: later });
    expect(next.status).toBe(201);
    expect((await api(`/remote-commands/pos/${serial}/${next.body.id}/cancel`, { method: 'POST', token: superAdmin })).status).toBe(200);
  });

  it('20 concurrent sends of one type to one machine: exactly one is accepted, the others get 409 with the spec’s message', async () => {
    const serial = serials[4]!;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send({ serial, type: 5, params: {}, scheduledAt: later })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'RemoteCommandPendingException', message: 'Another remote command of that type is pending' });
    const listed = await api(`/remote-commands?merchantId=${merchantId}&serial=${serial}&type=5`, { token: superAdmin });
    expect(listed.body.total).toBe(1);
    await api(`/remote-commands/pos/${serial}/${answers.find((a) => a.status === 201)!.body.id}/cancel`, { method: 'POST', token: superAdmin });
  });

  it('an Idempotency-Key makes a retried POST answer the first command; the same key with another request is refused', async () => {
    const serial = serials[4]!;
    const key = `retry-${newMessageId('k')}`;
    const body = { serial, type: 9, params: {}, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() };
    const first = await send(body, { 'idempotency-key': key });
    const retried = await send(body, { 'idempotency-key': key });
    expect([first.status, retried.status]).toEqual([201, 201]);
    expect(retried.body.id).toBe(first.body.id);
    const other = await send({ ...body, type: 15 }, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IdempotencyKeyReusedException');
  });

  it('an Idempotency-Key that is not 1–128 of A-Z a-z 0-9 _ . : - is refused as the request’s header, and nothing is sent', async () => {
    const serial = serials[4]!;
    const body = { serial, type: 9, params: {}, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() };
    const before = (await api(`/remote-commands/pos/${serial}?size=100`, { token: superAdmin })).body.total;
    const refused = await send(body, { 'idempotency-key': 'not a key!' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('ValidationException');
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'headers.idempotency-key' })]);
    expect((await api(`/remote-commands/pos/${serial}?size=100`, { token: superAdmin })).body.total).toBe(before);
  });

  it('a message over 64 KB is refused with the spec’s message; just under is accepted', async () => {
    const serial = serials[5]!;
    const values = (n: number, size: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'x'.repeat(size)]));
    const big = await send({ serial, type: 13, params: { values: values(70, 1000) } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'MessageTooLargeException', message: expect.stringContaining('exceeds 64 KB') });
    const fits = await send({ serial, type: 13, params: { values: values(60, 1000) }, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(fits.status, fits.text).toBe(201);
  });

  it('a machine the caller cannot see, or that does not exist, answers the spec’s "POS not found on remote command"', async () => {
    const res = await send({ serial: 'CENG-00000999', type: 1, params: {} });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('RemoteCommandPosNotFoundException');
    const merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
    expect((await send({ serial: serials[0]!, type: 2, params: {} }, {}, merchantAdmin)).body.code).toBe('RemoteCommandPosNotFoundException');
  });

  it('lists a merchant’s commands with filters, as CSV; the merchant list is not for merchant users', async () => {
    const all = await api(`/remote-commands?merchantId=${merchantId}&size=100`, { token: superAdmin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.items.length);
    const created = all.body.items.map((c: Record<string, string>) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const received = await api(`/remote-commands?merchantId=${merchantId}&status=2&size=100`, { token: superAdmin });
    expect(received.body.items.length).toBeGreaterThanOrEqual(4);
    expect(received.body.items.every((c: Record<string, number>) => c.status === 2)).toBe(true);
    const future = await api(`/remote-commands?merchantId=${merchantId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, {
      token: superAdmin,
    });
    expect(future.body.total).toBe(0);
    const csv = await api(`/remote-commands/csv?merchantId=${merchantId}&type=1`, { token: superAdmin });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('id,serial,posName,type,typeName,status,result,message,createdAt,createdBy,scheduledAt,startAt,endAt,attempts');
    expect(csv.text).toContain(',collectAudit,2,0,');
    const merchantUser = await tokenFor('NEBULARMERCHANTUSER');
    expect((await api('/remote-commands?merchantId=acme-vending', { token: merchantUser })).status).toBe(403);
  });

  it('deleting a machine takes its commands out of the merchant’s total; joined again, it starts with none, none pending', async () => {
    const own = await newMerchantWithMachines(superAdmin, 2);
    const [gone, kept] = own.serials as [string, string];
    for (const [serial, type] of [
      [gone, 1],
      [gone, 5],
      [kept, 1],
    ] as const)
      expect((await send({ serial, type, params: {} })).status).toBe(201);
    const list = () => api(`/remote-commands?merchantId=${own.merchantId}&size=100`, { token: superAdmin });
    expect((await list()).body.total).toBe(3);

    expect((await api(`/pos/${gone}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    const after = await list();
    expect(after.body.total).toBe(1);
    expect(after.body.items.map((c: Record<string, string>) => c.serial)).toEqual([kept]);

    const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: gone, pin: own.pin, name: `Again ${gone}` } });
    expect(joined.status).toBe(201);
    const tab = await api(`/remote-commands/pos/${gone}`, { token: superAdmin });
    expect(tab.body).toMatchObject({ items: [], total: 0 });
    const counts = await api(`/remote-commands/pending-counts?merchantId=${own.merchantId}&serials=${gone},${kept}`, { token: superAdmin });
    expect(counts.body.counts).toEqual({ [gone]: 0, [kept]: 1 });
    expect((await send({ serial: gone, type: 5, params: {} })).status).toBe(201);
    expect((await list()).body.total).toBe(2);
  });

  // Last: these sweeps run at future times, so they also move every other pending command of the stack.
  it('an acknowledged command without a result expires (-2); an unanswered one is retried, then gives up (-1)', async () => {
    const serial = serials[5]!;
    // A device that says it runs the command and never finishes.
    const stuck = await connectMqtt(stack.mqtt, serial, { reconnectPeriod: 0 });
    closers.push(() => stuck.endAsync());
    stuck.on('message', (_topic, payload) => {
      const { payload: command } = JSON.parse(payload.toString());
      const ack = {
        messageId: newMessageId('ak'),
        serial,
        sentAt: new Date().toISOString(),
        type: 'commands/ack',
        payload: { commandId: command.commandId, status: 'running' },
      };
      void stuck.publishAsync(`vend/${serial}/commands/ack`, JSON.stringify(ack), { qos: 1 });
    });
    await stuck.subscribeAsync(`vend/${serial}/commands`, { qos: 1 });
    const running = await send({ serial, type: 1, params: {} });
    await waitFor(async () => (await commandOf(serial, running.body.id))?.status === 1, 'running');
    await stuck.endAsync();

    const silent = await send({ serial, type: 2, params: {} });
    expect(silent.body.attempts).toBe(1);
    let t = Date.now();
    for (const attempts of [2, 3]) {
      t += 61_000;
      await sweepAt(t);
      expect(await commandOf(serial, silent.body.id)).toMatchObject({ status: 0, attempts });
    }
    await sweepAt(t + 61_000);
    expect(await commandOf(serial, silent.body.id)).toMatchObject({ status: 3, result: -1, attempts: 3, message: 'no answer from the device' });
    expect(await commandOf(serial, running.body.id)).toMatchObject({ status: 1, result: null });

    await sweepAt(Date.now() + 3_601_000);
    expect(await commandOf(serial, running.body.id)).toMatchObject({ status: 3, result: -2, message: 'no result in time' });
    const counts = await api(`/remote-commands/pending-counts?merchantId=${merchantId}&serials=${serial}`, { token: superAdmin });
    expect(counts.body.counts[serial]).toBe(1); // the scheduled configuration of the 64 KB test only
  });
});

describe('a group admin', () => {
  it("lists, counts and exports only the commands of its groups' machines", async () => {
    const [north, south] = [newSerial(), newSerial()];
    for (const [serial, groupId] of [
      [north, 'acme-north'],
      [south, 'acme-south'],
    ] as const) {
      expect(
        (await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: DEMO_PINS['acme-vending'], name: `Commands ${serial}` } })).status,
      ).toBe(201);
      expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
    }
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const ids: Record<string, string> = {};
    for (const serial of [north, south]) {
      const res = await send({ serial, type: 5, params: {}, scheduledAt: later });
      expect(res.status, res.text).toBe(201);
      ids[serial] = res.body.id;
    }
    const listed = async (token: string) => {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const res = await api(`/remote-commands?merchantId=acme-vending&size=5&page=${page}`, { token });
        expect(res.status, res.text).toBe(200);
        seen.push(...(res.body.items as Array<{ id: string }>).map((c) => c.id));
        if (!res.body.cursor) return { seen, total: res.body.total as number };
      }
    };
    const groupAdmin = await tokenFor('NEBULARGROUPADMIN');
    const mine = await listed(groupAdmin);
    expect(mine.seen).toContain(ids[north]);
    expect(mine.seen).not.toContain(ids[south]);
    expect(mine.total).toBe(mine.seen.length);
    const all = await listed(await tokenFor('NEBULARMERCHANTADMIN'));
    expect(all.seen).toEqual(expect.arrayContaining([ids[north], ids[south]]));
    expect(all.total).toBeGreaterThan(mine.total);
    const csv = await api('/remote-commands/csv?merchantId=acme-vending', { token: groupAdmin });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(ids[north]);
    expect(csv.text).not.toContain(ids[south]);
  });
});
