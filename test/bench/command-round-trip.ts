/**
 * (f) of `npm run bench`: the remote command round trip. A stack in its own process, one machine played
 * by a simulated device (real MQTT client) in this process; interleaved batches of:
 *   command   POST /remote-commands/send (restart machine, sent now) → IoT data-plane publish → the device
 *             acknowledges received, running, success on commands/ack → the ack trigger stores them →
 *             GET /remote-commands/pos/{serial} polled until the command shows "received"
 *   ideal     the least a round trip can cost here, as one timed sequence: the same POST /remote-commands/send
 *             (stores and publishes; to a machine of its own with no device, so nothing answers and its command
 *             type stays free), one raw broker round trip, one GET /remote-commands/pos/{serial} of the command
 *   broker    the raw broker round trip alone (data-plane publish → a device client → its reply over MQTT → a
 *             listener client), for information
 * Budget: command p95 ≤ 1.5 × ideal p95, beside the 1-minute load average (the machine is shared). Also, for where
 * the time goes: the parts' p50, polls per command, and DynamoDB calls and item writes per command and per ideal
 * sequence (the acks and polls resolve the machine once per command: registration-cache.ts).
 */
import { open, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dynamoCallsPer, interleave, localSuperAdminAuthorization, type Series } from './measure';

const REQUESTS = Number(process.env.BENCH_COMMANDS ?? 100);
const WARMUP = 5;
const COUNTED = 10;
export const COMMAND_ROUND_TRIP_BUDGET = 1.5;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const p50 = (xs: number[]) => Math.round(percentile(xs, 50) * 100) / 100;

async function timed<T>(into: number[], op: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await op();
  into.push(performance.now() - t0);
  return result;
}

/**
 * What one append + fdatasync of a small line takes on this disk right after the series (p50 and p95 of `n`): the
 * local broker acknowledges each of the device's acks (QoS 1) only once its rule's journal synced it, and the device
 * sends the next ack after that acknowledgement, so the round trip waits for about two of them in a row where the
 * ideal path waits for none.
 */
