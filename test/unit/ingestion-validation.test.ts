import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invalidMessageHash, readRuleEvent, topicSerial } from '../../functions/core/ingestion/validation';
import { historyOf } from '../../functions/core/ingestion/kinds';
import { pingFields } from '../../functions/core/ingestion/telemetry';
import { CommandAckMessage, CommandMessage, INGESTED_MESSAGES, type IngestedKind, type TelemetryMessage } from '#schemas/iot';
import * as z from 'zod/mini';

const dir = new URL('../../events/iot/', import.meta.url);
const example = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, any>;
const ruleEvent = (kind: string, body: Record<string, unknown>, serial = body.serial as string) => ({
  ...body,
  topic: `vend/${serial}/${kind}`,
  receivedAt: 1_795_000_000_000,
});

describe('example IoT messages (events/iot)', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  it('has one example per stored kind and the command ack', () => {
    expect(files.sort()).toEqual([
      'alarms.json',
      'audit.json',
      'cash-acceptance.json',
      'cash-movements.json',
      'command.json',
      'commands-ack-running.json',
      'commands-ack.json',
      'config.json',
      'device-errors.json',
      'firmware.json',
      'licenseinfos.json',
      'sales-media.json',
      'sales.json',
      'sensors.json',
      'telemetry.json',
    ]);
  });
  for (const kind of Object.keys(INGESTED_MESSAGES) as IngestedKind[]) {
    it(`${kind}.json validates as the rule event of vend/{serial}/${kind}`, () => {
      const result = readRuleEvent(kind, ruleEvent(kind, example(`${kind}.json`)));
      expect(result.ok, JSON.stringify(result.value)).toBe(true);
    });
  }
  it('sales-media.json (media, source, card file, app user, product, original transaction) validates as a sales rule event', () => {
    const result = readRuleEvent('sales', ruleEvent('sales', example('sales-media.json')));
    expect(result.ok, JSON.stringify(result.value)).toBe(true);
  });
  it('commands-ack.json, commands-ack-running.json and command.json validate', () => {
    expect(z.safeParse(CommandAckMessage, example('commands-ack.json')).success).toBe(true);
    expect(z.safeParse(CommandAckMessage, example('commands-ack-running.json')).success).toBe(true);
    expect(z.safeParse(CommandMessage, example('command.json')).success).toBe(true);
  });
});

