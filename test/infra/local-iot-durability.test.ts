/**
 * Nothing the broker acknowledged is lost (issue 18): stacks in child processes on one persistent data dir,
 * sales of the demo machines published over MQTT with QoS 1 and stored by the real ingestion. A crash (SIGKILL)
 * under backlog, the first second after a start and a stop that leaves its backlog in the journal: every
 * acknowledged sale is stored once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { connectMqtt, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { depsForStack, startStackProcess } from '../../infra/local/stack-process';
import type { StackInfo } from '../../infra/local/stack-info';

const MERCHANT = 'acme-vending';
const SERIALS = ['CENG-00000001', 'CENG-00000002', 'CENG-00000003', 'CENG-00000004'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDir = mkdtempSync(join(tmpdir(), 'vfc-durability-'));
const devices: MqttClient[] = [];

afterAll(async () => {
  for (const d of devices) d.end(true);
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Publishes `count` sales (one transaction each) with QoS 1; answers the transaction ids the broker acknowledged. */
async function publishSales(device: MqttClient, serial: string, count: number, tag: string): Promise<string[]> {
  const sales = Array.from({ length: count }, (_, i) => salesMessage(serial, [saleTransaction({ id: `${tag}-${serial}-${i}` })]));
  await Promise.all(sales.map((m) => device.publishAsync(`vend/${serial}/sales`, JSON.stringify(m), { qos: 1 })));
  return sales.map((m) => m.payload.transactions[0]!.id);
}

/** Transaction ids of the sale items stored for the demo machines (one entry per item). */
async function storedSales(info: StackInfo): Promise<string[]> {
  const { doc } = depsForStack(info);
  const ids: string[] = [];
  try {
    for (const serial of SERIALS) {
      let start: Record<string, unknown> | undefined;
      do {
        const res = await doc.send(
          new QueryCommand({
            TableName: info.tableName,
            ExclusiveStartKey: start,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': keys.posPk(MERCHANT, serial), ':p': keys.historyPrefix.sale },
          }),
        );
        ids.push(...(res.Items ?? []).map((item) => String(item.transactionId)));
        start = res.LastEvaluatedKey;
      } while (start);
    }
  } finally {
    doc.destroy();
  }
  return ids.filter((id) => /^(crash|startup|stop)-/.test(id));
}

async function waitForStored(info: StackInfo, expected: number, timeoutMs = 60_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ids = await storedSales(info);
    if (ids.length >= expected || Date.now() > until) return ids;
    await sleep(250);
  }
}

/** Waits until nothing answers at `url` any more (a killed stack's DynamoDB child stops when its parent is gone). */
async function waitClosed(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (
      !(await fetch(url).then(
        () => true,
        () => false,
      ))
    )
      return;
    await sleep(100);
  }
  throw new Error(`${url} still answers`);
}

/** A device that tries to connect every 20 ms until the broker opens, then publishes `count` sales at once. */
async function publishOnceOpen(port: number, serial: string, count: number): Promise<{ ids: string[]; ms: number }> {
  for (;;) {
    const device = await connectMqtt(`mqtt://127.0.0.1:${port}`, `startup-${serial}`, { reconnectPeriod: 0, connectTimeout: 5_000 }).catch(() => undefined);
    if (!device) {
      await sleep(20);
      continue;
    }
    devices.push(device);
    const connectedAt = performance.now();
    const ids = await publishSales(device, serial, count, 'startup');
    return { ids, ms: performance.now() - connectedAt };
  }
}

describe('the local rule router loses nothing acknowledged', () => {
  it(
    'a crash under backlog, the first second after a start and a stop with a backlog: every acknowledged sale is stored once',
    { timeout: 300_000 },
    async () => {
      // 1. A backlog (a gathering window far longer than the test), then SIGKILL.
      const first = await startStackProcess({ env: { STACK_DATA_DIR: dataDir, IOT_BATCH_WINDOW_MS: '600000' } });
      const acknowledged: string[] = [];
      try {
        const device = await connectMqtt(first.info.mqtt, 'crash-test', { reconnectPeriod: 0 });
        devices.push(device);
        for (const serial of SERIALS) acknowledged.push(...(await publishSales(device, serial, 50, 'crash')));
        await sleep(300);
        expect(await storedSales(first.info)).toEqual([]); // all 200 acknowledged, none delivered yet
      } finally {
        await first.crash();
      }
      await waitClosed(first.info.dynamodb);

      // 2. The next start on the same data dir delivers them; machines reconnecting while it starts publish at once.
      const port = await freePort();
      const second = startStackProcess({ env: { STACK_DATA_DIR: dataDir, STACK_MQTT_PORT: String(port), IOT_STOP_DRAIN_MS: '0' } });
      const startup = await Promise.all(SERIALS.map((serial) => publishOnceOpen(port, serial, 50)));
      const { info, stop } = await second;
      for (const s of startup) acknowledged.push(...s.ids);
      expect(Math.max(...startup.map((s) => s.ms))).toBeLessThan(5_000);
      let stored = await waitForStored(info, acknowledged.length);
      expect(stored.length).toBe(acknowledged.length);

      // 3. A stop right after 300 more acknowledged sales, with no time to drain: the journal keeps them.
      const device = devices.at(-1)!;
      acknowledged.push(...(await publishSales(device, SERIALS[3]!, 300, 'stop')));
      await stop();

      const third = await startStackProcess({ env: { STACK_DATA_DIR: dataDir } });
      try {
        stored = await waitForStored(third.info, acknowledged.length);
        expect(stored.length).toBe(acknowledged.length); // no sale lost, none stored twice
        expect(new Set(stored)).toEqual(new Set(acknowledged));
      } finally {
        await third.stop();
      }
    },
  );
});
