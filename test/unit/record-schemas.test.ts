import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { clientRecord } from '../../functions/adapters/dynamodb/client-repository';
import { customerRecord } from '../../functions/adapters/dynamodb/customer-records';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { mediaRecord } from '../../functions/adapters/dynamodb/media-records';
import { customConfigRecord } from '../../functions/adapters/dynamodb/pos-config-repository';
import { storedAudit, transaction } from '../../functions/adapters/dynamodb/pos-history-repository';
import { recordSchema, UnreadableRecordError } from '../../functions/adapters/dynamodb/records';
import { registrationRecord } from '../../functions/adapters/dynamodb/registrations';
import { posNameProjection } from '../../functions/adapters/dynamodb/pos-name';
import { stockItem, stockRecord } from '../../functions/adapters/dynamodb/stock-repository';
import { toTransaction } from '../../functions/adapters/dynamodb/transaction-records';
import { userRecord } from '../../functions/adapters/dynamodb/user-records';
import { resetLogger } from '../../functions/runtime/logger';
import { counted, counterRecord } from '../../functions/adapters/dynamodb/counters';
import { purgeMarkRecord } from '../../functions/adapters/dynamodb/machine-purges';
import { regroupMarkRecord } from '../../functions/adapters/dynamodb/machine-regroups';
import { alarmEventOf } from '../../functions/adapters/dynamodb/notification-outbox';
import { onlineEntryRecord, sweepStateRecord } from '../../functions/adapters/dynamodb/online-index';
import { sensorSampleRecord } from '../../functions/adapters/dynamodb/pos-history-repository';
import { copiedTelemetry, telemetryOf, telemetryRecord } from '../../functions/adapters/dynamodb/reported-copy';
import { statsDayRecord, statsMonthRecord } from '../../functions/adapters/dynamodb/sales-figures';
import { salesUsedRecord } from '../../functions/adapters/dynamodb/transaction-repository';

const saved = { ...process.env };
let out: string[] = [];

beforeEach(() => {
  out = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  }
  Object.assign(process.env, { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  resetLogger();
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetLogger();
});

const logLines = () => out.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, any>);

