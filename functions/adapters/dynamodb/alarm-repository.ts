/**
 * Alarms in the single table (ACCESS-PATTERNS A1–A6). Every write is one TransactWriteItems that keeps
 * together: the open-alarm guard of (machine, code), the alarm item, the statistics counters and, when an
 * active alarm opens or closes, the machine's active counts on its TELEMETRY item (its status) with the
 * machines' ok/warning/critical counters, guarded by the counts read and the registry's merchant and group; a raise and a
 * repair also put the alarm notification outbox item (notification-outbox.ts).
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AlarmCounts } from '#schemas/alarm';
import type { MasterAlarm } from '#schemas/alarm-entity';
import { COUNT_READ_LIMIT } from '#schemas/paging-constants';
import { activeDelta, applyDelta, countsOf, dayOf, isOpen, statsContribution, statusMove, sumCounts, type StoredAlarm } from '../../core/alarms/model';
import type { AlarmClosing, AlarmDevice, AlarmRepeat, AlarmRepository } from '../../core/alarms/ports';
import { machineStatus, statusCounter, withHiddenMirror, type ActiveAlarmCounts } from '../../core/devices/model';
import { ANOMALY_ALARM_CODES } from '#schemas/anomaly-constants';
import { kpiAddsAt, mergeKpiDays, spreadHours, type KpiDays } from '../../core/kpis/counters';
import { alarmOf, DynamoAlarmReader, OPEN_END } from './alarm-records';
import { kpiCounterUpdates, machineSaleRate } from './kpi-counters';
import { outboxPut } from './notification-outbox';
import { counterRecord, counterUpdate } from './counters';
import { registryCheck } from './registrations';
import * as keys from './keys';
import { masterAlarmRecord } from './master-alarm-repository';
import { posCopyUpdate, reportedCopy, telemetryRecord } from './reported-copy';
import { groupIs, MOVING_READ_LIMIT, regroupMarks } from './machine-regroups';
import { readRange } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure } from './transactions';

type Key = { pk: string; sk: string };
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** The record schema of an open alarm's guard (one per machine and code): the sort key of the alarm it holds. */
const openAlarmGuardRecord = recordSchema('openAlarm', z.object({ alarmSk: z.string() }));

/** Counter attributes plus deltas. */
function addCounts(item: Record<string, number> | undefined, deltas: Record<string, number> | undefined): Record<string, number> | undefined {
  if (!deltas) return item;
  const out: Record<string, number> = { ...item };
  for (const [k, v] of Object.entries(deltas)) out[k] = (out[k] ?? 0) + v;
  return out;
}

export class DynamoAlarmRepository extends DynamoAlarmReader implements AlarmRepository {
  private alarmKey(a: Pick<StoredAlarm, 'merchantId' | 'serial' | 'createdAt' | 'messageId'>): Key {
    return keys.posAlarm(a.merchantId, a.serial, a.createdAt, a.messageId);
  }

  async openAlarm(device: AlarmDevice, code: string): Promise<StoredAlarm | undefined> {
    const guard = await this.getItem(keys.openAlarm(device.merchantId, device.serial, code));
    if (!guard) return undefined;
    const item = await this.getItem({ pk: keys.posPk(device.merchantId, device.serial), sk: openAlarmGuardRecord.read(guard).alarmSk });
    return item ? alarmOf(item) : undefined;
  }

  /** The statistics counters of an alarm: the merchant's and its group's, all and on its day of creation, and its machine's. */
  private statsItems(a: StoredAlarm, deltas: Record<string, number>): TransactItem[] {
    const day = dayOf(a.createdAt);
    const names = [keys.alarmCounterName(a.merchantId), keys.alarmCounterName(a.merchantId, null, day)];
    if (a.groupId) names.push(keys.alarmCounterName(a.merchantId, a.groupId), keys.alarmCounterName(a.merchantId, a.groupId, day));
    return [...names, keys.posAlarmStats(a.merchantId, a.serial)].flatMap((n) => counterUpdate(this.tableName, n, deltas) ?? []);
  }

