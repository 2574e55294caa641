/**
 * Alarms and commands of machines moved to another group, re-indexed in bounded steps (core/devices/regroup.ts).
 * The move transaction (machine-writes.ts `replace`) puts a mark `keys.machineRegroup` `{ merchantId, serial, from,
 * groupId }` (`groupId`: the machine's group now); each step moves items in sk order (alarms, then commands) and
 * keeps its progress on the mark (`after`, the last sk done); the mark goes when none is left.
 *
 * An alarm moves in a transaction with its statistics (A4): its contribution leaves its old group's counters (now
 * and its day) and joins the new group's. Every transaction updates the mark conditioned on its target group, and
 * each item is conditioned on the state read (group, and an alarm's status), so two steps at once (the request's
 * and the sweep's) never move an item or a count twice, and deleting the machine (which deletes the mark) stops
 * any step in flight. Until the mark goes, group lists filter by the machine's group now (`movingFilter`).
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ALARM_CATEGORIES, ALARM_STATUSES } from '#schemas/alarm-constants';
import { dayOf, statsContribution } from '../../core/alarms/model';
import type { PosRef, PosRegroups, MovingPos } from '../../core/devices/ports';
import { counterUpdate } from './counters';
import * as keys from './keys';
import type { ItemFilter } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure, isTransactionCancelled } from './transactions';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Items per Query of a machine's alarms or commands. */
const READ_PAGE = 200;
/** TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;
const ALARMS = keys.historyPrefix.alarm;
const COMMANDS = keys.posCommandPrefix;

/** A moving machine as its mark says: progress included (`after`: sks up to it are re-indexed). */
export interface RegroupMark extends MovingPos {
  after?: string;
}

/** Condition that attribute `#g` (the item's group) is `groupId`, where no group is stored as NULL or absent. */
export function groupIs(groupId: string | null, placeholder: string): { expression: string; values: Item } {
  return groupId
    ? { expression: `#g = ${placeholder}`, values: { [placeholder]: groupId } }
    : { expression: `(attribute_not_exists(#g) OR attribute_type(#g, ${placeholder}))`, values: { [placeholder]: 'NULL' } };
}

/** A group stored as NULL or absent: none. */
const groupId = z._default(z.nullable(z.string()), null);

/** The record schema of a regroup mark: the machine, its old group (`from`), its group now (`groupId`), the progress (`after`). */
export const regroupMarkRecord = recordSchema(
  'machineRegroup',
  z.object({ merchantId: z.string(), serial: z.string(), from: groupId, groupId, after: z.optional(z.string()) }),
);

const markOf = (i: Item): RegroupMark => {
  const { groupId: to, after, ...mark } = regroupMarkRecord.read(i);
  return { ...mark, to, ...(after !== undefined ? { after } : {}) };
};

/** What a step reads of an alarm: its group, what its statistics count and its group index key (A4, A2). */
export const alarmCountedShape = { status: z.enum(ALARM_STATUSES), category: z.enum(ALARM_CATEGORIES), criticity: z.number() };
const movedAlarmRecord = recordSchema('alarm', z.object({ groupId, ...alarmCountedShape, createdAt: z.string(), messageId: z.string() }));
/** What a step reads of a command: its group and its id (its group index key). */
const movedCommandRecord = recordSchema('command', z.object({ groupId, id: z.string() }));

/** An alarm or a command to re-index, with its key. */
type MovedItem = { pk: string; sk: string; groupId: string | null } & (
  { alarm: ReturnType<typeof movedAlarmRecord.read> } | { alarm?: undefined; commandId: string }
);

function movedOf(i: Item): MovedItem {
  const key = { pk: String(i.pk), sk: String(i.sk) };
  if (key.sk.startsWith(ALARMS)) {
    const alarm = movedAlarmRecord.read(i);
    return { ...key, groupId: alarm.groupId, alarm };
  }
  const command = movedCommandRecord.read(i);
  return { ...key, groupId: command.groupId, commandId: command.id };
}

