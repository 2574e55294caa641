/**
 * A machine's sales per local weekday and hour (ACCESS-PATTERNS T11): the week items' ADDs, written in the sales
 * statistics' exactly-once transaction (sales-stats.ts), and their record schema.
 */
import * as z from 'zod/mini';
import { salesHoursIncrements, type WeekCounts } from '../../core/anomalies/sales-hours';
import { BASELINE_WEEKS } from '../../core/anomalies/rules';
import * as keys from './keys';
import { keyedMap, recordSchema } from './records';
import type { TransactItem } from './transactions';

/** A week item outlives the baseline window by two weeks, then TTL removes it. */
const KEEP_MS = (BASELINE_WEEKS + 3) * 7 * 86_400_000;

/** When a week item goes (TTL, epoch seconds). */
export const salesHoursExpiresAt = (weekStart: string) => Math.floor((Date.parse(`${weekStart}T00:00:00Z`) + KEEP_MS) / 1000);

const isCount = (v: unknown): v is number => typeof v === 'number';

/** The record schema of a week item: `merchantId serial weekStart` and `n{d}{hh}` / `k{d}{hh}` counts. */
export const salesHoursRecord = recordSchema(
  'salesHours',
  z.pipe(
    z.transform((item: unknown) => {
      const { merchantId, serial, weekStart, ...counts } = item as Record<string, unknown>;
      return { merchantId, serial, weekStart, counts };
    }),
    z.object({ merchantId: z.string(), serial: z.string(), weekStart: z.string(), counts: keyedMap(isCount) }),
  ),
);

export const weekCountsOf = (item: Record<string, unknown>): { weekStart: string; counts: WeekCounts } => salesHoursRecord.read(item);

/** The Updates some sales of one machine make to its week items (ADDs; not idempotent: put them beside a guard). */
export function salesHoursUpdates(
  tableName: string,
  device: { merchantId: string; serial: string },
  timeZone: string,
  transactions: Parameters<typeof salesHoursIncrements>[0],
): TransactItem[] {
  return [...salesHoursIncrements(transactions, timeZone).entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([weekStart, adds]) => {
      const list = [...adds.entries()];
      return {
        Update: {
          TableName: tableName,
          Key: keys.posSalesHours(device.merchantId, device.serial, weekStart),
          UpdateExpression: `SET merchantId = :m, serial = :s, weekStart = :w, expiresAt = :e ADD ${list.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(list.map(([n], i) => [`#a${i}`, n])),
          ExpressionAttributeValues: {
            ':m': device.merchantId,
            ':s': device.serial,
            ':w': weekStart,
            ':e': salesHoursExpiresAt(weekStart),
            ...Object.fromEntries(list.map(([, v], i) => [`:a${i}`, v])),
          },
        },
      };
    });
}
