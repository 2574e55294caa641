/**
 * (f) of `npm run bench`: the remote command round trip. A stack in its own process, one machine played
 * by a simulated device (real MQTT client) in this process; interleaved batches of:
 *   command   POST /remote-commands/send (restart machine, sent now) → IoT data-plane publish → the device
 *             acknowledges received, running, success on commands/ack → the ack trigger stores them →
 *             GET /remote-commands/pos/{serial} polled until the command shows "received"
 *   broker    the raw broker round trip: data-plane publish → a device client → its reply over MQTT → a
 *             listener client (what the broker alone costs for one command and its answer)
 * Budget: command p95 ≤ 3 × broker p95.
 */
import { performance } from 'node:perf_hooks';
import { interleave, localSuperAdminAuthorization, type Series } from './measure';

const REQUESTS = Number(process.env.BENCH_COMMANDS ?? 100);
export const COMMAND_ROUND_TRIP_BUDGET = 3;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export async function benchCommandRoundTrip() {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ startStackProcess }, { connectDevice, connectMqtt }, { DEMO_PINS }] = await Promise.all([
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
      const res = await fetch(`${info.api}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return JSON.parse(text) as Record<string, any>;
    };
    const serial = `CENG-${String(55_000_000 + Math.floor(Math.random() * 1_000_000))}`;
    await call('POST', '/pos/join', { serial, pin: DEMO_PINS['acme-vending'], name: `Bench commands ${serial}` });
    const device = await connectDevice(info.mqtt, serial);
    closers.push(() => device.client.endAsync());

    const command = async () => {
      const sent = await call('POST', '/remote-commands/send', { serial, type: 5, params: {} });
      for (;;) {
        const latest = ((await call('GET', `/remote-commands/pos/${serial}?size=1`)).items as Array<{ id: string; status: number }>)[0];
        if (latest && latest.id === sent.id && latest.status === 2) return;
        if (latest && latest.id === sent.id && latest.status > 2) throw new Error(`command ended with status ${latest.status}`);
      }
    };

    // The raw broker: the same publish endpoint, a device client that answers, a listener for the answer.
    const topic = `bench/${serial}`;
    const responder = await connectMqtt(info.mqtt, `bench-responder-${serial}`);
    const listener = await connectMqtt(info.mqtt, `bench-listener-${serial}`);
    closers.push(() => responder.endAsync(), () => listener.endAsync());
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

    const series: Record<'command' | 'broker', Series> = {
      command: { name: 'command round trip (API send → device ack → status via API)', ms: [] },
      broker: { name: 'raw broker round trip (publish → device → reply → listener)', ms: [] },
    };
    const t0 = performance.now();
    const { timedOut } = await interleave(series, { command, broker }, { requests: REQUESTS, batch: 10, warmup: 5, deadlineMs: 180_000 });
    const figures = (s: Series) => ({ name: s.name, n: s.ms.length, p50: percentile(s.ms, 50), p95: percentile(s.ms, 95) });
    const c = figures(series.command);
    const b = figures(series.broker);
    const ratio = c.p95 / b.p95;
    return { command: c, broker: b, p95Ratio: ratio, verdict: ratio <= COMMAND_ROUND_TRIP_BUDGET ? ('PASS' as const) : ('FAIL' as const), timedOut, seconds: (performance.now() - t0) / 1000 };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    await stack.stop();
  }
}