/** The mark a move puts in its transaction; a machine still moving cannot move again (its items' old group is `from`). */
export function regroupMarkPut(tableName: string, m: MovingPos): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.machineRegroup(m.merchantId, m.serial), merchantId: m.merchantId, serial: m.serial, from: m.from, groupId: m.to },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The marks of moving machines, of one merchant (a list's) or of all (the sweep's), at most `limit`. */
export async function regroupMarks(doc: DynamoDBDocumentClient, tableName: string, limit: number, merchantId?: string): Promise<RegroupMark[]> {
  const res = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: merchantId ? 'pk = :pk AND begins_with(sk, :m)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.machineRegroupsPk, ...(merchantId ? { ':m': `${merchantId}#` } : {}) },
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(markOf);
}

/** Moving machines one group-scoped read takes into account (a filter's IN takes 100 values; regroup.ts MAX_MACHINES_MOVING keeps far below). */
export const MOVING_READ_LIMIT = 100;

/** What a group scope's list leaves out of its group partitions: every item of a moving machine (they come from its own partition). */
export function movingFilter(moving: readonly RegroupMark[]): ItemFilter | undefined {
  if (!moving.length) return undefined;
  const values = Object.fromEntries(moving.map((m, i) => [`:mv${i}`, m.serial]));
  return { expression: `NOT #mv IN (${Object.keys(values).join(', ')})`, names: { '#mv': 'serial' }, values };
}

/** Both filters (either may be absent). */
export function andFilters(a: ItemFilter | undefined, b: ItemFilter | undefined): ItemFilter | undefined {
  if (!a || !b) return a ?? b;
  return { expression: `${a.expression} AND ${b.expression}`, names: { ...a.names, ...b.names }, values: { ...a.values, ...b.values } };
}

/** Moving machines whose group now is one of `groupIds`: their items are read from their own partitions. */
export const movingInto = (moving: readonly RegroupMark[], groupIds: readonly string[]) => moving.filter((m) => m.to !== null && groupIds.includes(m.to));

export class DynamoPosRegroups implements PosRegroups {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  pending(limit: number, merchantId?: string): Promise<MovingPos[]> {
    return regroupMarks(this.doc, this.tableName, limit, merchantId);
  }

