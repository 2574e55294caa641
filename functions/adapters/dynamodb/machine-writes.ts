/**
 * A machine's writes (ACCESS-PATTERNS: Machines): join, change, reset and delete, each one transaction with the
 * registry, name guard, counters and the machine counts of what it is associated with.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  DeviceAlreadyRegisteredException,
  DuplicateMachineNameException,
  InvalidPosClientException,
  InvalidPosGroupException,
  MachineStillBeingDeletedException,
  MachineStillBeingMovedException,
  PosChangedConcurrentlyException,
} from '../../core/devices/errors';
import { counterContribution, type PosRecord, type StoredPos } from '../../core/devices/model';
import type { PosRecords } from '../../core/devices/ports';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import { NoVendProfileNotFoundException } from '../../core/no-vend-profiles/errors';
import { PlanogramNotFoundException } from '../../core/planograms/errors';
import { kpiAddsAt } from '../../core/kpis/counters';
import { kpiCounterUpdates } from './kpi-counters';
import { regroupMarkPut } from './machine-regroups';
import { counted, counterRecord, counterUpdate, forgetCounter } from './counters';
import * as keys from './keys';
import { hasStock, notesCounter, posItem, posNameGuardItem, recordAttributes, registryItem } from './machine-items';
import { DynamoPosReader } from './machine-reads';
import { REPORTED_COPY_ATTRIBUTES, reportedCopy } from './reported-copy';
import { transactWrite, type TransactItem } from './transactions';
import { replaceAttributes } from './update-expression';

type Item = Record<string, unknown>;
type Key = Record<string, string>;

function subtract(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) - v;
  return out;
}
const negate = (a: Record<string, number>) => subtract({}, a);

/** A machine's record and its writes (the reads come with it: every write starts from the machine read). */
export class DynamoPosRecords extends DynamoPosReader implements PosRecords {
  private transact(items: Array<TransactItem | undefined>, errors: Array<(() => Error) | undefined>): Promise<void> {
    return transactWrite(this.doc, items, errors, () => new PosChangedConcurrentlyException());
  }

  /** Counter moves of a machine going from `before` to `after` (either may be absent), per merchant and group. */
  private counterItems(
    merchantId: string,
    before: { groupId: string | null; c: Record<string, number> } | undefined,
    after: { groupId: string | null; c: Record<string, number> } | undefined,
  ): Array<TransactItem | undefined> {
    const b = before?.c ?? {};
    const a = after?.c ?? {};
    const out: Array<TransactItem | undefined> = [counterUpdate(this.tableName, keys.posCounterName(merchantId), subtract(a, b))];
    if (before?.groupId && before.groupId === after?.groupId) {
      out.push(counterUpdate(this.tableName, keys.posGroupCounterName(merchantId, before.groupId), subtract(a, b)));
    } else {
      if (before?.groupId) out.push(counterUpdate(this.tableName, keys.posGroupCounterName(merchantId, before.groupId), negate(b)));
      if (after?.groupId) out.push(counterUpdate(this.tableName, keys.posGroupCounterName(merchantId, after.groupId), a));
    }
    return out;
  }

  private forgetCounters(merchantId: string, ...groupIds: Array<string | null>): void {
    forgetCounter(keys.posCounterName(merchantId));
    for (const g of groupIds) if (g) forgetCounter(keys.posGroupCounterName(merchantId, g));
  }

