/**
 * The KPI counters (ACCESS-PATTERNS KP1–KP2): the ADDs a write puts in its own exactly-once transaction (a machine's
 * month item, its merchant's and group's month item in the machine's shard), the reads that sum them, and a machine's
 * own rate of sale from its statistics months (T7), which the writes of lost hours price.
 */
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SOLD_CATEGORIES } from '#schemas/kpi-constants';
import { KPI_COUNTERS, RATE_WINDOW_DAYS, saleRatePerHour, type KpiCounter, type KpiDays, type KpiFigures } from '../../core/kpis/counters';
import type { KpiReads } from '../../core/kpis/ports';
import { emptyFigures, addFigures, type Figures } from '../../core/transactions/stats';
import { batchGetItems } from './batch-items';
import { counterRecord, counterUpdate } from './counters';
import * as keys from './keys';
import { statsMonthRecord } from './sales-figures';
import { statsShardOf } from './transaction-records';
import type { TransactItem } from './transactions';

type Item = Record<string, unknown>;

const STEM_OF = KPI_COUNTERS as Record<KpiCounter, string>;
const COUNTER_OF = new Map<string, KpiCounter>(Object.entries(KPI_COUNTERS).map(([k, stem]): [string, KpiCounter] => [stem, k as KpiCounter]));
/** Hours are kept to the second (no float dust in the sums). */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Where a write counts: the machine (none for a cloud refund without one), its merchant and its group. */
export interface KpiScope {
  merchantId: string;
  serial: string | null;
  groupId: string | null;
}

/**
 * The Updates that add `adds` (ADDs, not idempotent: put them beside the write's own guard). One Update per item and
 * UTC month: the machine's month (KP1) unless `merchantOnly`, the merchant's and the group's month in the machine's
 * shard (KP2).
 */
