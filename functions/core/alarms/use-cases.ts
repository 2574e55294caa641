/**
 * Device alarms read and acted on through the API (spec §2 /alarms and the device's alarms tab): paged
 * lists, CSV, statistics maintained on write, manual repair and delete. A group admin sees the alarms of
 * the machines in its groups now (a moved machine's history follows it); a machine outside the caller's scope answers 404.
 */
import type { Alarm, AlarmCounts, AlarmFilters, AlarmListQuery, AlarmStats, AlarmStatsQuery, PosAlarmListQuery } from '#schemas/alarm';
import { MAX_STATS_DAYS } from '#schemas/alarm-constants';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { Page, Total } from '#schemas/paging';
import { MerchantRequiredException } from '../devices/errors';
import type { PosReader } from '../devices/ports';
import { requireVisiblePos } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import { toCsv } from '../shared/csv';
import { emptyPage, pageOf } from '../shared/page';
import { ValidationError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { AlarmAlreadyRepairedException, AlarmExportTooLargeException, AlarmNotFoundException } from './errors';
import { alarmId, alarmKeyOf, countsOf, isOpen, type StoredAlarm } from './model';
import type { AlarmClosing, AlarmDevice, AlarmRepository, AlarmSelection } from './ports';
import { recordChange } from '../audit/change-recorder';

export type AlarmDeps = { pos: PosReader; alarms: AlarmRepository; now: () => string };

/** Most alarms one CSV holds (spec §5: exports are capped). */
export const MAX_ALARM_EXPORT = 5_000;
const MAX_WRITE_ATTEMPTS = 5;

const canonical = (iso: string | undefined) => (iso ? new Date(iso).toISOString() : undefined);

function filtersOf(q: AlarmFilters): Omit<AlarmSelection, 'merchantId'> {
  return { status: q.status, category: q.category, criticity: q.criticity, from: canonical(q.from), to: canonical(q.to) };
}

/**
 * The alarms a merchant-wide request reads: one machine (`serial`, which must be visible and the
 * merchant's), or the merchant's alarms narrowed to a group admin's groups. undefined = nothing visible.
 */
async function merchantSelection(
  deps: AlarmDeps,
  principal: Principal,
  merchantId: string,
  q: AlarmFilters & { serial?: string },
): Promise<AlarmSelection | undefined> {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) throw new MerchantRequiredException();
  const scope = groupScope(principal, merchantId);
  if (scope.kind === 'none') throw new MerchantNotFoundException();
  const base = { merchantId, ...filtersOf(q) };
  if (q.serial) {
    const { record } = await requireVisiblePos(deps, principal, q.serial);
    return record.merchantId === merchantId ? { ...base, serial: q.serial } : undefined;
  }
  if (scope.kind === 'groups') return scope.groupIds.length ? { ...base, groupIds: scope.groupIds } : undefined;
  return base;
}

async function posSelection(deps: AlarmDeps, principal: Principal, serial: string, q: AlarmFilters): Promise<AlarmSelection> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  return { merchantId: record.merchantId, serial, ...filtersOf(q) };
}

/** Alarms as the API shows them, with their machines' names (one BatchGetItem). */
export async function toAlarms(deps: { alarms: Pick<AlarmRepository, 'posNames'> }, merchantId: string, stored: StoredAlarm[]): Promise<Alarm[]> {
  const names = await deps.alarms.posNames(merchantId, [...new Set(stored.map((a) => a.serial))]);
  return stored.map((a) => ({
    id: alarmId(a),
    serial: a.serial,
    posName: names.get(a.serial) ?? '',
    code: a.code,
    status: a.status,
    category: a.category,
    criticity: a.criticity,
    message: a.message,
    detail: a.detail,
    remainingCycles: a.remainingCycles,
    createdAt: a.createdAt,
    lastSeenAt: a.lastSeenAt,
    occurrences: a.occurrences,
    repairedAt: a.repairedAt,
    repairedBy: a.repairedBy,
  }));
}

/**
 * The statistics counters (alarms now) answer a selection's total exactly when it has no date range and
 * narrows by at most one of status, category and criticity; any other selection is counted from its items.
 */
function countersAnswer(sel: AlarmSelection): boolean {
  const narrowing = [sel.status !== 'all', sel.category !== undefined, sel.criticity !== undefined].filter(Boolean).length;
  return !sel.from && !sel.to && narrowing <= 1;
}

function countedTotal(sel: AlarmSelection, counts: AlarmCounts): number {
  if (sel.status === 'repaired') return counts.byStatus.repaired + counts.byStatus.repairedManually;
  if (sel.status !== 'all') return counts.byStatus[sel.status];
  if (sel.category) return counts.byCategory[sel.category as keyof AlarmCounts['byCategory']];
  if (sel.criticity !== undefined) return counts.byCriticity[String(sel.criticity) as keyof AlarmCounts['byCriticity']];
  return counts.total;
}

async function selectionTotal(deps: AlarmDeps, sel: AlarmSelection): Promise<number | Total> {
  if (!countersAnswer(sel)) return deps.alarms.count(sel);
  const counts = sel.serial ? await deps.alarms.machineStats(sel.merchantId, sel.serial) : (await deps.alarms.stats(sel.merchantId, sel.groupIds, [])).counts;
  return countedTotal(sel, counts);
}