  /** The machine-status part of a write: its active counts moved by `delta`, guarded by the counts read. */
  private async statusItems(d: AlarmDevice, delta: ActiveAlarmCounts): Promise<TransactItem[]> {
    if (delta.warning === 0 && delta.blocking === 0) return [registryCheck(this.tableName, d)];
    const telemetry = keys.posTelemetry(d.merchantId, d.serial);
    const stored = await this.getItem(telemetry, 'pk, sk, activeWarning, activeBlocking');
    const item = stored && telemetryRecord.read(stored);
    const read = { warning: item?.activeWarning ?? 0, blocking: item?.activeBlocking ?? 0 };
    const next = applyDelta(read, delta);
    const guard = (attribute: 'activeWarning' | 'activeBlocking', placeholder: string) =>
      item?.[attribute] === undefined ? `attribute_not_exists(${attribute})` : `${attribute} = ${placeholder}`;
    const [from, to] = [statusCounter(machineStatus(read)), statusCounter(machineStatus(next))];
    const moves = withHiddenMirror(from === to ? {} : { [from]: -1, [to]: 1 }, d.hidden);
    return [
      {
        Update: {
          TableName: this.tableName,
          Key: telemetry,
          UpdateExpression: 'SET activeWarning = :w, activeBlocking = :b, merchantId = :m, serial = :s',
          ConditionExpression: `${guard('activeWarning', ':w0')} AND ${guard('activeBlocking', ':b0')}`,
          ExpressionAttributeValues: {
            ':w': next.warning,
            ':b': next.blocking,
            ':m': d.merchantId,
            ':s': d.serial,
            ...(item?.activeWarning === undefined ? {} : { ':w0': read.warning }),
            ...(item?.activeBlocking === undefined ? {} : { ':b0': read.blocking }),
          },
        },
      },
      posCopyUpdate(this.tableName, d, reportedCopy({ activeWarning: next.warning, activeBlocking: next.blocking })),
      ...[keys.posCounterName(d.merchantId), ...(d.groupId ? [keys.posGroupCounterName(d.merchantId, d.groupId)] : [])].flatMap(
        (n) => counterUpdate(this.tableName, n, moves) ?? [],
      ),
      registryCheck(this.tableName, d),
    ];
  }

