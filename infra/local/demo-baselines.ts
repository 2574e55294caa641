/**
 * The demo machines' sales baselines (issue 30 item 6): the anomaly rules read a machine's sales per weekday and hour
 * of the 4 complete weeks before this one (ACCESS-PATTERNS T11), longer ago than the demo week that goes through
 * ingestion (demo-history.ts). Those weeks are written here as their week items directly, shaped as the demo week
 * sells (06:00–21:00 UTC, fewer at weekends, about a fifth cashless), without millions of sales: one Put per machine
 * and week, written before the demo week's ingestion ADDs its own sales to the week it starts in.
 *
 * The same vends are the sales statistics of those days (T5–T7: what the dashboards' "week before" and "month
 * before" and the platform's chart read), from the first of the month before the anchor's on: counters only, as the
 * baselines (no transaction items: the transaction list starts with the demo week). Each item is what the
 * statistics' own ADDs (`statsCounterUpdates`) would make, put whole before the demo week's ingestion adds its days.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { salesHoursExpiresAt } from '../../functions/adapters/dynamodb/sales-hours';
import { statsCounterUpdates } from '../../functions/adapters/dynamodb/transaction-records';
import { addMonths, dayIn, firstOfMonth } from '../../functions/core/shared/zoned-time';
import type { CountedTransaction } from '../../functions/core/transactions/stats';
import { BASELINE_WEEKS, weeksBefore } from '../../functions/core/anomalies/rules';
import { hourAttributes, slotOf } from '../../functions/core/anomalies/sales-hours';
import { DEMO_MACHINES, DEMO_MERCHANTS } from './demo-data';

const HOUR = 3_600_000;
const CASHLESS_SHARE = 0.2;

/** A seeded generator per machine (mulberry32), so a machine gets the same weeks every run. */
function randomOf(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2_654_435_761) >>> 0, 2_166_136_261);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Poisson draw (Knuth; the rates here are a few an hour). */
function poisson(random: () => number, rate: number): number {
  const limit = Math.exp(-rate);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

/**
 * The week items of every visible demo machine from the first of the BASELINE_WEEKS weeks before the current one up to
 * `until` (the demo week's start, where ingestion takes over). Returns the items written.
 */
export async function seedDemoBaselines(doc: DynamoDBDocumentClient, tableName: string, anchor: number, until: number): Promise<number> {
  const items: Array<Record<string, unknown>> = [];
  const statistics: Array<ReturnType<typeof statsCounterUpdates>[number]> = [];
  for (const m of DEMO_MACHINES.filter((d) => !d.hidden)) {
    const merchant = DEMO_MERCHANTS.find((d) => d.id === m.merchantId)!.input;
    const timeZone = merchant.timezone;
    const first = weeksBefore(slotOf(timeZone, new Date(anchor).toISOString()).weekStart, BASELINE_WEEKS);
    const random = randomOf(`${m.serial}#baseline`);
    // The silent machine is a busy one: its silence is what stands out.
    const busy = m.silent ? 1.5 : 0.5 + random();
    const weeks = new Map<string, Record<string, number>>();
    const sales: CountedTransaction[] = [];
    const price = merchant.currency === 'COP' ? 150_000 : 120;
    const sold = (at: number, vends: number, cashless: number) => {
      for (let i = 0; i < vends; i++)
        sales.push({
          type: i < cashless ? 1 : 2,
          value: price,
          createdAt: new Date(at + i * 60_000).toISOString(),
          serial: m.serial,
          posName: m.name,
          groupId: m.groupId,
        });
    };
    const from = Math.ceil((Date.parse(`${first}T00:00:00Z`) - 14 * HOUR) / HOUR) * HOUR;
    for (let at = from; at + HOUR <= until; at += HOUR) {
      const when = new Date(at);
      const hour = when.getUTCHours();
      if (hour < 6 || hour >= 21) continue;
      const weekend = [0, 6].includes(when.getUTCDay());
      const vends = poisson(random, (busy * (weekend ? 4 : 7)) / 6);
      if (!vends) continue;
      const slot = slotOf(timeZone, when.toISOString());
      if (slot.weekStart < first) {
        sold(at, vends, 0);
        continue;
      }
      const names = hourAttributes(slot.weekday, slot.hour);
      const week = weeks.get(slot.weekStart) ?? {};
      week[names.vends] = (week[names.vends] ?? 0) + vends;
      const cashless = Array.from({ length: vends }, () => random() < CASHLESS_SHARE).filter(Boolean).length;
      if (cashless) week[names.cashless] = (week[names.cashless] ?? 0) + cashless;
      weeks.set(slot.weekStart, week);
      sold(at, vends, cashless);
    }
    // The statistics reach back to the first of the month before (the dashboard's "month before"), on a stream of their own.
    const monthBefore = Date.parse(`${addMonths(firstOfMonth(dayIn(timeZone, new Date(anchor).toISOString())), -1)}T00:00:00Z`) - 14 * HOUR;
    const earlier = randomOf(`${m.serial}#statistics`);
    for (let at = Math.ceil(monthBefore / HOUR) * HOUR; at < from; at += HOUR) {
      const when = new Date(at);
      if (when.getUTCHours() < 6 || when.getUTCHours() >= 21) continue;
      const vends = poisson(earlier, (busy * ([0, 6].includes(when.getUTCDay()) ? 4 : 7)) / 6);
      sold(at, vends, Array.from({ length: vends }, () => earlier() < CASHLESS_SHARE).filter(Boolean).length);
    }
    statistics.push(...statsCounterUpdates(tableName, m.merchantId, timeZone, sales));
    for (const [weekStart, counts] of weeks)
      items.push({
        ...keys.posSalesHours(m.merchantId, m.serial, weekStart),
        merchantId: m.merchantId,
        serial: m.serial,
        weekStart,
        expiresAt: salesHoursExpiresAt(weekStart),
        ...counts,
      });
  }
  // The statistics items are new (days before the demo week's): each is put whole, what the ADDs of every machine
  // that shares it (a merchant's day shard, a group's day, a machine's month) would make.
  await batchPutItems(doc, tableName, [...items, ...summed(statistics.map(({ Update: u }) => u!))]);
  return items.length;
}

type StatsUpdate = { Key?: Record<string, unknown>; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> };

/** The items `statsCounterUpdates`' Updates make on new keys: SET values as they are, ADD values summed per item. */
function summed(updates: readonly StatsUpdate[]): Array<Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const u of updates) {
    const id = `${String(u.Key?.pk)}|${String(u.Key?.sk)}`;
    const item = out.get(id) ?? { ...u.Key };
    for (const [placeholder, name] of Object.entries(u.ExpressionAttributeNames ?? {})) {
      const value = u.ExpressionAttributeValues?.[`:${placeholder.slice(1)}`];
      item[name] = placeholder.startsWith('#a') ? (Number(item[name]) || 0) + Number(value) : value;
    }
    out.set(id, item);
  }
  return [...out.values()];
}
