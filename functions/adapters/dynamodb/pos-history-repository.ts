import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditCash, PosTransaction } from '#schemas/pos-history';
import { AUDIT_INTEGRITIES, type AuditIntegrity } from '#schemas/pos-history-constants';
import type { AuditCashRead, HistoryRange, HistorySlice, PosHistoryRepository, StoredAudit } from '../../core/devices/history-ports';
import * as keys from './keys';
import { toTransaction } from './transaction-records';
import { countQuery, queryPage, readRange, type ItemFilter } from './paging';

type Item = Record<string, unknown>;

/** Sorts after every ISO instant: the open end of a range. */
const OPEN_END = '~';

/** The sort keys of one kind of history item in a date range (patterns I3, I4): `to` is exclusive, as no key equals `{prefix}{to}`. */
export const between = (prefix: string, r: HistoryRange) => ({ from: `${prefix}${r.from ?? ''}`, to: `${prefix}${r.to ?? OPEN_END}` });

const equals = (name: string, value: number | undefined): ItemFilter | undefined =>
  value === undefined ? undefined : { expression: '#f = :f', names: { '#f': name }, values: { ':f': value } };

const HAS_CASH: ItemFilter = { expression: 'attribute_exists(#cash)', names: { '#cash': 'cash' }, values: {} };

const integrityOf = (evaDts: unknown): AuditIntegrity | null => {
  const value = (evaDts as { integrity?: unknown } | undefined)?.integrity;
  return AUDIT_INTEGRITIES.find((i) => i === value) ?? null;
};

export function storedAudit(i: Item): StoredAudit {
  return {
    readAt: String(i.readAt),
    messageId: String(i.messageId),
    origin: Number(i.origin),
    port: i.port as StoredAudit['port'],
    hasDex: typeof i.dex === 'string',
    integrity: integrityOf(i.evaDts),
    receivedAt: String(i.receivedAt),
  };
}

export function transaction(i: Item): PosTransaction {
  return {
    transactionId: String(i.transactionId),
    createdAt: String(i.createdAt),
    type: Number(i.type),
    line: Number(i.line),
    productCode: String(i.productCode),
    priceTable: Number(i.priceTable),
    value: Number(i.value),
    currency: i.currency as PosTransaction['currency'],
    mediaType: Number(i.mediaType),
    ...(typeof i.valueCharge === 'number' ? { valueCharge: i.valueCharge } : {}),
    ...(typeof i.freeSale === 'boolean' ? { freeSale: i.freeSale } : {}),
    ...(typeof i.errorSale === 'boolean' ? { errorSale: i.errorSale } : {}),
    ...issue20Fields(i),
  };
}

const ISSUE_20_FIELDS = ['product', 'savedAt', 'posName', 'originalTransactionId', 'media', 'source', 'creditCardInfo', 'externalServiceInfo'] as const;

/** The fields a sale carries since issue 20, those it has (older sales have none of them but savedAt). */
function issue20Fields(i: Item): Partial<PosTransaction> {
  const t = toTransaction(i);
  return Object.fromEntries(ISSUE_20_FIELDS.flatMap((f) => (t[f] === null || t[f] === undefined ? [] : [[f, t[f]]])));
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
      new GetCommand({ TableName: this.tableName, Key: keys.posAudit(merchantId, serial, readAt, messageId), ProjectionExpression: 'dex' }),
    );
    return typeof res.Item?.dex === 'string' ? res.Item.dex : undefined;
  }

  /** Newest first, audits with figures only, until `max`. */
  private async cashReads(merchantId: string, serial: string, r: HistoryRange, max: number): Promise<AuditCashRead[]> {
    const items = await readRange(this.doc, {
      ...this.range(merchantId, serial, keys.historyPrefix.audit, r, HAS_CASH),
      forward: false,
      max,
      projection: { expression: 'readAt, messageId, #cash' },
    });
    return items.map((i) => ({ readAt: String(i.readAt), messageId: String(i.messageId), cash: i.cash as AuditCash }));
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
      projection: { expression: '#at, signalLevel, temperature', names: { '#at': 'at' } },
    });
    const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);
    return items.map((i) => ({ at: String(i.at), signalLevel: numberOrNull(i.signalLevel), temperature: numberOrNull(i.temperature) }));
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