  /** Runs a transaction; a failed condition is a conflict (the state read changed) unless `tolerated` says otherwise. */
  private async run(items: TransactItem[], tolerated?: (failedIndex: number) => boolean): Promise<'ok' | 'conflict'> {
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed < 0) throw error;
      return tolerated?.(failed) ? 'ok' : 'conflict';
    }
  }

  async raise(device: AlarmDevice, a: StoredAlarm): Promise<'ok' | 'conflict'> {
    const key = this.alarmKey(a);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.openAlarm(a.merchantId, a.serial, a.code), entity: 'openAlarm', alarmSk: key.sk, messageId: a.messageId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: {
            ...a,
            ...key,
            ...keys.alarmByMerchant(a.merchantId, a.createdAt, a.serial, a.messageId),
            ...(a.groupId ? keys.alarmByGroup(a.merchantId, a.groupId, a.createdAt, a.serial, a.messageId) : {}),
            entity: 'alarm',
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...this.statsItems(a, statsContribution(a, 1)),
      ...(await this.statusItems(device, activeDelta(a, 1))),
      outboxPut(this.tableName, a, 'raised', a.createdAt),
      ...kpiCounterUpdates(this.tableName, a, kpiAddsAt(a.createdAt, { alarmsRaised: 1 })),
    ];
    // Only the alarm item exists already: this very message raised it before (a redelivery after a repair).
    return this.run(items, (failed) => failed === 1);
  }

  async repeat(open: StoredAlarm, c: AlarmRepeat): Promise<'ok' | 'conflict'> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.alarmKey(open),
          UpdateExpression: 'SET lastSeenAt = :seen, detail = :detail, remainingCycles = :cycles, lastMessageId = :mid ADD occurrences :one',
          ConditionExpression: '#st = :st AND lastMessageId = :prev',
          ExpressionAttributeNames: { '#st': 'status' },
          ExpressionAttributeValues: {
            ':seen': c.lastSeenAt,
            ':detail': c.detail,
            ':cycles': c.remainingCycles,
            ':mid': c.messageId,
            ':one': 1,
            ':st': open.status,
            ':prev': open.lastMessageId,
          },
        }),
      );
      return 'ok';
    } catch (error) {
      if (isConditionFailure(error)) return 'conflict';
      throw error;
    }
  }

  async close(device: AlarmDevice, a: StoredAlarm, closing: AlarmClosing): Promise<'ok' | 'conflict'> {
    const key = this.alarmKey(a);
    const open = isOpen(a.status);
    // Also its group: a move re-indexing it meanwhile (machine-regroups.ts) takes its counts to the other group's.
    const group = groupIs(a.groupId, ':g');
    const unchanged = {
      ConditionExpression: `attribute_exists(pk) AND #st = :st AND ${group.expression}`,
      ExpressionAttributeNames: { '#st': 'status', '#g': 'groupId' },
    };
    const items: TransactItem[] = [];
    if (open) {
      items.push({
        Delete: {
          TableName: this.tableName,
          Key: keys.openAlarm(a.merchantId, a.serial, a.code),
          ConditionExpression: 'alarmSk = :sk',
          ExpressionAttributeValues: { ':sk': key.sk },
        },
      });
    }
    if (closing === 'delete') {
      items.push(
        { Delete: { TableName: this.tableName, Key: key, ...unchanged, ExpressionAttributeValues: { ':st': a.status, ...group.values } } },
        ...this.statsItems(a, statsContribution(a, -1)),
      );
    } else {
      items.push(
        {
          Update: {
            TableName: this.tableName,
            Key: key,
            UpdateExpression: 'SET #st = :to, repairedAt = :at, repairedBy = :by',
            ...unchanged,
            ExpressionAttributeValues: { ':st': a.status, ':to': closing.status, ':at': closing.at, ':by': closing.by, ...group.values },
          },
        },
        ...this.statsItems(a, statusMove(a.status, closing.status)),
        outboxPut(this.tableName, a, 'repaired', closing.at),
        ...kpiCounterUpdates(this.tableName, a, await this.repairKpis(a, closing.at)),
      );
    }
    if (open) items.push(...(await this.statusItems(device, activeDelta(a, -1))));
    return this.run(items);
  }

  /**
   * What a repair adds to the KPI counters (KP1–KP2): one repaired alarm and its hours open; the hours a blocking
   * alarm was open (availability); a no-sales anomaly's hours, priced at the machine's own rate of sale (lost sales).
   */
  private async repairKpis(a: StoredAlarm, at: string): Promise<KpiDays> {
    const [from, to] = [Date.parse(a.createdAt), Date.parse(at)];
    const hours = Math.max(0, to - from) / 3_600_000;
    const silent =
      a.code === ANOMALY_ALARM_CODES.noSales
        ? spreadHours('silentHours', from, to, await machineSaleRate(this.doc, this.tableName, a.merchantId, a.serial, to))
        : new Map();
    const blocking = activeDelta(a, -1).blocking ? spreadHours('blockingHours', from, to) : new Map();
    return mergeKpiDays(kpiAddsAt(at, { repaired: 1, repairHours: hours }), blocking, silent);
  }

  async masterAlarms(codes: readonly string[]): Promise<Map<string, MasterAlarm>> {
    const items = await this.batchGet(codes.map((c) => keys.masterAlarm(c)));
    return new Map(items.map((i) => masterAlarmRecord.read(i)).map((m) => [m.code, m]));
  }

  async stats(merchantId: string, groupIds: readonly string[] | undefined, days: readonly string[]): Promise<{ counts: AlarmCounts; days: AlarmCounts[] }> {
    const owners = groupIds ?? [null];
    const names = owners.flatMap((g) => [keys.alarmCounterName(merchantId, g), ...days.map((d) => keys.alarmCounterName(merchantId, g, d))]);
    const [items, moves] = await Promise.all([
      this.batchGet(names.map((n) => keys.counter(n))),
      groupIds ? this.movingCounts(merchantId, groupIds, days) : new Map<string, Record<string, number>>(),
    ]);
    const found = new Map(items.map((i) => [String(i.pk), counterRecord.read(i)]));
    const countsOfName = (name: string) => countsOf(addCounts(found.get(keys.counter(name).pk), moves.get(name)));
    return {
      counts: sumCounts(owners.map((g) => countsOfName(keys.alarmCounterName(merchantId, g)))),
      days: days.map((d) => sumCounts(owners.map((g) => countsOfName(keys.alarmCounterName(merchantId, g, d))))),
    };
  }

  /**
   * What the groups' counters miss while machines move (A4 follows each alarm as it is re-indexed): the alarms not yet
   * re-indexed of machines moving out of the groups (taken off) or into them (added), per counter name. They are the
   * alarms after the mark's progress; at most COUNT_READ_LIMIT of them are read per request.
   */
  private async movingCounts(merchantId: string, groupIds: readonly string[], days: readonly string[]): Promise<Map<string, Record<string, number>>> {
    const inScope = (g: string | null) => g !== null && groupIds.includes(g);
    const moving = (await regroupMarks(this.doc, this.tableName, MOVING_READ_LIMIT, merchantId)).filter(
      (m) => inScope(m.from) !== inScope(m.to) && !m.after?.startsWith(keys.posCommandPrefix),
    );
    const moves = new Map<string, Record<string, number>>();
    const prefix = keys.historyPrefix.alarm;
    const each = Math.max(1, Math.floor(COUNT_READ_LIMIT / Math.max(moving.length, 1)));
    await Promise.all(
      moving.map(async (m) => {
        const alarms = await readRange(this.doc, {
          tableName: this.tableName,
          partition: keys.posPk(merchantId, m.serial),
          between: { from: m.after ?? prefix, to: `${prefix}${OPEN_END}` },
          forward: true,
          max: each,
          projection: { expression: 'groupId, #st, category, criticity, createdAt', names: { '#st': 'status' } },
        });
        for (const a of alarms as Array<Pick<StoredAlarm, 'groupId' | 'status' | 'category' | 'criticity' | 'createdAt'>>) {
          const g = a.groupId ?? null;
          if (g === m.to || inScope(g) === inScope(m.to)) continue;
          const [owner, sign] = inScope(g) ? [g, -1 as const] : [m.to, 1 as const];
          const day = dayOf(a.createdAt);
          for (const name of [keys.alarmCounterName(merchantId, owner), ...(days.includes(day) ? [keys.alarmCounterName(merchantId, owner, day)] : [])]) {
            const sum = moves.get(name) ?? {};
            for (const [k, v] of Object.entries(statsContribution(a, sign))) sum[k] = (sum[k] ?? 0) + v;
            moves.set(name, sum);
          }
        }
      }),
    );
    return moves;
  }

  async machineStats(merchantId: string, serial: string): Promise<AlarmCounts> {
    const item = await this.getItem(keys.posAlarmStats(merchantId, serial));
    return countsOf(item && counterRecord.read(item));
  }
}
