/**
 * Transaction statistics of a machine's sales messages (ACCESS-PATTERNS T5–T7), counted exactly once per message:
 * one TransactWriteItems per machine and batch holds a guard item per message (`attribute_not_exists`) with the
 * counter ADDs of those messages, so a redelivery, a batch retried half-way or a duplicated publish finds its
 * guard and counts nothing again. A message whose guard is there is left out and the rest tried again. The same
 * transaction moves the machine's sales per weekday and hour (T11, sales-hours.ts), the anomaly rules' baseline,
 * and the products report's counters (R1, product-sales.ts).
 * The merchant's and group's day counters are sharded (SALES_STATS_SHARDS): a machine writes its serial's shard, so
 * concurrent batches of one merchant's machines rarely touch one item; a transaction that still conflicts is tried
 * again in the next shard (it wrote nothing, and its guards keep the count exact whichever shard takes it).
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { CountedSales, Device, SalesStats } from '../../core/ingestion/ports';
import { canonicalTime } from '../../core/ingestion/rules';
import * as keys from './keys';
import { productSalesUpdates } from './product-sales';
import { salesHoursUpdates } from './sales-hours';
import { SALES_STATS_SHARDS, statsCounterUpdates, statsShardOf, usedUpdate, usedValuesOf } from './transaction-records';
import { isTransactionCancelled, type TransactItem } from './transactions';

/** Items of one transaction at most (DynamoDB: 100), guards and counters together. */
const MAX_ITEMS = 100;
const MAX_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DynamoSalesStats implements SalesStats {
  /** Types already added to each merchant's used item by this warm function: only new ones are written. */
  private readonly used = new Map<string, Set<string>>();
  /** Transactions cancelled by a conflict with another writer of the same counters, since this instance was made (bench). */
  conflicts = 0;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async countSales(device: Device, posName: string | null, timeZone: string, messages: readonly CountedSales[], expiresAt: number): Promise<void> {
    let pending = [...messages];
    let shard = statsShardOf(device.serial);
    for (let attempt = 0; pending.length; attempt++) {
      const chunk = this.chunkOf(device, posName, timeZone, pending, expiresAt, shard);
      if (chunk.items.length > MAX_ITEMS) {
        await this.countInParts(device, posName, timeZone, chunk.messages[0]!, expiresAt, shard);
        this.remember(device.merchantId, chunk.messages);
        pending = pending.slice(1);
        attempt = -1;
        continue;
      }
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: chunk.items }));
        this.remember(device.merchantId, chunk.messages);
        pending = pending.slice(chunk.messages.length);
        attempt = -1;
        continue;
      } catch (error) {
        if (!isTransactionCancelled(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
        const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
        // Guards already there: those messages were counted by an earlier delivery.
        const counted = new Set(chunk.messages.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((m) => m.messageId));
        if (counted.size) pending = pending.filter((m) => !counted.has(m.messageId));
        else {
          // A conflict with another writer of the same counters: the next shard, after a pause.
          this.conflicts++;
          shard = (shard + 1) % SALES_STATS_SHARDS;
          await sleep(20 * 2 ** attempt + Math.random() * 20);
        }
      }
    }
  }

  /** The leading messages that fit one transaction: their guards first (in message order), then their counters. */
  private chunkOf(device: Device, posName: string | null, timeZone: string, messages: readonly CountedSales[], expiresAt: number, shard: number) {
    let taken: CountedSales[] = [];
    let items: TransactItem[] = [];
    for (let n = 1; n <= messages.length; n++) {
      const candidate = messages.slice(0, n);
      const next = this.itemsOf(device, posName, timeZone, candidate, expiresAt, shard);
      if (next.length > MAX_ITEMS && n > 1) break;
      taken = candidate;
      items = next;
    }
    return { messages: taken, items };
  }

  /**
   * One message whose counters alone pass a transaction (sales over many days, many products): its counters in
   * parts of one transaction each, each with a guard of its own (`{messageId}#{part}`), so a redelivery counts only
   * the parts not counted yet. The parts are cut the same way at every delivery (the counter items' order does not
   * depend on the shard); the used types, a set ADD that is idempotent, go apart.
   */
  private async countInParts(device: Device, posName: string | null, timeZone: string, message: CountedSales, expiresAt: number, firstShard: number) {
    let shard = firstShard;
    const partsOf = (s: number) => {
      const counters = this.countersOf(device, posName, timeZone, message.transactions, s);
      return Array.from({ length: Math.ceil(counters.length / (MAX_ITEMS - 1)) }, (_, i) => counters.slice(i * (MAX_ITEMS - 1), (i + 1) * (MAX_ITEMS - 1)));
    };
    const count = partsOf(shard).length;
    for (let part = 0; part < count; part++)
      for (let attempt = 0; ; attempt++) {
        try {
          await this.doc.send(new TransactWriteCommand({ TransactItems: [this.guardOf(`${message.messageId}#${part}`, expiresAt), ...partsOf(shard)[part]!] }));
          break;
        } catch (error) {
          if (!isTransactionCancelled(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
          // Its guard is there: an earlier delivery counted this part.
          if ((error as TransactionCanceledException).CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') break;
          this.conflicts++;
          shard = (shard + 1) % SALES_STATS_SHARDS;
          await sleep(20 * 2 ** attempt + Math.random() * 20);
        }
      }
    const used = this.newUsed(device.merchantId, usedValuesOf(message.transactions));
    if (used) await this.doc.send(new TransactWriteCommand({ TransactItems: [used] }));
  }

  private guardOf(id: string, expiresAt: number): TransactItem {
    return { Put: { TableName: this.tableName, Item: { ...keys.salesStatsGuard(id), expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } };
  }

  private itemsOf(
    device: Device,
    posName: string | null,
    timeZone: string,
    messages: readonly CountedSales[],
    expiresAt: number,
    shard: number,
  ): TransactItem[] {
    const transactions = messages.flatMap((m) => m.transactions);
    const guards = messages.map((m) => this.guardOf(m.messageId, expiresAt));
    const used = this.newUsed(device.merchantId, usedValuesOf(transactions));
    return [...guards, ...this.countersOf(device, posName, timeZone, transactions, shard), ...(used ? [used] : [])];
  }

  /** The counter updates of these sales: statistics days and hours, the machine's sales per weekday and hour, the products'. */
  private countersOf(device: Device, posName: string | null, timeZone: string, transactions: CountedSales['transactions'], shard: number): TransactItem[] {
    const counters = statsCounterUpdates(
      this.tableName,
      device.merchantId,
      timeZone,
      transactions.map((t) => ({ ...t, createdAt: canonicalTime(t.createdAt), serial: device.serial, posName, groupId: device.groupId })),
      shard,
    );
    const hours = salesHoursUpdates(this.tableName, device, timeZone, transactions);
    const products = productSalesUpdates(this.tableName, device, timeZone, transactions, shard);
    return [...counters, ...hours, ...products];
  }

  private newUsed(merchantId: string, values: ReturnType<typeof usedValuesOf>): TransactItem | undefined {
    const known = this.used.get(merchantId);
    const fresh = Object.fromEntries(Object.entries(values).map(([k, set]) => [k, new Set([...set].filter((v) => !known?.has(`${k}:${v}`)))])) as typeof values;
    return usedUpdate(this.tableName, merchantId, fresh);
  }

  private remember(merchantId: string, messages: readonly CountedSales[]): void {
    const known = this.used.get(merchantId) ?? new Set<string>();
    for (const [k, set] of Object.entries(usedValuesOf(messages.flatMap((m) => m.transactions)))) for (const v of set) known.add(`${k}:${v}`);
    this.used.set(merchantId, known);
  }
}
