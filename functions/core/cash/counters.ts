/**
 * The day counters of cash messages (ACCESS-PATTERNS K4): attribute names are what the statistics read back
 * (statistics.ts). Acceptance counts on the merchant's day its period ends; movements and errors on their own days.
 */
import { MOVEMENT_SIGN, type CashAcceptancePayload, type CashMovementsPayload, type DeviceErrorsPayload } from '#schemas/cash-messages';
import { dayIn } from '../shared/zoned-time';
import type { DayCounts } from './ports';

/** A denomination the validator could not tell. */
export const UNKNOWN_DENOMINATION = 'x';

export const counterName = {
  accepted: (medium: string) => `acc_${medium}`,
  rejected: (medium: string) => `rej_${medium}`,
  acceptedOf: (medium: string, denomination: number | string) => `acc_${medium}_${denomination}`,
  rejectedOf: (medium: string, denomination: number | string) => `rej_${medium}_${denomination}`,
  rejectedFor: (medium: string, reason: string) => `rejr_${medium}_${reason}`,
  rejectedOfFor: (medium: string, denomination: number | string, reason: string) => `rejd_${medium}_${denomination}_${reason}`,
  moved: (kind: string) => `mv_${kind}`,
  movements: (kind: string) => `mvn_${kind}`,
  net: 'net',
  errors: 'err',
  errorsOf: (resultCode: number) => `errc_${resultCode}`,
} as const;

function add(counts: DayCounts, name: string, n: number): void {
  if (n) counts[name] = (counts[name] ?? 0) + n;
}

export function acceptanceCounts(p: CashAcceptancePayload, timeZone: string): Record<string, DayCounts> {
  const counts: DayCounts = {};
  for (const a of p.accepted) {
    add(counts, counterName.accepted(a.medium), a.count);
    add(counts, counterName.acceptedOf(a.medium, a.denomination), a.count);
  }
  for (const r of p.rejected) {
    const denomination = r.denomination ?? UNKNOWN_DENOMINATION;
    add(counts, counterName.rejected(r.medium), r.count);
    add(counts, counterName.rejectedOf(r.medium, denomination), r.count);
    add(counts, counterName.rejectedFor(r.medium, r.reason), r.count);
    add(counts, counterName.rejectedOfFor(r.medium, denomination, r.reason), r.count);
  }
  return Object.keys(counts).length ? { [dayIn(timeZone, p.to)]: counts } : {};
}

export function movementCounts(p: CashMovementsPayload, timeZone: string): { days: Record<string, DayCounts>; balance: number } {
  const days: Record<string, DayCounts> = {};
  let balance = 0;
  for (const m of p.movements) {
    const counts = (days[dayIn(timeZone, m.at)] ??= {});
    add(counts, counterName.moved(m.kind), m.amount);
    add(counts, counterName.movements(m.kind), 1);
    add(counts, counterName.net, MOVEMENT_SIGN[m.kind] * m.amount);
    balance += MOVEMENT_SIGN[m.kind] * m.amount;
  }
  return { days, balance };
}

export function errorCounts(p: DeviceErrorsPayload, timeZone: string): Record<string, DayCounts> {
  const days: Record<string, DayCounts> = {};
  for (const e of p.errors) {
    const counts = (days[dayIn(timeZone, e.at)] ??= {});
    add(counts, counterName.errors, 1);
    add(counts, counterName.errorsOf(e.resultCode), 1);
  }
  return days;
}