  async regroup(machine: PosRef, maxItems: number): Promise<boolean> {
    const markKey = keys.machineRegroup(machine.merchantId, machine.serial);
    const found = (await this.doc.send(new GetCommand({ TableName: this.tableName, Key: markKey, ConsistentRead: true }))).Item;
    if (!found) return true;
    const mark = markOf(found);
    let after = mark.after ?? ALARMS;
    let read = 0;
    while (read < maxItems) {
      const prefix = after.startsWith(COMMANDS) ? COMMANDS : ALARMS;
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.posPk(machine.merchantId, machine.serial), ':prefix': prefix },
          ProjectionExpression: 'pk, sk, #g, #st, category, criticity, createdAt, messageId, id',
          ExpressionAttributeNames: { '#g': 'groupId', '#st': 'status' },
          ExclusiveStartKey: { pk: keys.posPk(machine.merchantId, machine.serial), sk: after },
          ConsistentRead: true,
          Limit: Math.min(READ_PAGE, maxItems - read),
        }),
      );
      const items = (res.Items ?? []).map(movedOf);
      read += items.length;
      // Past the last alarm come the commands (from their start: every command sk sorts after the bare prefix).
      const next = res.LastEvaluatedKey ? items.at(-1)!.sk : prefix === ALARMS ? COMMANDS : undefined;
      const outcome = await this.move(
        mark,
        items.filter((i) => i.groupId !== mark.to),
        next ?? items.at(-1)?.sk ?? after,
      );
      if (outcome === 'gone') return true;
      if (outcome === 'conflict') return false;
      if (next === undefined) {
        const target = groupIs(mark.to, ':t');
        await this.doc
          .send(
            new DeleteCommand({
              TableName: this.tableName,
              Key: markKey,
              ConditionExpression: target.expression,
              ExpressionAttributeNames: { '#g': 'groupId' },
              ExpressionAttributeValues: target.values,
            }),
          )
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error;
          });
        return true;
      }
      after = next;
    }
    return false;
  }

  /** Re-indexes `items` to the mark's group in transactions, the last one recording `progress` on the mark. */
  private async move(mark: RegroupMark, items: readonly MovedItem[], progress: string): Promise<'ok' | 'gone' | 'conflict'> {
    const chunks: Array<{ items: TransactItem[]; counters: Map<string, Record<string, number>>; last: string }> = [];
    let chunk = { items: [] as TransactItem[], counters: new Map<string, Record<string, number>>(), last: progress };
    for (const item of items) {
      const moves = this.counterMoves(mark, item);
      const newNames = [...moves.keys()].filter((n) => !chunk.counters.has(n)).length;
      if (chunk.items.length && 1 + chunk.items.length + 1 + chunk.counters.size + newNames > MAX_TRANSACTION_ITEMS) {
        chunks.push(chunk);
        chunk = { items: [], counters: new Map(), last: progress };
      }
      chunk.items.push(this.itemUpdate(mark, item));
      chunk.last = item.sk;
      for (const [name, deltas] of moves) {
        const sum = chunk.counters.get(name) ?? {};
        for (const [k, v] of Object.entries(deltas)) sum[k] = (sum[k] ?? 0) + v;
        chunk.counters.set(name, sum);
      }
    }
    chunk.last = progress;
    chunks.push(chunk);
    for (const c of chunks) {
      const counters = [...c.counters].flatMap(([name, deltas]) => counterUpdate(this.tableName, name, deltas) ?? []);
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: [this.markUpdate(mark, c.last), ...c.items, ...counters] }));
      } catch (error) {
        if (failedConditionIndex(error) === 0) return 'gone';
        if (isTransactionCancelled(error)) return 'conflict';
        throw error;
      }
    }
    return 'ok';
  }

  /** The statistics an alarm takes from its old group to the new one: counts now and of its day of creation. */
  private counterMoves(mark: RegroupMark, item: MovedItem): Map<string, Record<string, number>> {
    const moves = new Map<string, Record<string, number>>();
    const alarm = item.alarm;
    if (!alarm) return moves;
    const day = dayOf(alarm.createdAt);
    const from = item.groupId;
    if (from) for (const d of [undefined, day]) moves.set(keys.alarmCounterName(mark.merchantId, from, d), statsContribution(alarm, -1));
    if (mark.to) for (const d of [undefined, day]) moves.set(keys.alarmCounterName(mark.merchantId, mark.to, d), statsContribution(alarm, 1));
    return moves;
  }

  private markUpdate(mark: RegroupMark, after: string): TransactItem {
    const target = groupIs(mark.to, ':t');
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.machineRegroup(mark.merchantId, mark.serial),
        UpdateExpression: 'SET #after = :after',
        ConditionExpression: `attribute_exists(pk) AND ${target.expression}`,
        ExpressionAttributeNames: { '#after': 'after', '#g': 'groupId' },
        ExpressionAttributeValues: { ':after': after, ...target.values },
      },
    };
  }

  /** An alarm's or command's group and group index keys moved to the mark's group, conditioned on the state read. */
  private itemUpdate(mark: RegroupMark, item: MovedItem): TransactItem {
    const isAlarm = item.alarm !== undefined;
    const index = item.alarm
      ? mark.to && keys.alarmByGroup(mark.merchantId, mark.to, item.alarm.createdAt, mark.serial, item.alarm.messageId)
      : mark.to && keys.commandByGroup(mark.merchantId, mark.to, item.commandId);
    const [pkName, skName] = isAlarm ? ['gsi2pk', 'gsi2sk'] : ['gsi3pk', 'gsi3sk'];
    const was = groupIs(item.groupId, ':was');
    return {
      Update: {
        TableName: this.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: index ? `SET #g = :to, ${pkName} = :ipk, ${skName} = :isk` : `SET #g = :to REMOVE ${pkName}, ${skName}`,
        ConditionExpression: isAlarm ? `${was.expression} AND #st = :st` : `attribute_exists(pk) AND ${was.expression}`,
        ExpressionAttributeNames: { '#g': 'groupId', ...(isAlarm ? { '#st': 'status' } : {}) },
        ExpressionAttributeValues: {
          ':to': mark.to,
          ...(index ? { ':ipk': Object.values(index)[0], ':isk': Object.values(index)[1] } : {}),
          ...was.values,
          ...(item.alarm ? { ':st': item.alarm.status } : {}),
        },
      },
    };
  }
}