const user = {
  id: 'u1',
  email: 'ann@acme.test',
  role: 'NEBULARMERCHANTADMIN',
  language: 'it',
  merchantIds: ['m1'],
  groupIds: [],
  allowLicensing: false,
  receiveNotifications: true,
  invisibleFlags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('record schemas', () => {
  it('read an item into its entity without the key attributes, and log nothing', () => {
    expect(userRecord.read({ ...user, ...keys.user('u1'), ...keys.usersByEmail(user.email, 'u1'), entity: 'user' })).toEqual(user);
    expect(logLines()).toEqual([]);
  });

  it('give older items their defaults in the schema (a client stored before its machines count)', () => {
    const text = { code: '', companyName: '', vat: '', address: '', city: '', province: '', postalCode: '', country: 'IT', phone: '', website: '' };
    const client = { id: 'c1', merchantId: 'm1', name: 'Bar', ...text, createdAt: 'x', updatedAt: 'x' };
    const read = clientRecord.read({ ...client, ...keys.client('m1', 'c1'), entity: 'client', nameKey: 'bar' });
    expect(read.machines).toBe(0);
    expect(read).not.toHaveProperty('nameKey');
  });

  it('refuse an item that does not parse: one error line with the entity, its key and what failed, never its content', () => {
    const broken = { ...user, role: 'ROOT', merchantIds: 'm1', email: 'secret@acme.test', ...keys.user('u1') };
    expect(() => userRecord.read(broken)).toThrow(UnreadableRecordError);
    const lines = logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'stored record does not parse', entity: 'user', pk: 'USER#u1', sk: keys.user('u1').sk });
    expect(lines[0]!.problems).toEqual(['role: invalid_value', 'merchantIds: invalid_type']);
    expect(out.join('\n')).not.toContain('secret@acme.test');
    expect(out.join('\n')).not.toContain('ROOT');
  });

  it('names the entity of its schema in the error', () => {
    const schema = recordSchema('thing', z.object({ n: z.number() }));
    expect(() => schema.read({ pk: 'THING#1', sk: 'THING', n: 'one' })).toThrow('a stored thing record does not parse');
    expect(logLines()[0]!.problems).toEqual(['n: invalid_type']);
  });

  describe('of the entities mapped by hand before (stock, medias, customers, transactions, configurations, audits, registrations)', () => {
    const line = {
      selection: 'A1',
      productId: 'p1',
      capacity: 10,
      warningLevel: 2,
      refillValue: 10,
      value: 6,
      lastRefillAt: null,
      updatedAt: 'x',
      sold: { '2026-12-01': 4 },
    };
    const stock = {
      merchantId: 'm1',
      serial: 'CENG-1',
      name: 'Hall',
      groupId: null,
      clientId: null,
      planogramId: 'pl1',
      planogramType: 'A' as const,
      lastRefillAt: null,
      trackedSince: '2026-12-01',
      updatedAt: '2026-12-01T10:00:00.000Z',
      applied: ['msg-1'],
      version: 3,
    };

    it('read a stock item back as the record it was written from, without its summary and index keys', () => {
      const record = { ...stock, lines: [{ ...line, auditVends: 4, auditAt: 'y', reported: [1], reconciled: { from: 'a', through: 'b' } }] };
      expect(stockRecord.read(stockItem(record))).toEqual(record);
    });

    it('give older items their defaults: a stock line before reconciliation, a media before its history, a registry entry without a group', () => {
      const { lines } = stockRecord.read({ ...keys.posStock('m1', 'CENG-1'), ...stock, lines: [{ ...line, auditVends: null, auditAt: null }] });
      expect(lines[0]).toMatchObject({ reported: [], reconciled: null });

      const media = mediaRecord.read({
        ...keys.media('m1', 'ABCDEF01'),
        ...{ merchantId: 'm1', mediaId: 'ABCDEF01', serial: 'FFFFFFFF', mediaType: 1, status: 0, keyCredit: 100, cloudCredit: 0, bonusCredit: 0 },
        ...{ bonusFreeSales: 0, sourceType: 0, externalService: 0, createdAt: 'x', updatedAt: 'x', version: 2 },
      });
      expect(media).toMatchObject({ tokensBlocked: false, days: {}, actions: [], applied: [], customerId: null, lastUsedAt: null, cloudCreditDevice: null });

      expect(registrationRecord.read({ ...keys.deviceRegistry('CENG-1'), serial: 'CENG-1', merchantId: 'm1' })).toEqual({
        serial: 'CENG-1',
        merchantId: 'm1',
        groupId: null,
      });
    });

    it('read a customer without medias (no set stored) and one with a set, as sorted ids', () => {
      const consents = {
        analysis: { granted: true, changedAt: 'x' },
        commercial: { granted: false, changedAt: null },
        quality: { granted: false, changedAt: null },
      };
      const customer = {
        id: 'c'.repeat(24),
        merchantId: 'm1',
        userId: 'u',
        name: null,
        email: null,
        registeredAt: 'x',
        consents,
        paymentInfo: null,
        version: 1,
        updatedAt: 'x',
      };
      const item = { ...keys.customer('m1', customer.id), ...customer, searchKey: 'u', medias: 0 };
      expect(customerRecord.read(item)).toEqual({ ...customer, mediaIds: [] });
      expect(customerRecord.read({ ...item, mediaIds: new Set(['B2', 'A1']), medias: 2 }).mediaIds).toEqual(['A1', 'B2']);
    });

    const sale = {
      ...keys.posSale('m1', 'CENG-1', '2026-12-01T10:00:00.000Z', 'msg-1', 0),
      ...{ transactionId: 'T1', type: 1, line: 3, productCode: 'P3', priceTable: 1, value: 120, currency: 'EUR', mediaType: 1 },
      ...{ createdAt: '2026-12-01T10:00:00.000Z', savedAt: '2026-12-01T10:00:01.000Z', merchantId: 'm1', serial: 'CENG-1', messageId: 'msg-1' },
    };

    it('show a sale stored before issue 20 with nulls in the API and only what it has in the machine history', () => {
      expect(toTransaction(sale)).toMatchObject({
        serial: 'CENG-1',
        posName: null,
        product: null,
        media: null,
        source: null,
        freeSale: false,
        errorSale: false,
      });
      const history = transaction(sale);
      expect(history).toEqual({
        ...{ transactionId: 'T1', createdAt: sale.createdAt, type: 1, line: 3, productCode: 'P3', priceTable: 1, value: 120, currency: 'EUR', mediaType: 1 },
        savedAt: sale.savedAt,
      });
      const withMedia = transaction({ ...sale, media: { id: 'ABCDEF01', serial: 'FFFFFFFF', credit: 50 }, freeSale: false });
      expect(withMedia).toMatchObject({ freeSale: false, media: { id: 'ABCDEF01', credit: 50, counter: null } });
    });

    it('read an audit stored before its integrity was checked, and a custom configuration', () => {
      const audit = { ...keys.posAudit('m1', 'CENG-1', 'r', 'msg-2'), readAt: 'r', messageId: 'msg-2', origin: 1, port: 'auto', receivedAt: 'x' };
      expect(storedAudit({ ...audit, dex: 'DXS*', evaDts: { products: [] } })).toEqual({
        ...{ readAt: 'r', messageId: 'msg-2', origin: 1, port: 'auto', receivedAt: 'x' },
        ...{ hasDex: true, integrity: null },
      });
      expect(storedAudit(audit)).toMatchObject({ hasDex: false, integrity: null });
      const custom = { values: { a: '1' }, origin: 3, updatedAt: 'x', updatedBy: 'u1' };
      expect(customConfigRecord.read({ ...keys.posCustomConfig('m1', 'CENG-1'), ...custom, merchantId: 'm1', serial: 'CENG-1' })).toEqual(custom);
    });

    it.each([
      ['stock', 'lines.0.value: invalid_type', () => stockRecord.read({ ...keys.posStock('m1', 'CENG-1'), ...stock, lines: [{ ...line, value: '6' }] })],
      [
        'stock',
        'lines.0.sold: custom',
        () => stockRecord.read({ ...keys.posStock('m1', 'CENG-1'), ...stock, lines: [{ ...line, sold: { '2026-12-01': '4' } }] }),
      ],
      ['media', 'status: invalid_value', () => mediaRecord.read({ ...keys.media('m1', 'ABCDEF01'), mediaId: 'ABCDEF01', status: 7 })],
      ['transaction', 'currency: invalid_value', () => toTransaction({ ...sale, currency: 'DOUBLOONS' })],
      ['audit', 'port: invalid_value', () => storedAudit({ ...sale, sk: 'AUDIT#r#msg-2', port: 'usb' })],
      ['pos', 'name: invalid_type', () => posNameProjection.read({ ...keys.pos('m1', 'CENG-1'), serial: 'CENG-1' })],
    ])('refuse a broken %s item (%s) with one error line naming its key', (entity, problem, read) => {
      expect(read).toThrow(UnreadableRecordError);
      const lines = logLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'stored record does not parse', entity, pk: expect.stringMatching(/^MERCHANT#m1#/) });
      expect(lines[0]!.problems).toContain(problem);
    });
  });
  describe('of the counters, the TELEMETRY item, samples, the outbox and the marks (read by hand before)', () => {
    const telemetryKey = keys.posTelemetry('m1', 'CENG-1');
    const counterKey = keys.counter(keys.posCounterName('m1'));
    const dayKey = keys.salesStatsDay(keys.merchantSalesStatsPk('m1', '2026'), '2026-12-01');
    const monthKey = keys.machineSalesStats('m1', '2026-12', 'CENG-1');
    const event = {
      ...{ merchantId: 'm1', serial: 'CENG-1', code: 'E1', criticity: 2, message: 'Door open', kind: 'raised' },
      ...{ alarmCreatedAt: '2026-12-01T10:00:00.000Z', alarmMessageId: 'msg-1', at: '2026-12-01T10:00:00.000Z' },
    };

    it('read a TELEMETRY item of before the stored sample and the list copy, and the copy on a POS item (nulls read as absent)', () => {
      const item = {
        ...telemetryKey,
        merchantId: 'm1',
        serial: 'CENG-1',
        connection: 1,
        lastPingAt: 'p',
        lastPingMessageId: 'msg-1',
        lastSeenAt: 5,
        imei: '35',
      };
      expect(telemetryRecord.read({ ...item, onlineBucket: 'b', signalLevel: null })).toEqual({
        ...{ connection: 1, lastPingAt: 'p', lastPingMessageId: 'msg-1', lastSeenAt: 5, onlineBucket: 'b', signalLevel: null },
      });
      expect(telemetryOf({ ...item, signalLevel: null, temperature: 21 })).toEqual({ connection: 1, lastPingAt: 'p', temperature: 21 });
      expect(copiedTelemetry({ ...keys.pos('m1', 'CENG-1'), name: 'Hall', reportedConnection: 0, reportedSignalLevel: 3 })).toEqual({
        connection: 0,
        signalLevel: 3,
      });
      expect(logLines()).toEqual([]);
    });

    it('read counters, statistics and the used item: an attribute never added is 0 (or absent), a machine month without a group has null', () => {
      expect(counted(counterRecord.read({ ...counterKey, total: 2, online: 1 }), 'offline')).toBe(0);
      expect(counted(undefined)).toBe(0);
      expect(statsDayRecord.read({ ...dayKey, merchantId: 'm1', day: '2026-12-01', cashN: 2, cashV: 240 })).toEqual({
        ...{ merchantId: 'm1', day: '2026-12-01', figures: { cashN: 2, cashV: 240 } },
      });
      expect(statsMonthRecord.read({ ...monthKey, merchantId: 'm1', serial: 'CENG-1', posName: 'Hall', cashN01: 1, cashV01: 120 })).toEqual({
        ...{ merchantId: 'm1', serial: 'CENG-1', posName: 'Hall', groupId: null, figures: { cashN01: 1, cashV01: 120 } },
      });
      expect(salesUsedRecord.read({ ...keys.salesUsed('m1'), merchantId: 'm1', types: new Set([2, 1]) })).toEqual({ merchantId: 'm1', types: new Set([1, 2]) });
    });

    it('read an outbox event without its message, samples without a value, marks without a group or progress, the sweep before its first run', () => {
      const { message: _m, ...withoutMessage } = event;
      expect(alarmEventOf({ ...keys.notificationOutbox('m1', 'CENG-1', 'raised', 'ALARM#x'), ...withoutMessage })).toEqual({ ...event, message: '' });
      const sampleKey = keys.posSensorSample('m1', 'CENG-1', 'a', 'msg-1');
      expect(sensorSampleRecord.read({ ...sampleKey, at: 'a', signalLevel: 4 })).toEqual({ at: 'a', signalLevel: 4, temperature: null });
      const mark = { ...keys.machineRegroup('m1', 'CENG-1'), merchantId: 'm1', serial: 'CENG-1', from: 'g1' };
      expect(regroupMarkRecord.read(mark)).toEqual({ merchantId: 'm1', serial: 'CENG-1', from: 'g1', groupId: null });
      expect(purgeMarkRecord.read({ ...keys.machinePurge('m1', 'CENG-1'), merchantId: 'm1', serial: 'CENG-1' })).toEqual({
        merchantId: 'm1',
        serial: 'CENG-1',
      });
      expect(onlineEntryRecord.read({ ...keys.onlineEntry('b', 0, 'm1', 'CENG-1'), merchantId: 'm1', serial: 'CENG-1' })).toEqual({
        merchantId: 'm1',
        serial: 'CENG-1',
      });
      expect(sweepStateRecord.read(keys.connectionSweepState)).toEqual({});
      expect(logLines()).toEqual([]);
    });

    it.each([
      ['telemetry', telemetryKey.pk, 'connection: invalid_union', () => telemetryRecord.read({ ...telemetryKey, connection: 5 })],
      ['telemetry', telemetryKey.pk, 'lastSeenAt: invalid_type', () => telemetryOf({ ...telemetryKey, lastSeenAt: '5' })],
      ['counter', counterKey.pk, '(item): custom', () => counterRecord.read({ ...counterKey, count: '3' })],
      ['salesStatsDay', dayKey.pk, 'figures: custom', () => statsDayRecord.read({ ...dayKey, merchantId: 'm1', day: '2026-12-01', cashN: '2' })],
      ['salesStatsMonth', monthKey.pk, 'posName: invalid_type', () => statsMonthRecord.read({ ...monthKey, merchantId: 'm1', serial: 'CENG-1' })],
      [
        'notificationOutbox',
        'NOTIFY',
        'kind: invalid_value',
        () => alarmEventOf({ ...keys.notificationOutbox('m1', 'CENG-1', 'raised', 'ALARM#x'), ...event, kind: 'x' }),
      ],
      [
        'sensorSample',
        'MERCHANT#m1#',
        'at: invalid_type',
        () => sensorSampleRecord.read({ ...keys.posSensorSample('m1', 'CENG-1', 'a', 'msg-1'), signalLevel: 4 }),
      ],
      ['onlineEntry', 'ONLINE#', 'serial: invalid_type', () => onlineEntryRecord.read({ ...keys.onlineEntry('b', 0, 'm1', 'CENG-1'), merchantId: 'm1' })],
    ])('refuse a broken %s item with one error line naming its key (%s: %s)', (entity, pk, problem, read) => {
      expect(read).toThrow(UnreadableRecordError);
      const lines = logLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'stored record does not parse', entity });
      expect(lines[0]!.pk).toContain(pk);
      expect(lines[0]!.problems).toContain(problem);
    });
  });
});