describe('reading a rule event', () => {
  const telemetry = example('telemetry.json') as TelemetryMessage;

  it('takes the serial from vend/{serial}/{kind} only', () => {
    expect(topicSerial('vend/CENG-00000001/telemetry', 'telemetry')).toBe('CENG-00000001');
    expect(topicSerial('vend/CENG-00000001/commands/ack', 'commands/ack')).toBe('CENG-00000001');
    expect(topicSerial('vend/a/b/telemetry', 'telemetry')).toBeUndefined();
    expect(topicSerial('vend/CENG-00000001/sales', 'telemetry')).toBeUndefined();
  });

  const reasonOf = (kind: IngestedKind, event: unknown) => {
    const r = readRuleEvent(kind, event);
    return r.ok ? 'ok' : r.value.reason;
  };

  it('gives a reason for each kind of bad message, never throwing', () => {
    expect(reasonOf('telemetry', { raw: Buffer.from('garbage').toString('base64'), topic: 'vend/CENG-00000001/telemetry', receivedAt: 1 })).toBe('not-json');
    expect(reasonOf('telemetry', ruleEvent('telemetry', { ...telemetry, type: 'sales' }))).toBe('wrong-type');
    expect(reasonOf('telemetry', ruleEvent('telemetry', telemetry, 'CENG-00000002'))).toBe('serial-mismatch');
    expect(reasonOf('telemetry', { ...telemetry, topic: 'other/topic', receivedAt: 1 })).toBe('bad-topic');
    expect(reasonOf('telemetry', ruleEvent('telemetry', { ...telemetry, payload: { ...telemetry.payload, signalLevel: 101 } }))).toBe('invalid-envelope');
    expect(reasonOf('telemetry', ruleEvent('telemetry', { ...telemetry, extra: 1 }))).toBe('invalid-envelope');
    expect(reasonOf('telemetry', ruleEvent('telemetry', { ...telemetry, payload: { ...telemetry.payload, dex: 'x'.repeat(130 * 1024) } }))).toBe('too-large');
    const audit = example('audit.json');
    expect(reasonOf('audit', ruleEvent('audit', { ...audit, payload: { ...audit.payload, dex: 'Dear customer,\r\nyour machine is fine.\r\n' } }))).toBe(
      'not-eva-dts',
    );
    expect(reasonOf('telemetry', null)).toBe('bad-topic');
    expect(reasonOf('telemetry', [1, 2])).toBe('bad-topic');
  });

  it('checks the payload rules of each kind', () => {
    const sales = example('sales.json');
    const tx = sales.payload.transactions[0];
    const withTx = (t: Record<string, unknown>) => ruleEvent('sales', { ...sales, payload: { transactions: [t] } });
    expect(reasonOf('sales', withTx({ ...tx, priceTable: 9 }))).toBe('invalid-envelope');
    expect(reasonOf('sales', withTx({ ...tx, type: 0 }))).toBe('invalid-envelope');
    expect(reasonOf('sales', withTx({ ...tx, value: 1.5 }))).toBe('invalid-envelope');
    expect(reasonOf('sales', withTx({ ...tx, mediaType: 3 }))).toBe('invalid-envelope');
    expect(
      reasonOf('sales', ruleEvent('sales', { ...sales, payload: { transactions: Array.from({ length: 201 }, (_, i) => ({ ...tx, id: `T${i}` })) } })),
    ).toBe('invalid-envelope');
    expect(reasonOf('sales', ruleEvent('sales', { ...sales, payload: { transactions: [tx, tx] } }))).toBe('invalid-envelope');
    const audit = example('audit.json');
    expect(reasonOf('audit', ruleEvent('audit', { ...audit, payload: { ...audit.payload, origin: 7 } }))).toBe('invalid-envelope');
    expect(reasonOf('audit', ruleEvent('audit', { ...audit, payload: { readAt: audit.payload.readAt, origin: 0, port: 'coinChanger' } }))).toBe('ok');
    const config = example('config.json');
    expect(reasonOf('config', ruleEvent('config', { ...config, payload: { ...config.payload, values: { 'bad key': '1' } } }))).toBe('invalid-envelope');
  });

  it('a kept-aside message has a stable id per delivery', () => {
    const m = { topic: 't', raw: 'x', receivedAt: 5 };
    expect(invalidMessageHash(m)).toBe(invalidMessageHash({ ...m }));
    expect(invalidMessageHash(m)).not.toBe(invalidMessageHash({ ...m, receivedAt: 6 }));
  });

  it('stores history keyed by the device times, one sale item per transaction', () => {
    const device = { serial: 'CENG-00000001', merchantId: 'm1', groupId: null };
    const read = readRuleEvent('sales', ruleEvent('sales', example('sales.json')));
    if (!read.ok) throw new Error(read.value.detail);
    const records = historyOf(read.value, device);
    expect(records.map((r) => [r.kind, r.at, r.n])).toEqual([
      ['sale', '2026-11-20T09:14:31.000Z', 0],
      ['sale', '2026-11-20T09:15:48.000Z', 1],
    ]);
    expect(records[0]!.data).toMatchObject({ transactionId: 'T000418', value: 120, currency: 'EUR', savedAt: new Date(1_795_000_000_000).toISOString() });
    expect(pingFields(telemetry)).toMatchObject({ signalLevel: 72, networkType: '4G', simIccid: '8939104520004415327', board: 'NBL-MB-200 rev C' });
  });
});
