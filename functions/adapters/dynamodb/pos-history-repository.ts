import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { AUDIT_PORTS } from '#schemas/iot-constants';
import { AuditCash, type PosTransaction } from '#schemas/pos-history';
import { AUDIT_INTEGRITIES } from '#schemas/pos-history-constants';
import type { AuditCashRead, HistoryRange, HistorySlice, PosHistoryRepository, StoredAudit } from '../../core/devices/history-ports';
import * as keys from './keys';
import { recordSchema } from './records';
import { transactionRecord, transactionView } from './transaction-records';
import { countQuery, queryPage, readRange, type ItemFilter } from './paging';

type Item = Record<string, unknown>;

/** Sorts after every ISO instant: the open end of a range. */
const OPEN_END = '~';

/** The sort keys of one kind of history item in a date range (patterns I3, I4): `to` is exclusive, as no key equals `{prefix}{to}`. */
export const between = (prefix: string, r: HistoryRange) => ({ from: `${prefix}${r.from ?? ''}`, to: `${prefix}${r.to ?? OPEN_END}` });

const equals = (name: string, value: number | undefined): ItemFilter | undefined =>
  value === undefined ? undefined : { expression: '#f = :f', names: { '#f': name }, values: { ':f': value } };

const HAS_CASH: ItemFilter = { expression: 'attribute_exists(#cash)', names: { '#cash': 'cash' }, values: {} };

/**
 * The record schema of an audit item (I4), of what the list shows: whether the EVA-DTS text came (not the text) and
 * its integrity, null for an audit stored before it was checked.
 */
export const auditRecord = recordSchema(
  'audit',
  z.object({
    readAt: z.string(),
    messageId: z.string(),
    origin: z.number(),
    port: z.enum(AUDIT_PORTS),
    dex: z.optional(z.string()),
    evaDts: z.optional(z.object({ integrity: z._default(z.nullable(z.enum(AUDIT_INTEGRITIES)), null) })),
    receivedAt: z.string(),
  }),
);

/** The cash figures of an audit (its projection `readAt messageId cash`). */
const auditCashRecord = recordSchema('audit', z.object({ readAt: z.string(), messageId: z.string(), cash: AuditCash }));
/** What the DEX download reads of an audit: its DEX text, absent when the machine sent none. */
const auditDexRecord = recordSchema('audit', z.object({ dex: z.optional(z.string()) }));

/** The record schema of a sensor sample (I2), as the signal history reads it: a value the machine did not send is null. */
export const sensorSampleRecord = recordSchema(
  'sensorSample',
  z.object({ at: z.string(), signalLevel: z._default(z.nullable(z.number()), null), temperature: z._default(z.nullable(z.number()), null) }),
);

export function storedAudit(i: Item): StoredAudit {
  const { dex, evaDts, ...audit } = auditRecord.read(i);
  return { ...audit, hasDex: dex !== undefined, integrity: evaDts?.integrity ?? null };
}

/** The fields a sale carries since issue 20 (older sales have none of them but savedAt). */
const ISSUE_20_FIELDS = ['product', 'savedAt', 'posName', 'originalTransactionId', 'media', 'source', 'creditCardInfo', 'externalServiceInfo'] as const;

/** A machine's sale (I3) as its history shows it: the fields sent, and issue 20's only when the sale has them. */
export function transaction(i: Item): PosTransaction {
  const r = transactionRecord.read(i);
  const t = transactionView(i, r);
  return {
    transactionId: r.transactionId,
    createdAt: r.createdAt,
    type: r.type,
    line: r.line,
    productCode: r.productCode,
    priceTable: r.priceTable,
    value: r.value,
    currency: r.currency,
    mediaType: r.mediaType,
    ...(r.valueCharge !== undefined ? { valueCharge: r.valueCharge } : {}),
    ...(r.freeSale !== undefined ? { freeSale: r.freeSale } : {}),
    ...(r.errorSale !== undefined ? { errorSale: r.errorSale } : {}),
    ...Object.fromEntries(ISSUE_20_FIELDS.flatMap((f) => (t[f] === null ? [] : [[f, t[f]]]))),
  };
}

/** Sensor samples, audits and transactions ingestion stored in a machine's partition (ACCESS-PATTERNS I2, I3, I4). */
export class DynamoPosHistoryRepository implements PosHistoryRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private range(merchantId: string, serial: string, prefix: string, r: HistoryRange, filter: ItemFilter | undefined) {
    return { tableName: this.tableName, partition: keys.posPk(merchantId, serial), between: between(prefix, r), ...(filter ? { filter } : {}) };
  }

  private async slice(merchantId: string, serial: string, prefix: string, r: HistoryRange, filter: ItemFilter | undefined, s: HistorySlice) {
    return queryPage(this.doc, {
      ...this.range(merchantId, serial, prefix, r, filter),
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
    });
  }

  async listAudits(merchantId: string, serial: string, r: HistoryRange & { origin?: number }, s: HistorySlice) {
    const page = await this.slice(merchantId, serial, keys.historyPrefix.audit, r, equals('origin', r.origin), s);
    return { items: page.items.map(storedAudit), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  countAudits(merchantId: string, serial: string, r: HistoryRange & { origin?: number }) {
    return countQuery(this.doc, this.range(merchantId, serial, keys.historyPrefix.audit, r, equals('origin', r.origin)));
  }

  async auditDex(merchantId: string, serial: string, readAt: string, messageId: string) {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.posAudit(merchantId, serial, readAt, messageId), ProjectionExpression: 'pk, sk, dex' }),
    );
    return res.Item && auditDexRecord.read(res.Item).dex;
  }

  /** Newest first, audits with figures only, until `max`. */
  private async cashReads(merchantId: string, serial: string, r: HistoryRange, max: number): Promise<AuditCashRead[]> {
    const items = await readRange(this.doc, {
      ...this.range(merchantId, serial, keys.historyPrefix.audit, r, HAS_CASH),
      forward: false,
      max,
      projection: { expression: 'pk, sk, readAt, messageId, #cash' },
    });
    return items.map((i) => auditCashRecord.read(i));
  }

  /** Signal and temperature samples (I2) between two instants, both inclusive, oldest first, at most `max`. */
  async sensorSamples(merchantId: string, serial: string, from: string, to: string, max: number) {
    const sensor = keys.historyPrefix.sensor;
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: { from: `${sensor}${from}`, to: `${sensor}${to}${OPEN_END}` },
      forward: true,
      max,
      projection: { expression: 'pk, sk, #at, signalLevel, temperature', names: { '#at': 'at' } },
    });
    return items.map((i) => sensorSampleRecord.read(i));
  }

  async latestAuditCash(merchantId: string, serial: string) {
    return (await this.cashReads(merchantId, serial, {}, 1))[0];
  }

  async auditCashSeries(merchantId: string, serial: string, r: HistoryRange, max: number) {
    return (await this.cashReads(merchantId, serial, r, max)).reverse();
  }

  async listTransactions(merchantId: string, serial: string, r: HistoryRange & { type?: number }, s: HistorySlice) {
    const page = await this.slice(merchantId, serial, keys.historyPrefix.sale, r, equals('type', r.type), s);
    return { items: page.items.map(transaction), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  countTransactions(merchantId: string, serial: string, r: HistoryRange & { type?: number }) {
    return countQuery(this.doc, this.range(merchantId, serial, keys.historyPrefix.sale, r, equals('type', r.type)));
  }
}
