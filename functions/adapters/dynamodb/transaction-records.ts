/**
 * Transaction items and their statistics counters (ACCESS-PATTERNS T1–T7), shared by ingestion (a machine's sales),
 * the transactions API and the cloud's own transactions (refunds, web recharges: media-api, cust-api), which put
 * them in their own TransactWriteItems with these builders.
 */
import * as z from 'zod/mini';
import { CurrencyCode } from '#schemas/currency';
import type { SaleTransaction } from '#schemas/iot';
import { EXTERNAL_SERVICES, transactionCategory } from '#schemas/transaction-constants';
import type { Transaction } from '#schemas/transaction';
import { statsIncrements, type CountedTransaction, type StatsIncrement } from '../../core/transactions/stats';
import * as keys from './keys';
import { recordSchema } from './records';
import type { TransactItem } from './transactions';

type Item = Record<string, unknown>;

/** A transaction made in the cloud: no machine partition; its media's. `serial` only for a refund made at a machine. */
export type CloudTransaction = Omit<SaleTransaction, 'media'> & {
  merchantId: string;
  media: NonNullable<SaleTransaction['media']>;
  /** When the cloud recorded it (its `savedAt`). */
  savedAt: string;
  serial?: string;
  posName?: string;
  groupId?: string;
};

/** The index attributes of a sale item (I3), keyed by its ref in the machine's partition. */
export function saleIndexAttributes(
  merchantId: string,
  t: { createdAt: string; serial: string | null; groupId: string | null; media?: { id: string } | null },
  ref: string,
) {
  return keys.saleIndexes(merchantId, { createdAt: t.createdAt, serial: t.serial, groupId: t.groupId, mediaId: t.media?.id }, ref);
}

/** The Put of a cloud transaction's item (conditioned on it being new: the Put is its own guard). */
export function cloudTransactionPut(tableName: string, t: CloudTransaction): TransactItem {
  const { merchantId, id, ...fields } = t;
  const ref = `${id}#000`;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...fields,
        ...keys.cloudSale(merchantId, t.media.id, t.createdAt, id),
        ...saleIndexAttributes(merchantId, { createdAt: t.createdAt, serial: t.serial ?? null, groupId: t.groupId ?? null, media: t.media }, ref),
        entity: 'SALE',
        merchantId,
        transactionId: id,
        messageId: id,
        at: t.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const DAY_OF_MONTH = (day: string) => day.slice(8, 10);

/**
 * Shards of each merchant's and group's statistics day (and hour) item. Every sale of a merchant moves its day: one
 * item would serialise the transactions of all its machines (DynamoDB cancels concurrent transactions on one item),
 * so a machine writes to its own shard (its serial's hash) and a read sums the shards. A machine's month item (T7)
 * is its own already.
 */
export const SALES_STATS_SHARDS = 8;

/** The shard of a machine's sales (FNV-1a of its serial); a cloud transaction without a machine counts in shard 0. */
export function statsShardOf(serial: string | null): number {
  if (!serial) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < serial.length; i++) h = Math.imul(h ^ serial.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SALES_STATS_SHARDS;
}

/** The item an increment moves (a day's, an hour's of that day, a machine's month) and its counters' suffix. */
function itemsOf(merchantId: string, inc: StatsIncrement, shard: number) {
  const year = inc.day.slice(0, 4);
  if (inc.scope === 'machine') return [{ key: keys.machineSalesStats(merchantId, inc.day.slice(0, 7), inc.serial!), suffix: DAY_OF_MONTH(inc.day) }];
  const pk = inc.scope === 'merchant' ? keys.merchantSalesStatsPk(merchantId, year) : keys.groupSalesStatsPk(merchantId, inc.groupId!, year);
  return [
    { key: keys.salesStatsDay(pk, inc.day, shard), suffix: '' },
    { key: keys.salesStatsHour(pk, inc.day, shard), suffix: inc.hour },
  ];
}

/**
 * The counter Updates some transactions move (ADDs; per merchant and group day and its hours in `shard`, per machine
 * month), in a stable order. Not idempotent: put them in a transaction with a guard (a sales message's, or the cloud
 * transaction's Put). The shard defaults to the first transaction's machine's.
 */
export function statsCounterUpdates(
  tableName: string,
  merchantId: string,
  timeZone: string,
  transactions: readonly CountedTransaction[],
  shard = statsShardOf(transactions[0]?.serial ?? null),
): TransactItem[] {
  const items = new Map<string, { key: Item; adds: Map<string, number>; sets: Item }>();
  for (const inc of statsIncrements(transactions, timeZone)) {
    for (const { key, suffix } of itemsOf(merchantId, inc, shard)) {
      const id = `${key.pk}|${key.sk}`;
      const entry = items.get(id) ?? { key, adds: new Map<string, number>(), sets: { merchantId } as Item };
      const names = keys.salesStatsAttributes(inc.category, suffix);
      entry.adds.set(names.count, (entry.adds.get(names.count) ?? 0) + inc.count);
      entry.adds.set(names.value, (entry.adds.get(names.value) ?? 0) + inc.value);
      if (inc.scope === 'machine') Object.assign(entry.sets, { serial: inc.serial, posName: inc.posName ?? inc.serial, groupId: inc.groupId });
      else Object.assign(entry.sets, { day: inc.day, ...(inc.groupId ? { groupId: inc.groupId } : {}) });
      items.set(id, entry);
    }
  }
  return [...items.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, { key, adds, sets }]) => {
      const addList = [...adds.entries()];
      const setList = Object.entries(sets);
      return {
        Update: {
          TableName: tableName,
          Key: key,
          UpdateExpression: `SET ${setList.map((_, i) => `#s${i} = :s${i}`).join(', ')} ADD ${addList.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
          ExpressionAttributeNames: {
            ...Object.fromEntries(setList.map(([n], i) => [`#s${i}`, n])),
            ...Object.fromEntries(addList.map(([n], i) => [`#a${i}`, n])),
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(setList.map(([, v], i) => [`:s${i}`, v])),
            ...Object.fromEntries(addList.map(([, v], i) => [`:a${i}`, v])),
          },
        },
      };
    });
}

