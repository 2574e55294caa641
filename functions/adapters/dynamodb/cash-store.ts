/**
 * What ingestion stores of a cash-handling machine's data (ACCESS-PATTERNS K4–K8): history items in the machine's
 * partition (idempotent puts keyed by time + messageId), and the day counters of the machine and its merchant with
 * the machine's balance, counted exactly once per message: one TransactWriteItems per machine and batch holds a guard
 * per message (`attribute_not_exists`) with the ADDs of those messages, so a redelivery or a duplicated publish finds
 * its guard and counts nothing again (as sales-stats.ts does for transactions).
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { CashHistoryItem, CashIngestionStore, CountedCashMessage, DayCounts } from '../../core/cash/ports';
import type { Device } from '../../core/ingestion/ports';
import { batchPutItems } from './batch-items';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { isTransactionCancelled, type TransactItem } from './transactions';

const MAX_ITEMS = 100;
const MAX_ATTEMPTS = 6;
/** Sensor readings feed the charts for ~13 months, like the telemetry samples; movements and errors stay. */
const SENSOR_READING_TTL_SECONDS = 400 * 86_400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function cashHistoryItem(i: CashHistoryItem): Record<string, unknown> {
  const { merchantId, serial } = i.device;
  const common = { merchantId, serial, at: i.at, messageId: i.messageId };
  switch (i.kind) {
    case 'sensors':
      return {
        ...keys.posCashSensors(merchantId, serial, i.at, i.messageId),
        entity: 'CASH_SENSORS',
        ...common,
        values: i.values,
        expiresAt: Math.floor(Date.parse(i.at) / 1000) + SENSOR_READING_TTL_SECONDS,
      };
    case 'movement':
      return { ...keys.posCashMovement(merchantId, serial, i.at, i.messageId, i.n), entity: 'CASH_MOVEMENT', ...common, ...i.movement };
    case 'deviceError':
      return { ...keys.posDeviceError(merchantId, serial, i.at, i.messageId, i.n), entity: 'DEVICE_ERROR', ...common, ...i.error };
  }
}

export class DynamoCashStore implements CashIngestionStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  putCashHistory(items: readonly CashHistoryItem[]): Promise<void> {
    return batchPutItems(this.doc, this.tableName, items.map(cashHistoryItem));
  }

  async countCash(device: Device, messages: readonly CountedCashMessage[], expiresAt: number): Promise<void> {
    let pending = [...messages];
    for (let attempt = 0; pending.length; attempt++) {
      const chunk = this.chunkOf(device, pending, expiresAt);
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: chunk.items }));
        pending = pending.slice(chunk.messages.length);
        attempt = -1;
        continue;
      } catch (error) {
        if (!isTransactionCancelled(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
        const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
        // Guards already there: those messages were counted by an earlier delivery.
        const counted = new Set(chunk.messages.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((m) => m.messageId));
        if (counted.size) pending = pending.filter((m) => !counted.has(m.messageId));
        else await sleep(20 * 2 ** attempt + Math.random() * 20); // a conflict with another writer of the same counters
      }
    }
  }

  /** The leading messages that fit one transaction: their guards first (in message order), then their counters. */
  private chunkOf(device: Device, messages: readonly CountedCashMessage[], expiresAt: number) {
    let taken: CountedCashMessage[] = [];
    let items: TransactItem[] = [];
    for (let n = 1; n <= messages.length; n++) {
      const candidate = messages.slice(0, n);
      const next = this.itemsOf(device, candidate, expiresAt);
      if (next.length > MAX_ITEMS && n > 1) break;
      taken = candidate;
      items = next;
    }
    return { messages: taken, items };
  }

  private itemsOf(device: Device, messages: readonly CountedCashMessage[], expiresAt: number): TransactItem[] {
    const guards: TransactItem[] = messages.map((m) => ({
      Put: { TableName: this.tableName, Item: { ...keys.cashStatsGuard(m.messageId), expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' },
    }));
    const days = new Map<string, DayCounts>();
    for (const m of messages)
      for (const [day, counts] of Object.entries(m.days)) {
        const sum = days.get(day) ?? {};
        for (const [name, n] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + n;
        days.set(day, sum);
      }
    const counters = [...days].flatMap(([day, counts]) => [
      counterUpdate(this.tableName, keys.cashStatsDay(keys.machineCashStatsPk(device.merchantId, device.serial, day.slice(0, 4)), day), counts),
      counterUpdate(this.tableName, keys.cashStatsDay(keys.merchantCashStatsPk(device.merchantId, day.slice(0, 4)), day), counts),
    ]);
    const balance = { balance: messages.reduce((sum, m) => sum + m.balance, 0) };
    const balances = [
      counterUpdate(this.tableName, keys.posCashBalance(device.merchantId, device.serial), balance),
      counterUpdate(this.tableName, keys.merchantCashBalance(device.merchantId), balance),
    ];
    return [...guards, ...counters, ...balances].filter((i): i is TransactItem => i !== undefined);
  }
}
