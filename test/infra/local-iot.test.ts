import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { logger } from '../../functions/runtime/logger';
import { deadLetterCommand } from '../../infra/local/dlq';
import { startIot, topicMatches, type DeadLetter, type IotRule, type IotRuleEvent, type LocalIot } from '../../infra/local/emulators/iot';

function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

async function connect(url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, { protocolVersion: 4, clientId: `test-${Math.random().toString(16).slice(2)}`, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

describe('topicMatches', () => {
  it('handles + and # like MQTT', () => {
    expect(topicMatches('vend/+/telemetry', 'vend/CENG-00000001/telemetry')).toBe(true);
    expect(topicMatches('vend/+/telemetry', 'vend/CENG-00000001/sales')).toBe(false);
    expect(topicMatches('vend/+/telemetry', 'vend/a/b/telemetry')).toBe(false);
    expect(topicMatches('vend/#', 'vend/a/b/c')).toBe(true);
    expect(topicMatches('vend/#', 'vend')).toBe(true);
    expect(topicMatches('vend/+/commands/ack', 'vend/X/commands/ack')).toBe(true);
    expect(topicMatches('vend/+/commands/ack', 'vend/X/commands')).toBe(false);
    expect(topicMatches('#', '$SYS/broker')).toBe(false);
  });
});

describe('local IoT (aedes + publish endpoint + rule router)', () => {
  let iot: LocalIot;
  const events: Array<{ rule: string; event: IotRuleEvent }> = [];
  const errors: Array<{ rule: string; topic: string }> = [];

  beforeAll(async () => {
    iot = await startIot({
      rules: [
        { name: 'telemetry', topicFilter: 'vend/+/telemetry', handler: async (event) => void events.push({ rule: 'telemetry', event }) },
        { name: 'everything', topicFilter: 'vend/#', handler: async (event) => void events.push({ rule: 'everything', event }) },
        {
          name: 'failing',
          topicFilter: 'vend/+/alarms',
          handler: async () => {
            throw new Error('boom');
          },
        },
      ],
      onError: (_error, context) => errors.push(context),
      visibilityTimeoutMs: 50,
    });
  });
  afterAll(async () => {
    await iot?.stop();
  });

  it('an HTTP publish reaches a subscriber and the matching rules with the IoT rule event shape', async () => {
    expect(iot.mqttUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    const sub = await connect(iot.mqttUrl);
    try {
      const received: Array<{ topic: string; payload: string }> = [];
      sub.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
      await sub.subscribeAsync('vend/+/telemetry', { qos: 1 });
      events.length = 0;
      const before = Date.now();
      const body = JSON.stringify({ messageId: 'm1', serial: 'CENG-00000001', type: 'telemetry', payload: { t: 4 } });
      const res = await fetch(`${iot.publishEndpoint}/topics/${encodeURIComponent('vend/CENG-00000001/telemetry')}?qos=1`, { method: 'POST', body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
      const message = await waitFor(() => received[0]);
      expect(message).toEqual({ topic: 'vend/CENG-00000001/telemetry', payload: body });
      await waitFor(() => (events.length >= 2 ? events : undefined));
      expect(events.map((e) => e.rule).sort()).toEqual(['everything', 'telemetry']);
      const event = events.find((e) => e.rule === 'telemetry')!.event;
      expect(event).toMatchObject({ messageId: 'm1', serial: 'CENG-00000001', type: 'telemetry', payload: { t: 4 }, topic: 'vend/CENG-00000001/telemetry' });
      expect(event.receivedAt).toBeGreaterThanOrEqual(before);
    } finally {
      await sub.endAsync();
    }
  });

  it('works with the AWS SDK IoT data-plane client', async () => {
    events.length = 0;
    const client = new IoTDataPlaneClient({ endpoint: iot.publishEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      await client.send(new PublishCommand({ topic: 'vend/CENG-00000002/telemetry', qos: 1, payload: Buffer.from('{"a":1}') }));
    } finally {
      client.destroy();
    }
    const got = await waitFor(() => events.find((e) => e.rule === 'telemetry'));
    expect(got.event).toMatchObject({ a: 1, topic: 'vend/CENG-00000002/telemetry' });
  });

  it('rules also see device publishes over MQTT; non-JSON payloads arrive as raw base64; non-matching topics are ignored', async () => {
    events.length = 0;
    const device = await connect(iot.mqttUrl);
    try {
      await device.publishAsync('vend/CENG-00000003/sales', Buffer.from([0xde, 0xad]), { qos: 1 });
      await device.publishAsync('other/topic', '{"x":1}', { qos: 1 });
      const got = await waitFor(() => events.find((e) => e.rule === 'everything'));
      expect(got.event).toEqual({ raw: Buffer.from([0xde, 0xad]).toString('base64'), topic: 'vend/CENG-00000003/sales', receivedAt: expect.any(Number) });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toHaveLength(1);
    } finally {
      await device.endAsync();
    }
  });

  it('a failing handler is reported through onError and does not disturb the broker', async () => {
    errors.length = 0;
    const res = await fetch(`${iot.publishEndpoint}/topics/${encodeURIComponent('vend/CENG-00000004/alarms')}?qos=1`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    await waitFor(() => errors[0]);
    expect(errors[0]).toEqual({ rule: 'failing', topic: 'vend/CENG-00000004/alarms' });
    const again = await fetch(`${iot.publishEndpoint}/topics/${encodeURIComponent('vend/CENG-00000004/telemetry')}?qos=1`, { method: 'POST', body: '{}' });
    expect(again.status).toBe(200);
  });

  it('a slow rule does not block delivery to subscribers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    iot.setRules([{ name: 'slow', topicFilter: 'slow/#', handler: () => gate }]);
    const sub = await connect(iot.mqttUrl);
    try {
      const received: string[] = [];
      sub.on('message', (topic) => received.push(topic));
      await sub.subscribeAsync('slow/#', { qos: 1 });
      for (const n of [1, 2, 3]) {
        const res = await fetch(`${iot.publishEndpoint}/topics/slow%2F${n}?qos=1`, { method: 'POST', body: '{}' });
        expect(res.status).toBe(200);
      }
      await waitFor(() => (received.length === 3 ? received : undefined));
      expect(received).toEqual(['slow/1', 'slow/2', 'slow/3']);
    } finally {
      release();
      await sub.endAsync();
    }
  });

  it('batched rules: events arrive in batches of at most maxSize, failed positions are redelivered, stats count them', async () => {
    const batches: number[][] = [];
    const failedOnce = new Set<number>();
    iot.setRules([
      {
        name: 'batched',
        topicFilter: 'batch/+',
        batch: {
          maxSize: 10,
          maxWaitMs: 20,
          maxConcurrency: 2,
          handler: async (events) => {
            const ns = events.map((e) => Number(e.n));
            batches.push(ns);
            // Each multiple of 7 fails on its first delivery.
            return ns.flatMap((n, i) => (n % 7 === 0 && !failedOnce.has(n) ? (failedOnce.add(n), [i]) : []));
          },
        },
      },
    ]);
    iot.resetStats();
    const device = await connect(iot.mqttUrl);
    try {
      await Promise.all(Array.from({ length: 35 }, (_, n) => device.publishAsync(`batch/${n}`, JSON.stringify({ n }), { qos: 1 })));
      await waitFor(() => (iot.stats().batched?.completed === 35 ? true : undefined));
      expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(10);
      const delivered = batches.flat();
      expect(new Set(delivered).size).toBe(35);
      expect(delivered.filter((n) => n % 7 === 0).length).toBe(2 * 5); // 0, 7, 14, 21, 28 twice
      expect(iot.stats().batched).toMatchObject({ matched: 35, completed: 35, failed: 0, queued: 0 });
    } finally {
      await device.endAsync();
    }
  });

  it('answers 413 above 128 KB', async () => {
    const res = await fetch(`${iot.publishEndpoint}/topics/vend%2Fbig%2Ftelemetry?qos=1`, { method: 'POST', body: 'x'.repeat(128 * 1024 + 1) });
    expect(res.status).toBe(413);
    const ok = await fetch(`${iot.publishEndpoint}/topics/vend%2Fbig%2Ftelemetry?qos=1`, { method: 'POST', body: 'x'.repeat(128 * 1024) });
    expect(ok.status).toBe(200);
  });
});

describe('local IoT rule queues: retries, dead letters, limits', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vfc-iot-test-'));
  let iot: LocalIot;
  let broken = true;
  const receives: Array<{ messageId: string; receiveCount: number; at: number }> = [];
  const delivered: IotRuleEvent[] = [];
  const flaky: IotRule = {
    name: 'flaky',
    topicFilter: 'vend/+/sales',
    batch: {
      maxSize: 10,
      maxWaitMs: 10,
      maxConcurrency: 1,
      handler: async (events, records) => {
        receives.push(...records.map((r) => ({ ...r, at: Date.now() })));
        if (broken) throw new Error('DynamoDB is down');
        delivered.push(...events);
      },
    },
  };
  const start = () => startIot({ dataDir, rules: [flaky], visibilityTimeoutMs: 100 });

  beforeAll(async () => {
    iot = await start();
  });
  afterAll(async () => {
    await iot?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a failing rule is received 5 times with a growing wait, then dead-lettered (with an error line naming the ids), kept across a restart and redriven', async () => {
    const errorLines = vi.spyOn(logger, 'error');
    const device = await connect(iot.mqttUrl);
    try {
      for (const n of [1, 2, 3]) await device.publishAsync(`vend/CENG-0000000${n}/sales`, JSON.stringify({ messageId: `dlq-${n}` }), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await waitFor(() => (iot.stats().flaky?.failed === 3 ? true : undefined), 10_000);
    expect(iot.stats().flaky).toMatchObject({ matched: 3, completed: 0, failed: 3, queued: 0, retried: 15 });
    // Each message was received 5 times (maxReceiveCount), the waits between receives doubling from 100 ms.
    const ids = [...new Set(receives.map((r) => r.messageId))];
    expect(ids).toHaveLength(3);
    const first = receives.filter((r) => r.messageId === ids[0]);
    expect(first.map((r) => r.receiveCount)).toEqual([1, 2, 3, 4, 5]);
    const waits = first.slice(1).map((r, i) => r.at - first[i]!.at);
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(100 * 2 ** i - 5));

    const listed = (await (await fetch(`${iot.publishEndpoint}/__local/dead-letters?rule=flaky`)).json()) as { deadLetters: DeadLetter[] };
    expect(listed.deadLetters.map((d) => d.event.messageId).sort()).toEqual(['dlq-1', 'dlq-2', 'dlq-3']);
    expect(listed.deadLetters.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(listed.deadLetters[0]).toMatchObject({ rule: 'flaky', receives: 5, reason: 'not delivered after 5 receives' });
    const line = errorLines.mock.calls.find(([message]) => message.startsWith('device messages moved to the dead-letter queue'));
    expect(line?.[1]).toMatchObject({ rule: 'flaky', count: expect.any(Number) });
    expect(errorLines.mock.calls.flatMap(([, fields]) => (fields?.messageIds as string[] | undefined) ?? []).sort()).toEqual(['dlq-1', 'dlq-2', 'dlq-3']);
    errorLines.mockRestore();
    const printed = await deadLetterCommand(['list', '--rule', 'flaky'], iot.publishEndpoint);
    expect(printed.split('\n')).toHaveLength(4);
    expect(printed).toContain('messageId=dlq-2');
    expect(printed).toContain('3 dead letter(s) in rule flaky');

    // The dead-letter queue is durable: a restart on the same data dir still lists them.
    await iot.stop();
    iot = await start();
    expect(
      iot
        .deadLetters('flaky')
        .map((d) => d.event.messageId)
        .sort(),
    ).toEqual(['dlq-1', 'dlq-2', 'dlq-3']);

    broken = false;
    expect(await deadLetterCommand(['redrive', '--rule', 'flaky'], iot.publishEndpoint)).toBe('moved 3 dead letter(s) back to their queue (rule flaky)');
    await waitFor(() => (delivered.length === 3 ? true : undefined));
    expect(delivered.map((e) => e.messageId).sort()).toEqual(['dlq-1', 'dlq-2', 'dlq-3']);
    expect(iot.deadLetters()).toEqual([]);
    await waitFor(() => (iot.stats().flaky?.completed === 3 ? true : undefined));
    expect(await deadLetterCommand(['redrive'], iot.publishEndpoint)).toBe('moved 0 dead letter(s) back to their queues');
  });

  it('a publish over 128 KB is refused: over MQTT the connection closes without PUBACK, over HTTP 413; no rule sees it', async () => {
    iot.resetStats();
    const device = await connect(iot.mqttUrl);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    let acknowledged = false;
    device.publish('vend/CENG-00000001/sales', Buffer.alloc(130 * 1024, 'x'), { qos: 1 }, (error) => (acknowledged = !error));
    await closed;
    device.end(true);
    const res = await fetch(`${iot.publishEndpoint}/topics/vend%2FCENG-00000001%2Fsales?qos=1`, { method: 'POST', body: 'x'.repeat(130 * 1024) });
    expect(res.status).toBe(413);
    expect(acknowledged).toBe(false);
    expect(iot.stats().flaky?.matched ?? 0).toBe(0);
  });

  it('messages on topics no rule matches are counted (and shown in the local stats)', async () => {
    iot.resetStats();
    const device = await connect(iot.mqttUrl);
    try {
      await device.publishAsync('vend/CENG-00000001/unknown', '{}', { qos: 1 });
      await device.publishAsync('elsewhere', '{}', { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await fetch(`${iot.publishEndpoint}/topics/vend%2FCENG-00000001%2Fcommands?qos=1`, { method: 'POST', body: '{}' });
    expect(iot.unmatched()).toBe(3);
    const stats = (await (await fetch(`${iot.publishEndpoint}/__local/stats`)).json()) as { unmatched: number };
    expect(stats.unmatched).toBe(3);
  });
});