  async create(r: PosRecord): Promise<void> {
    const T = this.tableName;
    const counters = this.counterItems(r.merchantId, undefined, { groupId: r.groupId, c: counterContribution(r, {}) });
    await this.transact(
      [
        { Put: { TableName: T, Item: registryItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: T, Item: posNameGuardItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
        { ConditionCheck: { TableName: T, Key: keys.merchant(r.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName: T, Item: posItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
        r.groupId ? { ConditionCheck: { TableName: T, Key: keys.group(r.merchantId, r.groupId), ConditionExpression: 'attribute_exists(pk)' } } : undefined,
        r.clientId ? this.machineCount(keys.client(r.merchantId, r.clientId), 1) : undefined,
        { ConditionCheck: { TableName: T, Key: keys.machinePurge(r.merchantId, r.serial), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...counters,
        // Machine-days (KPIs) are counted back from the machines there now: a join's day (kpi-counters.ts, KP2).
        ...kpiCounterUpdates(T, r, kpiAddsAt(r.createdAt, { joined: 1 }), { machine: false }),
      ],
      [
        () => new DeviceAlreadyRegisteredException(),
        () => new DuplicateMachineNameException(),
        () => new MerchantNotFoundException(),
        () => new DeviceAlreadyRegisteredException(),
        () => new InvalidPosGroupException(),
        () => new InvalidPosClientException(),
        () => new MachineStillBeingDeletedException(),
      ],
    );
    this.forgetCounters(r.merchantId, r.groupId);
  }

  /** ADD to the machine count of what machines are associated with (a client, a no-vend profile, a planogram); it must exist. */
  private machineCount(key: Key, delta: 1 | -1): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'ADD machines :d',
        ExpressionAttributeValues: { ':d': delta },
        ConditionExpression: 'attribute_exists(pk)',
      },
    };
  }

  /**
   * The POS item moved from `cur` to `next`, conditioned on the version read (updatedAt). An update of the
   * record's attributes only: ingestion's copy of the reported fields stays as it is (reported-copy.ts).
   */
  private updateVersioned(cur: PosRecord, next: PosRecord, copy: { remove: readonly string[]; set: Item } = { remove: [], set: {} }): TransactItem {
    const u = replaceAttributes(recordAttributes(cur), { ...recordAttributes(next), ...copy.set }, copy.remove);
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.pos(cur.merchantId, cur.serial),
        UpdateExpression: u.expression,
        ConditionExpression: 'attribute_exists(pk) AND #version = :version',
        ExpressionAttributeNames: { ...u.names, '#version': 'updatedAt' },
        ExpressionAttributeValues: { ...u.values, ':version': cur.updatedAt },
      },
    };
  }

  async replace(current: StoredPos, next: PosRecord): Promise<void> {
    const T = this.tableName;
    const cur = current.record;
    const m = cur.merchantId;
    const renamed = nameKey(cur.name) !== nameKey(next.name);
    const regrouped = cur.groupId !== next.groupId;
    const reclient = cur.clientId !== next.clientId;
    const reprofiled = cur.noVendProfileId !== next.noVendProfileId;
    const replanned = cur.planogramId !== next.planogramId;
    const items: Array<TransactItem | undefined> = [];
    const errors: Array<(() => Error) | undefined> = [];
    const add = (item: TransactItem | undefined, error?: () => Error) => {
      items.push(item);
      errors.push(error);
    };
    add(this.updateVersioned(cur, next), () => new PosChangedConcurrentlyException());
    if (renamed) {
      add({ Put: { TableName: T, Item: posNameGuardItem(next), ConditionExpression: 'attribute_not_exists(pk)' } }, () => new DuplicateMachineNameException());
      add({
        Delete: {
          TableName: T,
          Key: keys.posNameGuard(m, nameKey(cur.name)),
          ConditionExpression: 'attribute_not_exists(pk) OR serial = :s',
          ExpressionAttributeValues: { ':s': cur.serial },
        },
      });
    }
    // The registry says the group, whether there is stock and whether it is hidden (ingestion reads them per batch).
    if (regrouped || hasStock(cur) !== hasStock(next) || cur.hidden !== next.hidden)
      add({
        Update: {
          TableName: T,
          Key: keys.deviceRegistry(cur.serial),
          UpdateExpression: 'SET groupId = :g, stocked = :s, #h = :h',
          ConditionExpression: 'merchantId = :m',
          ExpressionAttributeNames: { '#h': 'hidden' },
          ExpressionAttributeValues: { ':g': next.groupId, ':s': hasStock(next), ':h': next.hidden, ':m': m },
        },
      });
    if (regrouped) {
      if (next.groupId)
        add(
          { ConditionCheck: { TableName: T, Key: keys.group(m, next.groupId), ConditionExpression: 'attribute_exists(pk)' } },
          () => new InvalidPosGroupException(),
        );
      // Its alarms and commands follow in steps (machine-regroups.ts); until then a mark lists it as moving.
      add(regroupMarkPut(T, { merchantId: m, serial: cur.serial, from: cur.groupId, to: next.groupId }), () => new MachineStillBeingMovedException());
      // Machine-days of a group are counted back from its machines now: a move leaves one group and joins the other.
      const move = { machine: false, merchant: false };
      for (const item of kpiCounterUpdates(T, { merchantId: m, serial: cur.serial, groupId: cur.groupId }, kpiAddsAt(Date.now(), { left: 1 }), move)) add(item);
      for (const item of kpiCounterUpdates(T, { merchantId: m, serial: cur.serial, groupId: next.groupId }, kpiAddsAt(Date.now(), { joined: 1 }), move))
        add(item);
    }
    if (reclient) {
      if (next.clientId) add(this.machineCount(keys.client(m, next.clientId), 1), () => new InvalidPosClientException());
      if (cur.clientId) add(this.machineCount(keys.client(m, cur.clientId), -1));
    }
    if (reprofiled) {
      if (next.noVendProfileId) add(this.machineCount(keys.noVendProfile(m, next.noVendProfileId), 1), () => new NoVendProfileNotFoundException());
      if (cur.noVendProfileId) add(this.machineCount(keys.noVendProfile(m, cur.noVendProfileId), -1));
    }
    if (replanned) {
      if (next.planogramId) add(this.machineCount(keys.planogram(m, next.planogramId), 1), () => new PlanogramNotFoundException());
      if (cur.planogramId) add(this.machineCount(keys.planogram(m, cur.planogramId), -1));
    }
    for (const c of this.counterItems(
      m,
      { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) },
      { groupId: next.groupId, c: counterContribution(next, current.telemetry) },
    ))
      add(c);
    await this.transact(items, errors);
    this.forgetCounters(m, cur.groupId, next.groupId);
  }

  /** Forgets what the device reported but not its open alarms: their counts (its status) stay, guarded by the counts read. */
  async reset(current: StoredPos, next: PosRecord): Promise<void> {
    const cur = current.record;
    const { activeWarning = 0, activeBlocking = 0 } = current.telemetry;
    const alarms = { activeWarning, activeBlocking };
    const key = keys.posTelemetry(cur.merchantId, cur.serial);
    const unchanged = {
      ConditionExpression: '(attribute_not_exists(activeWarning) OR activeWarning = :w) AND (attribute_not_exists(activeBlocking) OR activeBlocking = :b)',
      ExpressionAttributeValues: { ':w': activeWarning, ':b': activeBlocking },
    };
    const telemetry: TransactItem =
      activeWarning || activeBlocking
        ? { Put: { TableName: this.tableName, Item: { ...key, merchantId: cur.merchantId, serial: cur.serial, ...alarms }, ...unchanged } }
        : { Delete: { TableName: this.tableName, Key: key, ...unchanged } };
    await this.transact(
      [
        this.updateVersioned(cur, next, { remove: REPORTED_COPY_ATTRIBUTES, set: reportedCopy(alarms) }),
        telemetry,
        ...this.counterItems(
          cur.merchantId,
          { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) },
          { groupId: next.groupId, c: counterContribution(next, alarms) },
        ),
      ],
      [() => new PosChangedConcurrentlyException(), () => new PosChangedConcurrentlyException()],
    );
    this.forgetCounters(cur.merchantId, cur.groupId);
  }