async function alarmPage(deps: AlarmDeps, sel: AlarmSelection | undefined, q: PosAlarmListQuery): Promise<Page<Alarm>> {
  if (!sel) return emptyPage(q);
  const [slice, total] = await Promise.all([
    deps.alarms.list(sel, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    selectionTotal(deps, sel),
  ]);
  return pageOf(q, { ...slice, items: await toAlarms(deps, sel.merchantId, slice.items) }, total);
}

export async function listMerchantAlarms(deps: AlarmDeps, principal: Principal, merchantId: string, q: AlarmListQuery): Promise<Page<Alarm>> {
  return alarmPage(deps, await merchantSelection(deps, principal, merchantId, q), q);
}

export async function listPosAlarms(deps: AlarmDeps, principal: Principal, serial: string, q: PosAlarmListQuery): Promise<Page<Alarm>> {
  return alarmPage(deps, await posSelection(deps, principal, serial, q), q);
}

/** The columns of every alarms CSV: the list's and a historical data export's. */
export const ALARM_CSV_COLUMNS = [
  'createdAt',
  'serial',
  'posName',
  'code',
  'status',
  'category',
  'criticity',
  'message',
  'detail',
  'remainingCycles',
  'occurrences',
  'lastSeenAt',
  'repairedAt',
  'repairedBy',
] as const;

async function csvOf(deps: AlarmDeps, sel: AlarmSelection | undefined): Promise<string> {
  const stored = sel ? await deps.alarms.all(sel, MAX_ALARM_EXPORT) : [];
  if (stored.length > MAX_ALARM_EXPORT) throw new AlarmExportTooLargeException(MAX_ALARM_EXPORT);
  return toCsv(ALARM_CSV_COLUMNS, sel ? await toAlarms(deps, sel.merchantId, stored) : []);
}

export async function merchantAlarmsCsv(deps: AlarmDeps, principal: Principal, merchantId: string, q: AlarmFilters & { serial?: string }): Promise<string> {
  return csvOf(deps, await merchantSelection(deps, principal, merchantId, q));
}

export async function posAlarmsCsv(deps: AlarmDeps, principal: Principal, serial: string, q: AlarmFilters): Promise<string> {
  return csvOf(deps, await posSelection(deps, principal, serial, q));
}

/** The UTC days of a stats range, at most MAX_STATS_DAYS; default the 7 days up to today. */
function statsDays(q: AlarmStatsQuery, now: string): string[] {
  const to = q.to ?? now.slice(0, 10);
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
    if (days.length > MAX_STATS_DAYS)
      throw new ValidationError('ValidationException', `At most ${MAX_STATS_DAYS} days`, [{ path: 'query.from', message: `at most ${MAX_STATS_DAYS} days` }]);
  }
  return days;
}

export async function merchantAlarmStats(deps: AlarmDeps, principal: Principal, merchantId: string, q: AlarmStatsQuery): Promise<AlarmStats> {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) throw new MerchantRequiredException();
  const scope = groupScope(principal, merchantId);
  if (scope.kind === 'none') throw new MerchantNotFoundException();
  const days = statsDays(q, deps.now());
  const groups = scope.kind === 'groups' ? scope.groupIds : undefined;
  const stats =
    groups?.length === 0 ? { counts: countsOf(undefined), days: days.map(() => countsOf(undefined)) } : await deps.alarms.stats(merchantId, groups, days);
  return { counts: stats.counts, days: days.map((day, i) => ({ day, counts: stats.days[i]! })) };
}

/** A machine's alarm counts now (its days are the merchant's: no per-machine day counters). */
export async function posAlarmStats(deps: AlarmDeps, principal: Principal, serial: string): Promise<AlarmStats> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  return { counts: await deps.alarms.machineStats(record.merchantId, serial), days: [] };
}

/**
 * Applies a closing to a visible machine's alarm, reading the machine (its group: the status counters') and
 * the alarm again whenever a concurrent write got there first.
 */
async function closeAlarm(deps: AlarmDeps, principal: Principal, serial: string, id: string, closing: (a: StoredAlarm) => AlarmClosing): Promise<StoredAlarm> {
  const key = alarmKeyOf(id);
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const { record } = await requireVisiblePos(deps, principal, serial);
    if (!key) throw new AlarmNotFoundException();
    const alarm = await deps.alarms.get(record.merchantId, serial, key.createdAt, key.messageId);
    if (!alarm) throw new AlarmNotFoundException();
    const device: AlarmDevice = { merchantId: record.merchantId, serial, groupId: record.groupId, hidden: record.hidden };
    const closed = closing(alarm);
    if ((await deps.alarms.close(device, alarm, closed)) === 'ok') {
      recordChange('alarm', id, alarm, closed === 'delete' ? undefined : { ...alarm, status: closed.status, repairedAt: closed.at, repairedBy: closed.by });
      return alarm;
    }
  }
  throw new Error(`alarm ${id} of ${serial} kept changing during ${MAX_WRITE_ATTEMPTS} attempts`);
}

/** PUT /pos/{id}/alarms/{alarmId}/repair: an open alarm becomes repaired manually, by the caller, now. */
export async function repairAlarm(deps: AlarmDeps, principal: Principal, serial: string, id: string): Promise<Alarm> {
  const at = deps.now();
  const repaired = await closeAlarm(deps, principal, serial, id, (a) => {
    if (!isOpen(a.status)) throw new AlarmAlreadyRepairedException();
    return { status: 'repairedManually', at, by: principal.email };
  });
  const [alarm] = await toAlarms(deps, repaired.merchantId, [{ ...repaired, status: 'repairedManually', repairedAt: at, repairedBy: principal.email }]);
  return alarm!;
}

/** DELETE /pos/{id}/alarms/{alarmId}: gone from lists and statistics; an open one no longer counts for the machine's status. */
export async function deleteAlarm(deps: AlarmDeps, principal: Principal, serial: string, id: string): Promise<void> {
  await closeAlarm(deps, principal, serial, id, () => 'delete');
}
