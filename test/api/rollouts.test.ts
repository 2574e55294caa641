/**
 * Rollouts over MQTT against the embedded stack: a rule's workflow (the CDK state machine run locally, a step a second)
 * sends each wave's command 14 with a link and the SHA-256 to simulated machines, which download, check, restart and
 * report each state on `vend/{serial}/firmware`; a machine counts as updated once its telemetry reports the version.
 * Failures past the threshold abort the rollout before later waves get a command; a silent machine times out; a pause
 * holds the next wave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { createFirmware } from './support/firmware';
import { api } from './support/http';
import { stack, tokenFor } from './support/stack';

const { connect, closeAll } = simulatedDevices();
const devices = new Map<string, Awaited<ReturnType<typeof connect>>>();
let token = '';
let merchantId = '';
let firmware: Record<string, any>;
let machines: string[] = [];
/** Commands seen on the machines' topics, by serial. */
const commanded = new Map<string, Array<Record<string, any>>>();
let listener: Awaited<ReturnType<typeof connectMqtt>>;

const rules = () => `/merchants/${merchantId}/firmware-rules`;
const rule = async (id: string) => (await api(`${rules()}/${id}`, { token })).body as Record<string, any>;
const machinesOf = async (id: string, wave: number) => {
  const res = await api(`${rules()}/${id}/machines?wave=${wave}&size=100`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.items as Array<Record<string, any>>;
};
const create = async (serials: string[], overrides: Record<string, unknown> = {}) => {
  const res = await api(rules(), {
    method: 'POST',
    token,
    body: {
      firmwareId: firmware.id,
      target: { kind: 'machines', serials },
      startAt: new Date().toISOString(),
      waves: { kind: 'count', count: 3 },
      minMachines: 1,
      failureThresholdPercent: 50,
      machineTimeoutSeconds: 60,
      ...overrides,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};
// Three waves of ten machines (download, restart, telemetry each) with a step a second: about 15 s alone, and more than
// 30 s in a clean run while the other halves hold both cores (a pass returns at once).
const until = (id: string, what: string, ok: (r: Record<string, any>) => boolean, timeoutMs = 60_000) =>
  waitFor(
    async () => {
      const r = await rule(id);
      return ok(r) && r;
    },
    what,
    timeoutMs,
  );

beforeAll(async () => {
  token = await tokenFor('NEBULARSUPERADMIN');
  firmware = await createFirmware(token, { deviceType: 'CENG' });
  const made = await newMerchantWithMachines(token, 30 + 6 + 1 + 4);
  merchantId = made.merchantId;
  machines = made.serials;
  listener = await connectMqtt(stack.mqtt, `rollout-listener-${Date.now()}`, { reconnectPeriod: 0 });
  listener.on('message', (topic, payload) => {
    const serial = topic.split('/')[1]!;
    commanded.set(serial, [...(commanded.get(serial) ?? []), JSON.parse(payload.toString()).payload]);
  });
  await listener.subscribeAsync('vend/+/commands', { qos: 1 });
  // The silent machine (index 36) never connects.
  await Promise.all(machines.filter((_, i) => i !== 36).map(async (s) => devices.set(s, await connect(s))));
}, 120_000);
afterAll(async () => {
  await listener?.endAsync();
  await closeAll();
});

// The four rollouts run side by side, on machines of their own.
describe.concurrent('a firmware rollout', { timeout: 120_000 }, () => {
  it('updates 30 machines in 3 waves, each counted once its telemetry reports the version', async () => {
    const fleet = machines.slice(0, 30);
    const id = await create(fleet);
    const done = await until(id, 'the rollout to complete', (r) => r.status === 'completed');
    expect(done.counts).toEqual({ updated: 30 });
    expect(done.progress.waves.map((w: any) => [w.size, w.counts])).toEqual([
      [10, { updated: 10 }],
      [10, { updated: 10 }],
      [10, { updated: 10 }],
    ]);
    // Each wave went out once the one before had finished.
    const [w0, w1, w2] = done.progress.waves as Array<Record<string, string>>;
    expect(w0!.finishedAt! <= w1!.sentAt! && w1!.finishedAt! <= w2!.sentAt!).toBe(true);
    // The machines' own versions, as the console shows them.
    const versions = await Promise.all(fleet.map(async (serial) => (await api(`/pos/${serial}`, { token })).body.firmwareVersion));
    expect(versions).toEqual(Array(30).fill(firmware.version));
    // Command 14 with an hour's link and the file's SHA-256, once per machine.
    const sent = commanded.get(fleet[0]!)!;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ commandType: 14, params: { version: firmware.version, sha256: firmware.file.sha256, rolloutId: `firmware:${id}:0` } });
    expect(new URL(sent[0]!.params.url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const wave = await machinesOf(id, 2);
    expect(wave.map((m) => m.state)).toEqual(Array(10).fill('updated'));
  });

  it('aborts past the failure threshold: the later waves never get the command', async () => {
    const fleet = machines.slice(30, 36);
    // The first wave's two machines fail their flash: 100 % of 2 finished, past 50 % once 2 have finished.
    for (const s of fleet.slice(0, 2)) devices.get(s)!.failFirmware = true;
    const id = await create(fleet, { minMachines: 2 });
    const aborted = await until(id, 'the rollout to abort', (r) => r.status === 'aborted' && r.counts.cancelled === 4);
    expect(aborted.counts).toEqual({ failed: 2, cancelled: 4 });
    expect((await machinesOf(id, 0)).map((m) => [m.state, m.reason])).toEqual([
      ['failed', expect.stringContaining('installation failed')],
      ['failed', expect.stringContaining('installation failed')],
    ]);
    for (const serial of fleet.slice(2)) expect(commanded.get(serial) ?? []).toEqual([]);
  });

  it('times a silent machine out', async () => {
    const silent = machines[36]!;
    const id = await create([silent], { waves: { kind: 'count', count: 1 }, machineTimeoutSeconds: 2, minMachines: 5 });
    const done = await until(id, 'the rollout to end', (r) => r.status === 'completed');
    expect(done.counts).toEqual({ timedOut: 1 });
    expect((await machinesOf(id, 0))[0]).toMatchObject({ serial: silent, state: 'timedOut', reason: expect.stringContaining('no new version') });
  });

  it('holds the next wave while paused, and goes on when resumed', async () => {
    const fleet = machines.slice(37, 41);
    const id = await create(fleet, { waves: { kind: 'count', count: 2 } });
    // Paused while the first wave runs (it takes a restart and a step): that wave finishes, the next one waits.
    await until(id, 'the first wave sent', (r) => r.progress?.current === 0);
    const paused = await api(`${rules()}/${id}/pause`, { method: 'POST', token });
    expect(paused.status, paused.text).toBe(200);
    await until(id, 'the first wave updated', (r) => r.progress.waves[0].counts.updated === 2);
    // Steps pass: the second wave stays queued and its machines get nothing.
    await new Promise((r) => setTimeout(r, 2_000));
    const held = await rule(id);
    expect(held.status).toBe('paused');
    expect(held.progress.waves[1].counts).toEqual({ queued: 2 });
    for (const serial of fleet.slice(2)) expect(commanded.get(serial) ?? []).toEqual([]);
    expect((await api(`${rules()}/${id}/resume`, { method: 'POST', token })).body.status).toBe('running');
    const done = await until(id, 'the rollout to complete', (r) => r.status === 'completed');
    expect(done.counts).toEqual({ updated: 4 });
  });
});
