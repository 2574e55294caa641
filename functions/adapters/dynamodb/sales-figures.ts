/**
 * Sales statistics read (ACCESS-PATTERNS T5, T5b, T6): a merchant's or its groups' days and a day's local hours, each
 * day's shards summed; the record schemas of the statistics items. What the dashboard reads of sales, without the
 * transaction lists; the transaction repository extends it, and ingestion writes the counters these name.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { STAT_CATEGORIES } from '#schemas/transaction-constants';
import type { TransactionRepository } from '../../core/transactions/ports';
import { addFigures, emptyFigures, type Figures } from '../../core/transactions/stats';
import * as keys from './keys';
import type { ItemFilter } from './paging';
import { keyedMap, recordSchema } from './records';

type Item = Record<string, unknown>;

const isFigure = (v: unknown): v is number => typeof v === 'number';

/**
 * A statistics item's schema: its text attributes as `text` says, and every other attribute a counter (`figures`, a
 * number; `keyedMap` checks them with a predicate, as a month item holds up to 31 days of them for each category).
 */
function statsItem<S extends z.core.$ZodLooseShape>(text: S) {
  const names = new Set(Object.keys(text));
  const split = (item: unknown): unknown => {
    const out: Item = {};
    const figures: Item = {};
    for (const [k, v] of Object.entries(item as Item)) (names.has(k) ? out : figures)[k] = v;
    return { ...out, figures };
  };
  return z.pipe(z.transform(split), z.object({ ...text, figures: keyedMap(isFigure) }));
}

/** The record schema of a merchant's or group's statistics day (T5, T6): `{category}N` / `{category}V`. */
export const statsDayRecord = recordSchema('salesStatsDay', statsItem({ merchantId: z.string(), day: z.string(), groupId: z.optional(z.string()) }));

/** The record schema of a merchant's or group's statistics hours of a day (T5b): `{category}N{hh}` / `{category}V{hh}`. */
export const statsHourRecord = recordSchema('salesStatsHour', statsItem({ merchantId: z.string(), day: z.string(), groupId: z.optional(z.string()) }));

/** The record schema of a machine's statistics month (T7): `{category}N{dd}` / `{category}V{dd}`, its name and group when it last sold. */
export const statsMonthRecord = recordSchema(
  'salesStatsMonth',
  statsItem({ merchantId: z.string(), serial: z.string(), posName: z.string(), groupId: z._default(z.nullable(z.string()), null) }),
);

/** The figures of a parsed statistics item (of day `suffix` of a month item); a category without sales is 0. */
export function figuresOf(figures: Readonly<Record<string, number>>, suffix = ''): Figures {
  const f = emptyFigures();
  for (const c of STAT_CATEGORIES) {
    const names = keys.salesStatsAttributes(c, suffix);
    f[c] = { count: figures[names.count] ?? 0, value: figures[names.value] ?? 0 };
  }
  return f;
}

const yearsOf = (fromDay: string, toDay: string) =>
  Array.from({ length: Number(toDay.slice(0, 4)) - Number(fromDay.slice(0, 4)) + 1 }, (_, i) => String(Number(fromDay.slice(0, 4)) + i));

export class DynamoSalesFigures implements Pick<TransactionRepository, 'dayFigures' | 'hourFigures'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  /** All items of a partition (a year of days, a month of machines): one Query unless past 1 MB. */
  protected async partitionItems(pk: string, sk?: { from: string; to: string }, filter?: ItemFilter): Promise<Item[]> {
    const out: Item[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: sk ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
          ExpressionAttributeNames: { '#pk': 'pk', ...(sk ? { '#sk': 'sk' } : {}), ...filter?.names },
          ExpressionAttributeValues: { ':pk': pk, ...(sk ? { ':from': sk.from, ':to': sk.to } : {}), ...filter?.values },
          ...(filter ? { FilterExpression: filter.expression } : {}),
          ExclusiveStartKey: start,
        }),
      );
      out.push(...((res.Items ?? []) as Item[]));
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  }

  async dayFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<Map<string, Figures>> {
    const years = yearsOf(fromDay, toDay);
    const pks = groupIds
      ? groupIds.flatMap((g) => years.map((y) => keys.groupSalesStatsPk(merchantId, g, y)))
      : years.map((y) => keys.merchantSalesStatsPk(merchantId, y));
    const items = (await Promise.all(pks.map((pk) => this.partitionItems(pk, keys.salesStatsDays(fromDay, toDay))))).flat();
    // Each day's shards (and its unsharded item of before the shards) summed.
    const days = new Map<string, Figures>();
    for (const { day, figures } of items.map((i) => statsDayRecord.read(i))) days.set(day, addFigures(days.get(day) ?? emptyFigures(), figuresOf(figures)));
    return days;
  }

  async hourFigures(merchantId: string, groupIds: readonly string[] | undefined, day: string): Promise<Figures[]> {
    const year = day.slice(0, 4);
    const pks = groupIds ? groupIds.map((g) => keys.groupSalesStatsPk(merchantId, g, year)) : [keys.merchantSalesStatsPk(merchantId, year)];
    const items = (await Promise.all(pks.map((pk) => this.partitionItems(pk, keys.salesStatsDays(day, day, 'HOUR'))))).flat();
    const hours = Array.from({ length: 24 }, () => emptyFigures());
    for (const { figures } of items.map((i) => statsHourRecord.read(i))) {
      hours.forEach((h, i) => addFigures(h, figuresOf(figures, String(i).padStart(2, '0'))));
    }
    return hours;
  }
}