  async delete(current: StoredPos): Promise<void> {
    const T = this.tableName;
    const cur = current.record;
    const m = cur.merchantId;
    // The machine's commands leave the merchant's total with it (they go with its partition, below).
    const commandsCounter = keys.posCommandsCounterName(m, cur.serial);
    const stored = (await this.doc.send(new GetCommand({ TableName: T, Key: keys.counter(commandsCounter), ConsistentRead: true }))).Item;
    const commands = counted(stored && counterRecord.read(stored));
    await this.transact(
      [
        {
          Delete: {
            TableName: T,
            Key: keys.pos(m, cur.serial),
            ConditionExpression: 'attribute_exists(pk) AND updatedAt = :v',
            ExpressionAttributeValues: { ':v': cur.updatedAt },
          },
        },
        {
          Delete: {
            TableName: T,
            Key: keys.deviceRegistry(cur.serial),
            ConditionExpression: 'attribute_not_exists(pk) OR merchantId = :m',
            ExpressionAttributeValues: { ':m': m },
          },
        },
        {
          Delete: {
            TableName: T,
            Key: keys.posNameGuard(m, nameKey(cur.name)),
            ConditionExpression: 'attribute_not_exists(pk) OR serial = :s',
            ExpressionAttributeValues: { ':s': cur.serial },
          },
        },
        {
          Delete: {
            TableName: T,
            Key: keys.counter(commandsCounter),
            ConditionExpression: 'attribute_not_exists(#n) OR #n = :n',
            ExpressionAttributeNames: { '#n': 'count' },
            ExpressionAttributeValues: { ':n': commands },
          },
        },
        counterUpdate(T, keys.merchantCommandsCounterName(m), { count: -commands }),
        { Delete: { TableName: T, Key: keys.posTelemetry(m, cur.serial) } },
        { Delete: { TableName: T, Key: keys.counter(notesCounter(m, cur.serial)) } },
        // The rest of the partition: machine-purges.ts.
        { Put: { TableName: T, Item: { ...keys.machinePurge(m, cur.serial), merchantId: m, serial: cur.serial } } },
        // Stops any re-indexing of a move in flight (machine-regroups.ts): the purge removes those items.
        { Delete: { TableName: T, Key: keys.machineRegroup(m, cur.serial) } },
        cur.clientId ? this.machineCount(keys.client(m, cur.clientId), -1) : undefined,
        cur.noVendProfileId ? this.machineCount(keys.noVendProfile(m, cur.noVendProfileId), -1) : undefined,
        cur.planogramId ? this.machineCount(keys.planogram(m, cur.planogramId), -1) : undefined,
        ...this.counterItems(m, { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) }, undefined),
        ...kpiCounterUpdates(T, cur, kpiAddsAt(Date.now(), { left: 1 }), { machine: false }),
      ],
      [() => new PosChangedConcurrentlyException(), () => new PosChangedConcurrentlyException(), () => new PosChangedConcurrentlyException()],
    );
    this.forgetCounters(m, cur.groupId);
    forgetCounter(commandsCounter);
    forgetCounter(keys.merchantCommandsCounterName(m));
  }
}
