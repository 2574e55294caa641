/**
 * Device ingestion over real MQTT: simulated devices publish to the stack's broker, the local IoT rules
 * hand batches to the trigger functions, and what they stored is observed through the API (GET /pos/{id})
 * and the table (history items, counters, kept-aside messages).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { connectionSweepHandler } from '../../functions/triggers/connection-sweep/handler';
import { auditMessage, configMessage, connectMqtt, DexBook, newMessageId, saleTransaction, salesMessage, telemetryMessage } from '../../infra/local/simulator';
import { counter, countPrefix, historyItems, newMerchantWithMachines, newSerial, processed, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, stackIdle, tokenFor } from './support/stack';

const deps = stackDeps();
const doc = deps.doc;
let superAdmin = '';
const { connect, closeAll: closeDevices } = simulatedDevices();
const pos = async (serial: string) => (await api(`/pos/${serial}`, { token: superAdmin })).body as Record<string, any>;
const at = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});

afterAll(async () => {
  await closeDevices();
  doc.destroy();
});

describe('ingestion over MQTT', () => {
  it('devices publish telemetry, sales, an audit and their configuration; the machine shows them and goes online', async () => {
    const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 3, 'Ingestion group');
    const before = await counter(doc, keys.posCounterName(merchantId));
    expect(before).toMatchObject({ total: 3, unknown: 3 });
    const t = Date.now();
    const networkTypes = new Map<string, string>();
    for (const [i, serial] of serials.entries()) {
      const d = await connect(serial);
      const ping = telemetryMessage(serial, { sentAt: at(t), signalLevel: 60 + i, temperature: 4.5 });
      networkTypes.set(serial, ping.payload.connection.networkType);
      await d.publish('telemetry', ping);
      await d.publish(
        'sales',
        salesMessage(serial, [
          saleTransaction({ id: 'T1', value: 120, createdAt: at(t - 2000) }),
          saleTransaction({ id: 'T2', value: 90, createdAt: at(t - 1000) }),
        ]),
      );
      await d.publish('audit', auditMessage(serial, { readAt: at(t - 5000), origin: 1 }));
      await d.publish('config', configMessage(serial, { 'telemetry.pingSeconds': '60' }, { reportedAt: at(t - 100) }));
    }
    for (const [i, serial] of serials.entries()) {
      const shown = await waitFor(async () => {
        const p = await pos(serial);
        return p.lastPingAt && p.lastSaleAt && p.lastAuditAt ? p : undefined;
      }, `machine ${serial} updated`);
      expect(shown).toMatchObject({
        serial,
        merchantId,
        connection: 1,
        lastPingAt: at(t),
        lastSaleAt: at(t - 1000),
        lastAuditAt: at(t - 5000),
        signalLevel: 60 + i,
        temperature: 4.5,
        firmwareVersion: '3.4.1+112',
        networkType: networkTypes.get(serial),
      });
      await waitFor(async () => (await countPrefix(doc, merchantId, serial, 'CONFIG#')) === 2, 'config stored');
      const sales = await historyItems(doc, merchantId, serial, keys.historyPrefix.sale);
      expect(sales.map((s) => [s.transactionId, s.value, s.currency, s.merchantId, s.serial])).toEqual([
        ['T1', 120, 'EUR', merchantId, serial],
        ['T2', 90, 'EUR', merchantId, serial],
      ]);
      const [audit] = await historyItems(doc, merchantId, serial, keys.historyPrefix.audit);
      expect(audit).toMatchObject({ origin: 1, port: 'machine', readAt: at(t - 5000) });
      expect(audit!.dex).toContain('DXS*');
      expect(await historyItems(doc, merchantId, serial, keys.historyPrefix.sensor)).toEqual([
        expect.objectContaining({ signalLevel: 60 + i, temperature: 4.5, at: at(t) }),
      ]);
    }
    const after = await counter(doc, keys.posCounterName(merchantId));
    expect(after).toMatchObject({ total: 3, unknown: 0, online: 3 });
    expect(await counter(doc, keys.posGroupCounterName(merchantId, groupId!))).toMatchObject({ unknown: 0, online: 3 });
    const counts = await waitFor(async () => {
      const res = await api(`/pos/counts?merchantId=${merchantId}`, { token: superAdmin });
      return res.body.online === 3 ? res.body : undefined;
    }, 'counts through the API');
    expect(counts).toMatchObject({ total: 3, online: 3, offline: 0, unknown: 0 });
  });

  it('duplicated and shuffled delivery of 2,000 messages stores exactly the 1,000 unique ones', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 5);
    const t = Date.now() - 3_600_000;
    const unique: Array<{ serial: string; kind: 'telemetry' | 'sales'; message: { messageId: string; type: string; serial: string; sentAt: string } }> = [];
    for (const [d, serial] of serials.entries()) {
      for (let i = 0; i < 160; i++)
        unique.push({ serial, kind: 'telemetry', message: telemetryMessage(serial, { sentAt: at(t + i * 1000), signalLevel: (i + d) % 101 }) });
      for (let i = 0; i < 40; i++) unique.push({ serial, kind: 'sales', message: salesMessage(serial, [saleTransaction({ createdAt: at(t + i * 5000) })]) });
    }
    const deliveries = [...unique, ...unique];
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    expect(deliveries).toHaveLength(2000);
    const clients = new Map(await Promise.all(serials.map(async (s) => [s, await connect(s)] as const)));
    // In the shuffled order, up to 50 in flight.
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < deliveries.length) {
          const m = deliveries[next++]!;
          await clients.get(m.serial)!.publish(m.kind, m.message);
        }
      }),
    );
    await waitFor(
      async () => {
        for (const message of [unique[0]!, unique.at(-1)!, ...unique.slice(0, 1000).filter((_, i) => i % 97 === 0)].map((u) => u.message)) {
          if (!(await processed(doc, message))) return false;
        }
        let sensors = 0;
        let sales = 0;
        for (const s of serials) {
          sensors += await countPrefix(doc, merchantId, s, keys.historyPrefix.sensor);
          sales += await countPrefix(doc, merchantId, s, keys.historyPrefix.sale);
        }
        return sensors === 800 && sales === 200;
      },
      'the unique messages stored',
      60_000,
    );
    await stackIdle();
    for (const s of serials) {
      expect(await countPrefix(doc, merchantId, s, keys.historyPrefix.sensor)).toBe(160);
      expect(await countPrefix(doc, merchantId, s, keys.historyPrefix.sale)).toBe(40);
      const shown = await pos(s);
      expect(shown.lastPingAt).toBe(at(t + 159_000));
      expect(shown.lastSaleAt).toBe(at(t + 39 * 5000));
    }
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ total: 5, online: 5, unknown: 0 });
  });

  it('malformed messages and unknown serials are kept aside and counted; the next valid message is stored', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const d = await connect(serial);
    const before = await counter(doc, keys.invalidMessagesCounterName);
    const unknownSerial = newSerial();
    const stranger = await connect(unknownSerial);
    const bad = { ...telemetryMessage(serial), messageId: newMessageId('bad') };
    (bad.payload as { signalLevel: number }).signalLevel = 150;
    await d.publishRaw(`vend/${serial}/telemetry`, 'not json at all');
    await d.publish('telemetry', bad);
    await d.publish('telemetry', telemetryMessage(newSerial()));
    await stranger.publish('telemetry', telemetryMessage(unknownSerial));
    const good = telemetryMessage(serial);
    await d.publish('telemetry', good);

    const after = await waitFor(async () => {
      const c = await counter(doc, keys.invalidMessagesCounterName);
      return c.count === (before.count ?? 0) + 4 ? c : undefined;
    }, 'four messages kept aside');
    const delta = (reason: string) => (after[`reason_${reason}`] ?? 0) - (before[`reason_${reason}`] ?? 0);
    expect([delta('not-json'), delta('invalid-envelope'), delta('serial-mismatch'), delta('unknown-serial')]).toEqual([1, 1, 1, 1]);

    const day = new Date().toISOString().slice(0, 10);
    const kept = await historyItemsOfDay(day);
    const mine = kept.filter((k) => k.topic === `vend/${serial}/telemetry` || k.topic === `vend/${unknownSerial}/telemetry`);
    expect(mine.map((k) => k.reason).sort()).toEqual(['invalid-envelope', 'not-json', 'serial-mismatch', 'unknown-serial']);
    const notJson = mine.find((k) => k.reason === 'not-json')!;
    expect(Buffer.from(notJson.raw, 'base64').toString()).toBe('not json at all');
    const invalid = mine.find((k) => k.reason === 'invalid-envelope')!;
    expect(invalid.detail).toContain('payload.signalLevel');
    expect(JSON.parse(invalid.raw).messageId).toBe(bad.messageId);

    await waitFor(async () => (await pos(serial)).lastPingAt === good.sentAt, 'the valid message after them');
    expect(await countPrefix(doc, merchantId, serial, keys.historyPrefix.sensor)).toBe(1);
    expect((await api(`/pos/${unknownSerial}`, { token: superAdmin })).status).toBe(404);
  });

  it('an audit whose text is not EVA-DTS is kept aside and counted; a cut one is stored without cash figures, so the cash view keeps the last whole one', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const d = await connect(serial);
    const before = await counter(doc, keys.invalidMessagesCounterName);
    const book = new DexBook();
    const t = Date.now();
    await d.publish('audit', auditMessage(serial, { readAt: at(t - 60_000), dex: book.text(serial, at(t - 60_000)) }));
    // As tried in the field: about 100 KB of plain text sent as an audit.
    const plainText = readFileSync(new URL('../unit/fixtures/eva-dts/not-eva-dts.txt', import.meta.url), 'utf8').repeat(330);
    const plain = auditMessage(serial, { readAt: at(t - 30_000), dex: plainText });
    await d.publish('audit', plain);
    const next = book.text(serial, at(t - 10_000));
    await d.publish('audit', auditMessage(serial, { readAt: at(t - 10_000), dex: next.slice(0, next.indexOf('G85*')) }));

    const after = await waitFor(async () => {
      const c = await counter(doc, keys.invalidMessagesCounterName);
      return c.count === (before.count ?? 0) + 1 ? c : undefined;
    }, 'the plain-text audit kept aside');
    expect((after['reason_not-eva-dts'] ?? 0) - (before['reason_not-eva-dts'] ?? 0)).toBe(1);
    const kept = (await historyItemsOfDay(new Date().toISOString().slice(0, 10))).find((k) => k.messageId === plain.messageId);
    expect(kept).toMatchObject({ reason: 'not-eva-dts', topic: `vend/${serial}/audit`, serial });

    await waitFor(async () => (await pos(serial)).lastAuditAt === at(t - 10_000), 'the cut audit stored');
    const audits = await historyItems(doc, merchantId, serial, keys.historyPrefix.audit);
    expect(audits.map((a) => [a.readAt, a.evaDts?.integrity, 'cash' in a])).toEqual([
      [at(t - 60_000), 'whole', true],
      [at(t - 10_000), 'cut', false],
    ]);
    const listed = await api(`/pos/${serial}/audits`, { token: superAdmin });
    expect(listed.body.items.map((a: { integrity: string | null }) => a.integrity)).toEqual(['cut', 'whole']);
    const cash = await api(`/pos/${serial}/cash`, { token: superAdmin });
    expect(cash.body.latest).toMatchObject({ readAt: at(t - 60_000), cash: { currency: 'EUR', unreadLines: 0 } });
  });

  it('out-of-order messages do not move lastPingAt or lastSaleAt back; their history is still stored', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const d = await connect(serial);
    const t = Date.now();
    const newest = telemetryMessage(serial, { sentAt: at(t), signalLevel: 80, temperature: 5 });
    const older = [
      telemetryMessage(serial, { sentAt: at(t - 60_000), signalLevel: 20, temperature: 9 }),
      telemetryMessage(serial, { sentAt: at(t - 30_000), signalLevel: 30, temperature: 8 }),
    ];
    await d.publish('telemetry', newest);
    await waitFor(async () => processed(doc, newest), 'the newest ping');
    for (const m of older) await d.publish('telemetry', m);
    const sales = [
      salesMessage(serial, [saleTransaction({ createdAt: at(t - 1000) })]),
      salesMessage(serial, [saleTransaction({ createdAt: at(t - 90_000) })]),
    ];
    await d.publish('sales', sales[0]!);
    await waitFor(async () => processed(doc, sales[0]!), 'the newest sale');
    await d.publish('sales', sales[1]!);
    await waitFor(async () => (await Promise.all([...older, sales[1]!].map((m) => processed(doc, m)))).every(Boolean), 'the older messages');
    expect(await pos(serial)).toMatchObject({ lastPingAt: at(t), signalLevel: 80, temperature: 5, lastSaleAt: at(t - 1000), connection: 1 });
    expect(await countPrefix(doc, merchantId, serial, keys.historyPrefix.sensor)).toBe(3);
    expect(await countPrefix(doc, merchantId, serial, keys.historyPrefix.sale)).toBe(2);
  });

  it('a device answers a command its type lacks on commands/ack (result 1: id not supported)', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    await connect(serial);
    const listener = await connectMqtt(stack.mqtt, `listener-${serial}`, { reconnectPeriod: 0 });
    try {
      const acks: Array<Record<string, any>> = [];
      listener.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
      await listener.subscribeAsync(`vend/${serial}/commands/ack`, { qos: 1 });
      const res = await fetch(`${stack.iotData}/topics/${encodeURIComponent(`vend/${serial}/commands`)}?qos=1`, {
        method: 'POST',
        // Type 16 (update database) is a cash-handling machine's; a CENG lacks it.
        body: JSON.stringify({
          messageId: 'cmd-ingestion-1',
          serial,
          sentAt: new Date().toISOString(),
          type: 'command',
          payload: { commandId: 'cmd-0042', commandType: 16, params: { version: '2' }, attempt: 1 },
        }),
      });
      expect(res.status).toBe(200);
      const ack = await waitFor(async () => acks[0], 'the acknowledgement', 5000);
      expect(ack).toMatchObject({ serial, type: 'commands/ack', payload: { commandId: 'cmd-0042', result: 1, message: 'id not supported' } });
    } finally {
      await listener.endAsync();
    }
  });

  it('a connection change is never delayed by the online bucket; an older ping stores its sample but never moves the last ping back', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const d = await connect(serial);
    const t = Date.now();
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t), signalLevel: 70, temperature: 5 }));
    await waitFor(async () => (await pos(serial)).connection === 1, 'online');
    // The sweep's transition, in the online bucket the machine was just written in.
    const ingestion = buildIngestionDeps({
      region: 'eu-west-1',
      tableName: stack.tableName,
      dynamodbEndpoint: stack.dynamodb,
      offlineAfterSeconds: 900,
      onlineBucketSeconds: 300,
    });
    const device = (await ingestion.registry.registrations([serial])).get(serial)!;
    expect(await ingestion.connections.goOffline(device, Date.now() + 1)).toBe('ok');
    expect((await pos(serial)).connection).toBe(0);
    // The same values a second later, in the same bucket: the machine is online again at once.
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t + 1000), signalLevel: 70, temperature: 5 }));
    await waitFor(async () => (await pos(serial)).connection === 1, 'online again at once', 5000);
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ online: 1, offline: 0 });
    // An older ping with other values: its sample is stored (its neighbours are unknown), the last ping stays.
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t - 30_000), signalLevel: 20, temperature: 9 }));
    await waitFor(async () => (await countPrefix(doc, merchantId, serial, keys.historyPrefix.sensor)) === 2, 'the older sample stored');
    await stackIdle();
    expect(await pos(serial)).toMatchObject({ lastPingAt: at(t + 1000), signalLevel: 70, temperature: 5, connection: 1 });
  });

  // Last: the sweep runs at a time past every device's window, so it takes every online test machine offline.
  it('the connection sweep takes a silent machine offline (counters move), and its next ping brings it back', async () => {
    const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 2, 'Sweep group');
    const [silent, chatty] = serials as [string, string];
    const first = telemetryMessage(silent);
    await (await connect(silent)).publish('telemetry', first);
    const talker = await connect(chatty);
    await talker.publish('telemetry', telemetryMessage(chatty));
    await waitFor(async () => (await pos(silent)).connection === 1 && (await pos(chatty)).connection === 1, 'both online');
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ online: 2, offline: 0, unknown: 0 });

    const window = 900;
    const sweep = connectionSweepHandler(() =>
      buildIngestionDeps({
        region: 'eu-west-1',
        tableName: stack.tableName,
        dynamodbEndpoint: stack.dynamodb,
        offlineAfterSeconds: window,
        // The stack's own bucket width: the sweep reads the buckets the stack wrote the machines' entries in.
        onlineBucketSeconds: DEFAULT_ONLINE_BUCKET_SECONDS,
      }),
    );
    // Just inside the window nothing changes.
    await sweep({ time: new Date(Date.now() + (window - 90) * 1000).toISOString() });
    expect((await pos(silent)).connection).toBe(1);
    // Past it, plus the bucket the sweep adds to the window and the bucket the machine's entry is in, the silent machine is offline.
    const outcome = await sweep({ time: new Date(Date.now() + (window + 2 * DEFAULT_ONLINE_BUCKET_SECONDS + 60) * 1000).toISOString() });
    expect(outcome.wentOffline).toBeGreaterThanOrEqual(2);
    expect(await pos(silent)).toMatchObject({ connection: 0, lastPingAt: first.sentAt });
    // The list's copy follows the transition at once (it is written in the same transaction).
    const listed = (await api(`/pos?merchantId=${merchantId}&size=5`, { token: superAdmin })).body.items;
    expect(listed.map((p: { connection: number }) => p.connection)).toEqual([0, 0]);
    expect(listed.find((p: { serial: string }) => p.serial === silent)).toMatchObject({ lastPingAt: first.sentAt, signalLevel: first.payload.signalLevel });
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ online: 0, offline: 2, unknown: 0 });
    expect(await counter(doc, keys.posGroupCounterName(merchantId, groupId!))).toMatchObject({ online: 0, offline: 2 });
    // A second sweep changes nothing more.
    await sweep({ time: new Date(Date.now() + (window + 2 * DEFAULT_ONLINE_BUCKET_SECONDS + 70) * 1000).toISOString() });
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ online: 0, offline: 2 });

    await talker.publish('telemetry', telemetryMessage(chatty));
    await waitFor(async () => (await pos(chatty)).connection === 1, 'the machine back online');
    // An API write of the record (a rename) keeps the list's copy of what the machine reported.
    const renamed = await api(`/pos/${chatty}`, {
      method: 'PUT',
      token: superAdmin,
      body: { name: 'Chatty renamed', networkType: 'Ethernet', warrantyEnd: null, planogramId: null },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const row = (await api(`/pos?merchantId=${merchantId}&search=Chatty`, { token: superAdmin })).body.items[0];
    expect(row).toMatchObject({ name: 'Chatty renamed', connection: 1, lastPingAt: expect.any(String), signalLevel: expect.any(Number) });
    expect(await counter(doc, keys.posCounterName(merchantId))).toMatchObject({ online: 1, offline: 1, unknown: 0 });
  });
});

async function historyItemsOfDay(day: string) {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const out: Array<Record<string, any>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `INVALID#${day}` },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((res.Items ?? []) as Array<Record<string, any>>));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