/** What the "used" item gains from some transactions (number sets; adding a known value changes nothing). */
export function usedValuesOf(transactions: ReadonlyArray<{ type: number; mediaType: number; source?: { type: number } | null }>) {
  return {
    types: new Set(transactions.map((t) => t.type)),
    mediaTypes: new Set(transactions.map((t) => t.mediaType)),
    sourceTypes: new Set(transactions.flatMap((t) => (t.source ? [t.source.type] : []))),
  };
}

/** The Update of the merchant's "used" item: ADD to its number sets (idempotent by itself). */
export function usedUpdate(tableName: string, merchantId: string, used: ReturnType<typeof usedValuesOf>): TransactItem | undefined {
  const sets = Object.entries(used).filter(([, values]) => values.size > 0);
  if (!sets.length) return undefined;
  return {
    Update: {
      TableName: tableName,
      Key: keys.salesUsed(merchantId),
      UpdateExpression: `SET merchantId = :m ADD ${sets.map((_, i) => `#u${i} :u${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(sets.map(([n], i) => [`#u${i}`, n])),
      ExpressionAttributeValues: { ':m': merchantId, ...Object.fromEntries(sets.map(([, v], i) => [`:u${i}`, v])) },
    },
  };
}

/**
 * The record schema of a transaction item (I3, and a cloud transaction in its media's partition): what the sale
 * carried as sent (issue 20's fields and `valueCharge freeSale errorSale` only when sent), `savedAt`, and the
 * machine's `serial posName groupId` (a cloud transaction has them only when made at a machine).
 */
export const transactionRecord = recordSchema(
  'transaction',
  z.object({
    transactionId: z.string(),
    serial: z.optional(z.string()),
    posName: z.optional(z.string()),
    groupId: z.optional(z.nullable(z.string())),
    type: z.number(),
    freeSale: z.optional(z.boolean()),
    errorSale: z.optional(z.boolean()),
    line: z.number(),
    product: z.optional(z.string()),
    productCode: z.string(),
    priceTable: z.number(),
    value: z.number(),
    currency: CurrencyCode,
    valueCharge: z.optional(z.number()),
    mediaType: z.number(),
    createdAt: z.string(),
    savedAt: z.string(),
    originalTransactionId: z.optional(z.string()),
    media: z.optional(
      z.object({
        id: z.string(),
        serial: z.string(),
        credit: z.optional(z.number()),
        bonusCredit: z.optional(z.number()),
        bonusFreeSales: z.optional(z.number()),
        counter: z.optional(z.number()),
        externalService: z.optional(z.literal(EXTERNAL_SERVICES)),
      }),
    ),
    source: z.optional(z.object({ type: z.number(), serial: z.string() })),
    creditCardInfo: z.optional(z.object({ fileId: z.string() })),
    externalServiceInfo: z.optional(z.object({ userId: z.string() })),
  }),
);
export type StoredTransaction = ReturnType<typeof transactionRecord.read>;

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** A stored transaction (a machine's sale item or a cloud transaction's), as the API shows it: what was not sent is null. */
export const toTransaction = (item: Item): Transaction => transactionView(item, transactionRecord.read(item));

/** The API's view of a parsed transaction record; its id is where the item is stored. */
export function transactionView(key: Item, r: StoredTransaction): Transaction {
  const { media, source } = r;
  const flags = { type: r.type, freeSale: r.freeSale ?? false, errorSale: r.errorSale ?? false };
  return {
    id: Buffer.from(`${key.pk as string}|${key.sk as string}`, 'utf8').toString('base64url'),
    transactionId: r.transactionId,
    serial: orNull(r.serial),
    posName: orNull(r.posName),
    groupId: orNull(r.groupId) ?? null,
    ...flags,
    line: r.line,
    product: orNull(r.product),
    productCode: r.productCode,
    priceTable: r.priceTable,
    value: r.value,
    currency: r.currency,
    valueCharge: orNull(r.valueCharge),
    mediaType: r.mediaType,
    createdAt: r.createdAt,
    savedAt: r.savedAt,
    originalTransactionId: orNull(r.originalTransactionId),
    media: media
      ? {
          id: media.id,
          serial: media.serial,
          credit: orNull(media.credit),
          bonusCredit: orNull(media.bonusCredit),
          bonusFreeSales: orNull(media.bonusFreeSales),
          counter: orNull(media.counter),
          externalService: orNull(media.externalService),
        }
      : null,
    source: source ? { type: source.type, serial: source.serial } : null,
    creditCardInfo: orNull(r.creditCardInfo),
    externalServiceInfo: orNull(r.externalServiceInfo),
    category: transactionCategory(flags),
  };
}
