/**
 * (j) Alarm notifications beside ingestion (issue 21): simulated machines raise alarms over real MQTT into one embedded
 * stack, twice the same shape — once with no alarm setting for the merchant, once with a setting naming five users for
 * every code (the sender then mails, counts floods and holds digests beside ingestion). Ingestion's rate is messages /
 * (first publish → the alarms rule done with the last); budget: with rules ≥ 0.9 × without. Then the latency from an
 * alarm published to its e-mail in the local outbox (a fresh recipient, below the flood limit): p50 / p95 printed.
 */
import { performance } from 'node:perf_hooks';

export const NOTIFICATION_INGESTION_BUDGET = 0.9;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export async function benchAlarmNotifications(
  machines = Number(process.env.BENCH_NOTIFY_MACHINES ?? 100),
  alarmsPerMachine = Number(process.env.BENCH_NOTIFY_ALARMS ?? 10),
) {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ startStack }, sim, { localRepositories }, { loadConfig }, { readOutbox }] = await Promise.all([
    import('../../infra/local/stack'),
    import('../../infra/local/simulator'),
    import('../../infra/local/repositories'),
    import('../../functions/runtime/config'),
    import('../../infra/local/emulators/cognito'),
  ]);
  const stack = await startStack();
  try {
    const { info } = stack;
    if (new URL(info.dynamodb).hostname !== '127.0.0.1') throw new Error(`bench refuses a non-local endpoint: ${info.dynamodb}`);
    const deps = localRepositories(loadConfig());
    const merchantId = 'acme-vending';
    const serials = sim.loadSerials(machines, 'CENG', 93_000_001);
    await sim.registerMachines(info, merchantId, serials);
    const clients = await Promise.all(serials.map((s) => sim.connectMqtt(info.mqtt, s, { reconnectPeriod: 0 })));
    const settings = async () => (await deps.alarmSettings.listSlice(merchantId, { offset: 0, limit: 100, ordType: 'asc' })).items;
    for (const s of await settings()) await deps.alarmSettings.delete(s);

    /** Every machine raises `alarmsPerMachine` alarms of codes of its own: messages/s until the rule is done with them. */
    const phase = async (tag: string) => {
      stack.iot.resetStats();
      const total = machines * alarmsPerMachine;
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (c, m) => {
          for (let i = 0; i < alarmsPerMachine; i++) {
            const message = sim.alarmMessage(serials[m]!, { code: `BN-${tag}-${i}`, at: new Date().toISOString(), criticity: 4 });
            await c.publishAsync(`vend/${serials[m]}/alarms`, JSON.stringify(message), { qos: 1 });
          }
        }),
      );
      for (;;) {
        const st = stack.iot.stats().alarms;
        if ((st?.completed ?? 0) + (st?.failed ?? 0) >= total || performance.now() - t0 > 120_000) break;
        await sleep(5);
      }
      const seconds = (performance.now() - t0) / 1000;
      return { messages: total, seconds, perSecond: (stack.iot.stats().alarms?.completed ?? 0) / seconds };
    };

    const withoutRules = await phase('off');
    const users = deps.users;
    const now = () => new Date().toISOString();
    const recipients: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `bench-notify-${i}-${Date.now().toString(36)}`;
      await users.put({
        id,
        email: `${id}@bench.local`,
        role: 'NEBULARMERCHANTUSER',
        language: 'en',
        merchantIds: [merchantId],
        groupIds: [],
        allowLicensing: false,
        receiveNotifications: true,
        invisibleFlags: [],
        createdAt: now(),
        updatedAt: now(),
      });
      recipients.push(id);
    }
    await deps.alarmSettings.create({
      id: 'bench-every-alarm',
      merchantId,
      name: 'Bench every alarm',
      alarmCodes: [],
      userIds: recipients,
      criticities: [],
      groupIds: [],
      notifyRepaired: false,
      createdAt: now(),
      updatedAt: now(),
    });
    const withRules = await phase('on');

    // The sender works beside ingestion: let it finish the flood's backlog (timed) before measuring latency on a quiet stack.
    const { DynamoNotificationOutbox } = await import('../../functions/adapters/dynamodb/notification-outbox');
    const outbox = new DynamoNotificationOutbox(deps.doc, info.tableName);
    const drainStart = performance.now();
    while ((await outbox.pending(1)).length > 0 && performance.now() - drainStart < 300_000) await sleep(200);
    const senderDrainSeconds = (performance.now() - drainStart) / 1000;

    // Latency: a fresh recipient for a few codes, one alarm at a time (below the flood limit), publish → outbox.
    for (const s of await settings()) await deps.alarmSettings.delete(s);
    const reader = `bench-reader-${Date.now().toString(36)}`;
    await users.put({
      id: reader,
      email: `${reader}@bench.local`,
      role: 'NEBULARMERCHANTUSER',
      language: 'en',
      merchantIds: [merchantId],
      groupIds: [],
      allowLicensing: false,
      receiveNotifications: true,
      invisibleFlags: [],
      createdAt: now(),
      updatedAt: now(),
    });
    await deps.alarmSettings.create({
      id: 'bench-latency',
      merchantId,
      name: 'Bench latency',
      alarmCodes: [],
      userIds: [reader],
      criticities: [],
      groupIds: [],
      notifyRepaired: false,
      createdAt: now(),
      updatedAt: now(),
    });
    const latencies: number[] = [];
    for (let i = 0; i < 15; i++) {
      const code = `BN-LAT-${i}`;
      const serial = serials[i % serials.length]!;
      const t = performance.now();
      await clients[i % clients.length]!.publishAsync(
        `vend/${serial}/alarms`,
        JSON.stringify(sim.alarmMessage(serial, { code, at: new Date().toISOString() })),
        { qos: 1 },
      );
      for (;;) {
        if ((await readOutbox(info.cognito.endpoint, `${reader}@bench.local`)).some((m) => m.subject.includes(code))) break;
        if (performance.now() - t > 30_000) throw new Error(`no e-mail for ${code} within 30 s`);
        await sleep(20);
      }
      latencies.push(performance.now() - t);
    }
    await Promise.all(clients.map((c) => c.endAsync()));
    deps.doc.destroy();
    const ratio = withRules.perSecond / withoutRules.perSecond;
    return {
      machines,
      alarmsPerMachine,
      withoutRules,
      withRules,
      ratio,
      senderDrainSeconds,
      verdict: ratio >= NOTIFICATION_INGESTION_BUDGET ? ('PASS' as const) : ('FAIL' as const),
      latencyMs: {
        n: latencies.length,
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        max: Math.round(Math.max(...latencies)),
      },
    };
  } finally {
    await stack.stop();
  }
}