async function diskSyncMs(n: number): Promise<{ p50: number; p95: number }> {
  const path = join(tmpdir(), `bench-sync-${process.pid}`);
  const file = await open(path, 'a');
  const ms: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await file.write(`${'x'.repeat(300)}\n`);
      await file.datasync();
      ms.push(performance.now() - t0);
    }
  } finally {
    await file.close();
    await rm(path, { force: true });
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export async function benchCommandRoundTrip() {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ startStackProcess, dynamoItemWrites }, { connectDevice, connectMqtt }, { DEMO_PINS }] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../infra/local/simulator'),
    import('../../infra/local/demo-data'),
  ]);
  const stack = await startStackProcess();
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${info.api}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return JSON.parse(text) as Record<string, any>;
    };
    const firstSerial = 55_000_000 + Math.floor(Math.random() * 1_000_000);
    const serial = `CENG-${firstSerial}`;
    const join = (s: string, name: string) => call('POST', '/pos/join', { serial: s, pin: DEMO_PINS['acme-vending'], name });
    await join(serial, `Bench commands ${serial}`);
    const device = await connectDevice(info.mqtt, serial);
    closers.push(() => device.client.endAsync());
    // One machine per ideal sequence, none connected: each POST finds its command type free and nothing answers.
    const idealSerials = Array.from({ length: WARMUP + REQUESTS + COUNTED + 1 }, (_, i) => `CENG-${firstSerial + 1 + i}`);
    for (let i = 0; i < idealSerials.length; i += 5) await Promise.all(idealSerials.slice(i, i + 5).map((s) => join(s, `Bench ideal ${s}`)));

    const parts = {
      commandPost: [] as number[],
      commandGet: [] as number[],
      polls: [] as number[],
      idealPost: [] as number[],
      idealBroker: [] as number[],
      idealGet: [] as number[],
    };
    const latestCommand = async (s: string, into: number[]) =>
      ((await timed(into, () => call('GET', `/remote-commands/pos/${s}?size=1`))).items as Array<{ id: string; status: number }>)[0];
    const command = async () => {
      const sent = await timed(parts.commandPost, () => call('POST', '/remote-commands/send', { serial, type: 5, params: {} }));
      for (let polls = 1; ; polls++) {
        const latest = await latestCommand(serial, parts.commandGet);
        if (latest && latest.id === sent.id && latest.status === 2) return void parts.polls.push(polls);
        if (latest && latest.id === sent.id && latest.status > 2) throw new Error(`command ended with status ${latest.status}`);
      }
    };

    // The raw broker: the same publish endpoint, a device client that answers, a listener for the answer.
    const topic = `bench/${serial}`;
    const responder = await connectMqtt(info.mqtt, `bench-responder-${serial}`);
    const listener = await connectMqtt(info.mqtt, `bench-listener-${serial}`);
    closers.push(
      () => responder.endAsync(),
      () => listener.endAsync(),
    );
    responder.on('message', (_t, payload) => void responder.publishAsync(`${topic}/ack`, payload, { qos: 1 }));
    await responder.subscribeAsync(`${topic}/cmd`, { qos: 1 });
    await listener.subscribeAsync(`${topic}/ack`, { qos: 1 });
    let waiting: ((id: string) => void) | undefined;
    listener.on('message', (_t, payload) => waiting?.(payload.toString()));
    let n = 0;
    const broker = async () => {
      const id = `m${n++}`;
      const answered = new Promise<void>((resolve) => (waiting = (got) => got === id && resolve()));
      const res = await fetch(`${info.iotData}/topics/${encodeURIComponent(`${topic}/cmd`)}?qos=1`, { method: 'POST', body: id });
      if (!res.ok) throw new Error(`data-plane publish: ${res.status}`);
      await answered;
    };

    let ideals = 0;
    const ideal = async () => {
      const s = idealSerials[ideals++]!;
      const sent = await timed(parts.idealPost, () => call('POST', '/remote-commands/send', { serial: s, type: 5, params: {} }));
      await timed(parts.idealBroker, broker);
      const latest = await latestCommand(s, parts.idealGet);
      if (latest?.id !== sent.id) throw new Error(`GET /remote-commands/pos/${s} does not show the command just sent`);
    };

    const series: Record<'command' | 'ideal' | 'broker', Series> = {
      command: { name: 'command round trip (API send → device ack → status via API)', ms: [] },
      ideal: { name: 'ideal path (API send → raw broker round trip → API GET)', ms: [] },
      broker: { name: 'raw broker round trip (publish → device → reply → listener)', ms: [] },
    };
    const t0 = performance.now();
    const { timedOut } = await interleave(series, { command, ideal, broker }, { requests: REQUESTS, batch: 10, warmup: WARMUP, deadlineMs: 240_000 });
    const seconds = (performance.now() - t0) / 1000;
    const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
    const diskSync = await diskSyncMs(30);
    const figures = (s: Series) => ({ name: s.name, n: s.ms.length, p50: percentile(s.ms, 50), p95: percentile(s.ms, 95) });
    const c = figures(series.command);
    const i = figures(series.ideal);
    const b = figures(series.broker);
    const ratio = c.p95 / i.p95;
    // The warm-up runs are not in the series; nor are they in the parts.
    const warmupGets = parts.polls.slice(0, WARMUP).reduce((a, x) => a + x, 0);
    const timedParts = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.slice(k === 'commandGet' ? warmupGets : WARMUP)]));
    const breakdown = {
      commandPostP50: p50(timedParts.commandPost!),
      commandGetP50: p50(timedParts.commandGet!),
      pollsPerCommand: timedParts.polls!.reduce((a, x) => a + x, 0) / timedParts.polls!.length,
      idealPostP50: p50(timedParts.idealPost!),
      idealBrokerP50: p50(timedParts.idealBroker!),
      idealGetP50: p50(timedParts.idealGet!),
    };

    // DynamoDB calls and item writes per command and per ideal sequence, once the series are done.
    const dynamoPer = async (op: () => Promise<unknown>) => {
      const calls = await dynamoCallsPer(info, op, COUNTED);
      const writes = await dynamoItemWrites(info);
      return { calls, itemWrites: Object.values(writes).reduce((a, x) => a + x, 0) / COUNTED };
    };
    const dynamoPerCommand = await dynamoPer(async () => {
      await command();
      // The ack trigger stores "running" and "success" after "received": let them land inside the count.
      await new Promise((r) => setTimeout(r, 200));
    });
    const dynamoPerIdeal = await dynamoPer(ideal);
    return {
      command: c,
      ideal: i,
      broker: b,
      p95Ratio: ratio,
      verdict: ratio <= COMMAND_ROUND_TRIP_BUDGET ? ('PASS' as const) : ('FAIL' as const),
      breakdown,
      dynamoPerCommand,
      dynamoPerIdeal,
      timedOut,
      seconds,
      loadAverage,
      diskSync,
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    await stack.stop();
  }
}
