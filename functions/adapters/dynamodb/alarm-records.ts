/**
 * Alarms read (ACCESS-PATTERNS A1, A2, A2g): one alarm, a machine's or a merchant's or groups' alarms, their machines'
 * names. What the groups that only show alarms carry (the dashboard's anomalies), without the repository's writes,
 * statistics and notification outbox; the repository extends it.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Alarm } from '#schemas/alarm-entity';
import type { Total } from '#schemas/paging';
import type { StoredAlarm } from '../../core/alarms/model';
import type { AlarmRepository, AlarmSelection, AlarmSlice } from '../../core/alarms/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { posNameProjection } from './pos-name';
import { andFilters, MOVING_READ_LIMIT, movingFilter, movingInto, regroupMarks } from './machine-regroups';
import { countQuery, queryPage, type ItemFilter, type PageQuery, type PartitionSource } from './paging';
import { recordSchema } from './records';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** Sorts after every ISO instant: the open end of a date range. */
export const OPEN_END = '~';

/** The record schema of an alarm (in its machine's partition). */
export const alarmRecord = recordSchema<StoredAlarm>(
  'alarm',
  z.extend(
    z.pick(Alarm, {
      serial: true,
      code: true,
      status: true,
      category: true,
      criticity: true,
      message: true,
      detail: true,
      remainingCycles: true,
      createdAt: true,
      lastSeenAt: true,
      occurrences: true,
      repairedAt: true,
      repairedBy: true,
    }),
    { merchantId: z.string(), groupId: z.nullable(z.string()), messageId: z.string(), lastMessageId: z.string() },
  ),
);

export const alarmOf = (item: Item): StoredAlarm => alarmRecord.read(item);

/**
 * The FilterExpression of the status, category, criticity and group-scope filters (placeholders #a…/:a…); reading
 * the groups' own partitions needs no group filter.
 */
function filterOf(sel: AlarmSelection, groupPartitions = false): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const oneOf = (attribute: string, list: readonly unknown[]) => {
    const i = parts.length;
    names[`#a${i}`] = attribute;
    list.forEach((v, j) => (values[`:a${i}_${j}`] = v));
    parts.push(list.length === 1 ? `#a${i} = :a${i}_0` : `#a${i} IN (${list.map((_, j) => `:a${i}_${j}`).join(', ')})`);
  };
  if (sel.status === 'repaired') oneOf('status', ['repaired', 'repairedManually']);
  else if (sel.status !== 'all') oneOf('status', [sel.status]);
  if (sel.category) oneOf('category', [sel.category]);
  if (sel.criticity !== undefined) oneOf('criticity', [sel.criticity]);
  if (sel.codes?.length) oneOf('code', sel.codes);
  if (sel.groupIds && !groupPartitions) oneOf('groupId', sel.groupIds);
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

export class DynamoAlarmReader implements Pick<AlarmRepository, 'get' | 'list' | 'count' | 'all' | 'posNames'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  protected async getItem(key: Key, projection?: string): Promise<Item | undefined> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true, ...(projection ? { ProjectionExpression: projection } : {}) }),
    );
    return res.Item;
  }

  async get(merchantId: string, serial: string, createdAt: string, messageId: string): Promise<StoredAlarm | undefined> {
    const item = await this.getItem(keys.posAlarm(merchantId, serial, createdAt, messageId));
    return item ? alarmOf(item) : undefined;
  }

  /**
   * One machine's partition (A1), the merchant's alarms index (A2) or, for a group scope, the groups' partitions of
   * the group index (A2g, merged), narrowed to the date range. A group scope reads by the machines' groups now:
   * moving machines' alarms are left out of the group partitions, and those of the machines moving into the scope
   * come from their own partitions (A1), merged by the index sort key every alarm carries (`gsi1sk`).
   */
  private async range(sel: AlarmSelection): Promise<Omit<PageQuery, 'forward' | 'offset' | 'limit'>> {
    const groupPartitions = !sel.serial && !!sel.groupIds;
    const filter = filterOf(sel, groupPartitions);
    const base = { tableName: this.tableName, ...(filter ? { filter } : {}) };
    const prefix = keys.historyPrefix.alarm;
    const ownRange = { from: `${prefix}${sel.from ?? ''}`, to: `${prefix}${sel.to ?? OPEN_END}` };
    if (sel.serial) return { ...base, partition: keys.posPk(sel.merchantId, sel.serial), between: ownRange };
    // Index sort keys start with the creation time; '0' sorts before every one (a key value cannot be empty).
    const between = { from: sel.from ?? '0', to: sel.to ?? OPEN_END };
    if (!groupPartitions) return { ...base, index: 'gsi1' as const, partition: keys.merchantAlarmsPk(sel.merchantId), between };
    const moving = await regroupMarks(this.doc, this.tableName, MOVING_READ_LIMIT, sel.merchantId);
    const groups: PartitionSource[] = sel.groupIds!.map((g) => ({
      index: 'gsi2',
      partition: keys.groupAlarmsPk(sel.merchantId, g),
      between,
      filter: andFilters(filter, movingFilter(moving)),
    }));
    const own: PartitionSource[] = movingInto(moving, sel.groupIds!).map((m) => ({
      partition: keys.posPk(sel.merchantId, m.serial),
      between: ownRange,
      filter,
    }));
    return { tableName: this.tableName, partition: [...groups, ...own], orderBy: 'gsi1sk', partitionsMayChange: true };
  }

  async list(sel: AlarmSelection, s: AlarmSlice): Promise<{ items: StoredAlarm[]; cursor?: string }> {
    const page = await queryPage(this.doc, { ...(await this.range(sel)), forward: s.ordType === 'asc', offset: s.offset, limit: s.limit, cursor: s.cursor });
    return { items: page.items.map(alarmOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(sel: AlarmSelection): Promise<Total> {
    return countQuery(this.doc, await this.range(sel));
  }

  async all(sel: AlarmSelection, max: number): Promise<StoredAlarm[]> {
    return (await queryPage(this.doc, { ...(await this.range(sel)), forward: false, offset: 0, limit: max + 1 })).items.map(alarmOf);
  }

  protected batchGet(keyList: readonly Key[], projection?: { expression: string; names: Record<string, string> }): Promise<Item[]> {
    return batchGetItems(this.doc, this.tableName, keyList, projection);
  }

  async posNames(merchantId: string, serials: readonly string[]): Promise<Map<string, string>> {
    const items = await this.batchGet(
      serials.map((s) => keys.pos(merchantId, s)),
      { expression: 'pk, sk, serial, #n', names: { '#n': 'name' } },
    );
    return new Map(items.map((i) => posNameProjection.read(i)).map((p) => [p.serial, p.name]));
  }
}
