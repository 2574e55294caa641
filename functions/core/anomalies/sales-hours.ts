/**
 * A machine's sales per local weekday and hour, kept on write (ACCESS-PATTERNS T11): one item per machine and local
 * week (from Monday, the merchant's time zone) with `n{d}{hh}` vends and `k{d}{hh}` cashless vends, d 0 (Monday) – 6,
 * hh 00–23. The anomaly rules read a machine's last weeks of them as its baseline.
 */
import { transactionCategory, type StatCategory } from '#schemas/transaction-constants';

/** What a vend is: a product left the machine (errors, recharges and the other types are not sales). */
const VEND_CATEGORIES: ReadonlySet<StatCategory> = new Set(['cash', 'cashless', 'media', 'free', 'bonus']);

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant (ms; +3,600,000 for Rome in winter). */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(epochMs).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** A local hour: its week (the Monday it starts on), weekday (0 Monday) and hour. */
export interface HourSlot {
  weekStart: string;
  weekday: number;
  hour: number;
}

/** The local hour of a wall-clock time read as UTC (epoch ms of the instant plus the zone's offset). */
export function slotOfWallClock(wallMs: number): HourSlot {
  const d = new Date(wallMs);
  const weekday = (d.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - weekday));
  return { weekStart: monday.toISOString().slice(0, 10), weekday, hour: d.getUTCHours() };
}

export const slotOf = (timeZone: string, instant: string): HourSlot => {
  const at = Date.parse(instant);
  return slotOfWallClock(at + zoneOffsetMs(timeZone, at));
};

/** The attribute names of a slot on its week item: vends and cashless vends. */
export const hourAttributes = (weekday: number, hour: number) => {
  const slot = `${weekday}${String(hour).padStart(2, '0')}`;
  return { vends: `n${slot}`, cashless: `k${slot}` };
};

/** A week item's figures: attribute → count (an attribute never added is 0). */
export type WeekCounts = Readonly<Record<string, number>>;

/** The ADDs some sales make to their machine's week items: week start → attribute → count. */
export function salesHoursIncrements(
  transactions: ReadonlyArray<{ type: number; freeSale?: boolean | null; errorSale?: boolean | null; createdAt: string }>,
  timeZone: string,
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const t of transactions) {
    const category = transactionCategory(t);
    if (!VEND_CATEGORIES.has(category)) continue;
    const slot = slotOf(timeZone, t.createdAt);
    const names = hourAttributes(slot.weekday, slot.hour);
    const week = out.get(slot.weekStart) ?? new Map<string, number>();
    week.set(names.vends, (week.get(names.vends) ?? 0) + 1);
    if (category === 'cashless') week.set(names.cashless, (week.get(names.cashless) ?? 0) + 1);
    out.set(slot.weekStart, week);
  }
  return out;
}
