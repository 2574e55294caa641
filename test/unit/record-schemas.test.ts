import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { clientRecord } from '../../functions/adapters/dynamodb/client-repository';
import { customerRecord } from '../../functions/adapters/dynamodb/customer-repository';
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
});
