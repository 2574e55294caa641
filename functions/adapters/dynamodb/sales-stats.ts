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

  private itemsOf(
    device: Device,
    posName: string | null,
    timeZone: string,
    messages: readonly CountedSales[],
    expiresAt: number,
    shard: number,
  ): TransactItem[] {
    const transactions = messages.flatMap((m) => m.transactions);
    const guards: TransactItem[] = messages.map((m) => ({
      Put: { TableName: this.tableName, Item: { ...keys.salesStatsGuard(m.messageId), expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' },
    }));
    const counters = statsCounterUpdates(
      this.tableName,
      device.merchantId,
      timeZone,
      transactions.map((t) => ({ ...t, createdAt: canonicalTime(t.createdAt), serial: device.serial, posName, groupId: device.groupId })),
      shard,
    );
    const hours = salesHoursUpdates(this.tableName, device, timeZone, transactions);
    const products = productSalesUpdates(this.tableName, device, timeZone, transactions, shard);
    const used = this.newUsed(device.merchantId, usedValuesOf(transactions));
    return [...guards, ...counters, ...hours, ...products, ...(used ? [used] : [])];
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