export function kpiCounterUpdates(tableName: string, scope: KpiScope, adds: KpiDays, o: { machine?: boolean; merchant?: boolean } = {}): TransactItem[] {
  const byMonth = new Map<string, Record<string, number>>();
  for (const [day, figures] of adds) {
    const month = day.slice(0, 7);
    const deltas = byMonth.get(month) ?? {};
    for (const [k, v] of Object.entries(figures) as Array<[KpiCounter, number]>) {
      const name = `${STEM_OF[k]}${day.slice(8, 10)}`;
      deltas[name] = round((deltas[name] ?? 0) + v);
    }
    byMonth.set(month, deltas);
  }
  const shard = statsShardOf(scope.serial);
  const out: TransactItem[] = [];
  for (const [month, deltas] of [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const targets = [
      ...(scope.serial && o.machine !== false ? [keys.posKpiMonth(scope.merchantId, scope.serial, month)] : []),
      ...(o.merchant !== false ? [keys.kpiStatsMonth(keys.kpiStatsPk(scope.merchantId), month, shard)] : []),
      ...(scope.groupId ? [keys.kpiStatsMonth(keys.kpiStatsPk(scope.merchantId, scope.groupId), month, shard)] : []),
    ];
    for (const key of targets) {
      const update = counterUpdate(tableName, key, deltas);
      if (update) out.push(update);
    }
  }
  return out;
}

/** A month item's counters as days: `{stem}{dd}` → day → counter. */
function daysOf(month: string, item: Item, into: Map<string, Partial<KpiFigures>>): void {
  for (const [name, value] of Object.entries(counterRecord.read(item))) {
    const counter = COUNTER_OF.get(name.slice(0, -2));
    if (!counter || !/^\d\d$/.test(name.slice(-2))) continue;
    const day = `${month}-${name.slice(-2)}`;
    const figures = into.get(day) ?? {};
    figures[counter] = (figures[counter] ?? 0) + value;
    into.set(day, figures);
  }
}

const monthsOf = (fromDay: string, toDay: string) => {
  const out: string[] = [];
  for (let m = fromDay.slice(0, 7); m <= toDay.slice(0, 7);) {
    out.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return out;
};

export class DynamoKpiReads implements KpiReads {
  /** DynamoDB calls made (bench). */
  calls = 0;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * The merchant's (or its groups') KPI counters per UTC day from–to: one Query per partition (a 365-day range is 13
   * months × 8 shards ≈ 100 small items, one page), whatever the fleet.
   */
  async scopeDays(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<Map<string, Partial<KpiFigures>>> {
    const pks = groupIds ? groupIds.map((g) => keys.kpiStatsPk(merchantId, g)) : [keys.kpiStatsPk(merchantId)];
    const days = new Map<string, Partial<KpiFigures>>();
    await Promise.all(
      pks.map(async (pk) => {
        let start: Item | undefined;
        do {
          this.calls++;
          const res = await this.doc.send(
            new QueryCommand({
              TableName: this.tableName,
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':pk': pk, ':from': `MONTH#${fromDay.slice(0, 7)}`, ':to': `MONTH#${toDay.slice(0, 7)}#~` },
              ExclusiveStartKey: start,
            }),
          );
          for (const item of res.Items ?? []) daysOf(String(item.sk).slice(6, 13), item, days);
          start = res.LastEvaluatedKey;
        } while (start);
      }),
    );
    return days;
  }

  /**
   * One machine's KPI counters (KP1) and its sold figures per local day (T7) from `fromDay` (and at least the last
   * RATE_WINDOW_DAYS, for its rate of sale) to `toDay`: one BatchGetItem of ≤ 2 × 13 month items.
   */
  async machineDays(merchantId: string, serial: string, fromDay: string, toDay: string, rateFromDay: string) {
    const first = fromDay < rateFromDay ? fromDay : rateFromDay;
    const months = monthsOf(first, toDay);
    const keyList = months.flatMap((m) => [keys.posKpiMonth(merchantId, serial, m), keys.machineSalesStats(merchantId, m, serial)]);
    this.calls += Math.ceil(keyList.length / 100);
    const counters = new Map<string, Partial<KpiFigures>>();
    const sales = new Map<string, Figures>();
    for (const item of await batchGetItems(this.doc, this.tableName, keyList)) {
      if (String(item.sk).startsWith('KPIS#')) daysOf(String(item.sk).slice(5), item, counters);
      else {
        const month = String(item.pk).slice(-7);
        const { figures } = statsMonthRecord.read(item);
        for (let d = 1; d <= 31; d++) {
          const dd = String(d).padStart(2, '0');
          const day: Figures = emptyFigures();
          for (const c of Object.keys(day) as Array<keyof Figures>) {
            const names = keys.salesStatsAttributes(c, dd);
            day[c] = { count: figures[names.count] ?? 0, value: figures[names.value] ?? 0 };
          }
          if (Object.values(day).some((f) => f.count || f.value)) sales.set(`${month}-${dd}`, addFigures(sales.get(`${month}-${dd}`) ?? emptyFigures(), day));
        }
      }
    }
    return { counters, sales };
  }
}

/**
 * A machine's own rate of sale now (minor units an hour over its last RATE_WINDOW_DAYS, from its statistics months
 * T7: one BatchGetItem of 4 items), or null without sales. The writes of lost hours read it (rarely: a return online,
 * a silence's end).
 */
export async function machineSaleRate(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  serial: string,
  nowMs: number,
): Promise<number | null> {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const from = new Date(nowMs - RATE_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const res = await doc.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: monthsOf(from, today).map((m) => keys.machineSalesStats(merchantId, m, serial)) } } }),
  );
  const byDay = new Map<string, number>();
  for (const item of res.Responses?.[tableName] ?? []) {
    const month = String(item.pk).slice(-7);
    const { figures } = statsMonthRecord.read(item);
    for (let d = 1; d <= 31; d++) {
      const dd = String(d).padStart(2, '0');
      const value = SOLD_CATEGORIES.reduce((sum, c) => sum + (figures[keys.salesStatsAttributes(c, dd).value] ?? 0), 0);
      if (value) byDay.set(`${month}-${dd}`, value);
    }
  }
  return saleRatePerHour(byDay, nowMs);
}
