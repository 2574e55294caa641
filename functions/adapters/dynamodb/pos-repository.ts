import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { type Total } from '../../../schemas/paging';
import type { PointOfSale, PosCounts, PosNote } from '../../../schemas/pos';
import {
  DeviceAlreadyRegisteredException,
  DuplicateMachineNameException,
  InvalidPosClientException,
  InvalidPosGroupException,
  MachineStillBeingDeletedException,
  MachineStillBeingMovedException,
  PosChangedConcurrentlyException,
  PosNotFoundException,
} from '../../core/devices/errors';
import { counterContribution, toPointOfSale, type DeviceRegistration, type PosRecord, type StoredPos, } from '../../core/devices/model';
import type { NoteSliceRequest, PosFilter, PosRepository, PosSelection, PosSliceRequest } from '../../core/devices/ports';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { NoVendProfileNotFoundException } from '../../core/no-vend-profiles/errors';
import { nameKey } from '../../core/merchants/merchant';
import { ValidationError } from '../../core/shared/domain-error';
import { batchGetItems } from './batch-items';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import { regroupMarkPut } from './machine-regroups';
import { readRegistration } from './registrations';
import { keys, stripKeys } from './keys';
import { countQuery, queryPage, type ItemFilter } from './paging';
import { copiedTelemetry, REPORTED_COPY_ATTRIBUTES, reportedCopy, telemetryOf } from './reported-copy';
import { failedConditionIndex } from './transactions';
import { replaceAttributes } from './update-expression';

type Item = Record<string, unknown>;
type Key = Record<string, string>;
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Items a filtered list evaluates per Query (DynamoDB also stops at 1 MB). */
const FILTERED_READ_LIMIT = 1000;
/**
 * Queries one partition may cost a filtered page: a filter that matches little stops there and the page
 * comes back short, with a cursor that resumes where reading stopped.
 */
const MAX_FILTERED_QUERIES = 25;

const notesCounter = (merchantId: string, serial: string) => `POS#${merchantId}#${serial}#NOTES`;

/** The POS item: the record plus its list keys (by name; by group when it has one) and `nameKey`. */
export function posItem(r: PosRecord): Item {
  const nk = nameKey(r.name);
  return {
    ...r,
    ...keys.pos(r.merchantId, r.serial),
    ...keys.posByName(r.merchantId, r.hidden, nk, r.serial),
    ...(r.groupId ? keys.posByGroup(r.merchantId, r.groupId, nk, r.serial) : {}),
    entity: 'pos',
    nameKey: nk,
  };
}

/** The registry item of a serial: `{ serial, merchantId, groupId }`. */
export function registryItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'groupId'>): Item {
  return { ...keys.deviceRegistry(r.serial), serial: r.serial, merchantId: r.merchantId, groupId: r.groupId, entity: 'deviceRegistry' };
}

export function posNameGuardItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'name'>): Item {
  return { ...keys.posNameGuard(r.merchantId, nameKey(r.name)), serial: r.serial };
}

function recordOf(item: Item): PosRecord {
  // `status` was on the POS item before it followed the alarms (TELEMETRY): an old item's is ignored.
  const { nameKey: _nk, status: _status, ...rest } = stripKeys<PosRecord & { nameKey: string; status?: unknown }>(item);
  for (const a of REPORTED_COPY_ATTRIBUTES) delete (rest as Item)[a];
  return { ...rest, resetAt: rest.resetAt ?? null };
}

/** A listed machine: its record and the copy of what it reported, from the POS item alone. */
const listedOf = (item: Item): PointOfSale => toPointOfSale(recordOf(item), copiedTelemetry(item));

/** The POS item's record attributes (keys aside) for `replaceAttributes`. */
function recordAttributes(r: PosRecord): Item {
  const { pk: _pk, sk: _sk, ...rest } = posItem(r);
  return rest;
}

function subtract(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) - v;
  return out;
}
const negate = (a: Record<string, number>) => subtract({}, a);

/** One partition of an index that a list reads. */
interface Partition {
  index: 'gsi1' | 'gsi2';
  pk: string;
  pkName: 'gsi1pk' | 'gsi2pk';
  skName: 'gsi1sk' | 'gsi2sk';
  filter?: ItemFilter;
}

interface CursorBody {
  o: number;
  /** Per partition: the key to resume after, or 0 when it has nothing more. Absent: from its start. */
  p: Record<string, Key | 0>;
}

const invalidCursor = () => new ValidationError('InvalidCursorException', 'Invalid paging cursor', [{ path: 'cursor', message: 'invalid cursor' }]);
const encodeCursor = (body: CursorBody) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

function decodeCursor(cursor: string, parts: Partition[]): CursorBody {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body.o !== 'number' || typeof body.p !== 'object' || body.p === null) throw invalidCursor();
  for (const [pk, key] of Object.entries(body.p)) {
    const part = parts.find((p) => p.pk === pk);
    // A cursor only ever points inside the partitions built from the caller's scope.
    if (!part || (key !== 0 && (typeof key !== 'object' || key[part.pkName] !== pk || typeof key[part.skName] !== 'string'))) throw invalidCursor();
  }
  return body;
}

/** The FilterExpression of the filters no index answers (placeholders #f…/:f…). */
function filterOf(filter: PosFilter, hidden?: boolean): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let n = 0;
  const cond = (attr: string, op: string, value: unknown) => {
    const i = n++;
    names[`#f${i}`] = attr;
    values[`:f${i}`] = value;
    parts.push(op === 'contains' ? `contains(#f${i}, :f${i})` : `#f${i} ${op} :f${i}`);
    return `#f${i}`;
  };
  if (hidden !== undefined) cond('hidden', '=', hidden);
  if (filter.createdFrom) cond('createdAt', '>=', filter.createdFrom);
  if (filter.createdTo) cond('createdAt', '<', filter.createdTo);
  if (filter.updatedFrom) cond('updatedAt', '>=', filter.updatedFrom);
  if (filter.updatedTo) cond('updatedAt', '<', filter.updatedTo);
  if (filter.warrantyFrom) cond('warrantyEnd', '>=', filter.warrantyFrom);
  if (filter.warrantyTo) cond('warrantyEnd', '<=', filter.warrantyTo);
  if (filter.clientId) cond('clientId', '=', filter.clientId);
  if (filter.planogramId) cond('planogramId', '=', filter.planogramId);
  if (filter.search) {
    const i = n++;
    names[`#f${i}a`] = 'nameKey';
    names[`#f${i}b`] = 'serial';
    values[`:f${i}a`] = nameKey(filter.search);
    values[`:f${i}b`] = filter.search.trim().toUpperCase();
    parts.push(`(contains(#f${i}a, :f${i}a) OR contains(#f${i}b, :f${i}b))`);
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

const hasFilter = (f: PosFilter) => Object.values(f).some((v) => v !== undefined && v !== '');

export class DynamoPosRepository implements PosRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  // ------------------------------------------------------------------ reads of one machine

  registration(serial: string): Promise<DeviceRegistration | undefined> {
    return readRegistration(this.doc, this.tableName, serial);
  }

  async get(merchantId: string, serial: string): Promise<StoredPos | undefined> {
    const wanted = [keys.pos(merchantId, serial), keys.posTelemetry(merchantId, serial), keys.counter(notesCounter(merchantId, serial))];
    const found = await this.batchGet(wanted);
    const byKey = (k: { pk: string; sk: string }) => found.find((i) => i.pk === k.pk && i.sk === k.sk);
    const pos = byKey(wanted[0]!);
    if (!pos) return undefined;
    return { record: recordOf(pos), telemetry: telemetryOf(byKey(wanted[1]!)), notes: Number(byKey(wanted[2]!)?.count ?? 0) };
  }

  private batchGet(keyList: Array<Record<string, unknown>>): Promise<Item[]> {
    return batchGetItems(this.doc, this.tableName, keyList);
  }

  // ------------------------------------------------------------------ writes

  private async transact(items: Array<TransactItem | undefined>, errors: Array<(() => Error) | undefined>): Promise<void> {
    const list: TransactItem[] = [];
    const onFail: Array<(() => Error) | undefined> = [];
    items.forEach((item, i) => {
      if (item) {
        list.push(item);
        onFail.push(errors[i]);
      }
    });
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: list }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed >= 0) throw (onFail[failed] ?? (() => new PosChangedConcurrentlyException()))();
      throw error;
    }
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

  /** ADD to the machine count of what machines are associated with (a client, a no-vend profile); it must exist. */
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
    const items: Array<TransactItem | undefined> = [];
    const errors: Array<(() => Error) | undefined> = [];
    const add = (item: TransactItem | undefined, error?: () => Error) => {
      items.push(item);
      errors.push(error);
    };
    add(this.updateVersioned(cur, next), () => new PosChangedConcurrentlyException());
    if (renamed) {
      add({ Put: { TableName: T, Item: posNameGuardItem(next), ConditionExpression: 'attribute_not_exists(pk)' } }, () => new DuplicateMachineNameException());
      add({ Delete: { TableName: T, Key: keys.posNameGuard(m, nameKey(cur.name)), ConditionExpression: 'attribute_not_exists(pk) OR serial = :s', ExpressionAttributeValues: { ':s': cur.serial } } });
    }
    if (regrouped) {
      add({
        Update: {
          TableName: T, Key: keys.deviceRegistry(cur.serial), UpdateExpression: 'SET groupId = :g', ConditionExpression: 'merchantId = :m',
          ExpressionAttributeValues: { ':g': next.groupId, ':m': m },
        },
      });
      if (next.groupId) add({ ConditionCheck: { TableName: T, Key: keys.group(m, next.groupId), ConditionExpression: 'attribute_exists(pk)' } }, () => new InvalidPosGroupException());
      // Its alarms and commands follow in steps (machine-regroups.ts); until then a mark lists it as moving.
      add(regroupMarkPut(T, { merchantId: m, serial: cur.serial, from: cur.groupId, to: next.groupId }), () => new MachineStillBeingMovedException());
    }
    if (reclient) {
      if (next.clientId) add(this.machineCount(keys.client(m, next.clientId), 1), () => new InvalidPosClientException());
      if (cur.clientId) add(this.machineCount(keys.client(m, cur.clientId), -1));
    }
    if (reprofiled) {
      if (next.noVendProfileId) add(this.machineCount(keys.noVendProfile(m, next.noVendProfileId), 1), () => new NoVendProfileNotFoundException());
      if (cur.noVendProfileId) add(this.machineCount(keys.noVendProfile(m, cur.noVendProfileId), -1));
    }
    for (const c of this.counterItems(m, { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) }, { groupId: next.groupId, c: counterContribution(next, current.telemetry) })) add(c);
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
        ...this.counterItems(cur.merchantId, { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) }, { groupId: next.groupId, c: counterContribution(next, alarms) }),
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
    const commands = Number((await this.doc.send(new GetCommand({ TableName: T, Key: keys.counter(commandsCounter), ConsistentRead: true }))).Item?.count ?? 0);
    await this.transact(
      [
        { Delete: { TableName: T, Key: keys.pos(m, cur.serial), ConditionExpression: 'attribute_exists(pk) AND updatedAt = :v', ExpressionAttributeValues: { ':v': cur.updatedAt } } },
        { Delete: { TableName: T, Key: keys.deviceRegistry(cur.serial), ConditionExpression: 'attribute_not_exists(pk) OR merchantId = :m', ExpressionAttributeValues: { ':m': m } } },
        { Delete: { TableName: T, Key: keys.posNameGuard(m, nameKey(cur.name)), ConditionExpression: 'attribute_not_exists(pk) OR serial = :s', ExpressionAttributeValues: { ':s': cur.serial } } },
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
        ...this.counterItems(m, { groupId: cur.groupId, c: counterContribution(cur, current.telemetry) }, undefined),
      ],
      [() => new PosChangedConcurrentlyException(), () => new PosChangedConcurrentlyException(), () => new PosChangedConcurrentlyException()],
    );
    this.forgetCounters(m, cur.groupId);
    forgetCounter(commandsCounter);
    forgetCounter(keys.merchantCommandsCounterName(m));
  }

  // ------------------------------------------------------------------ lists

  private partitions(merchantId: string, sel: PosSelection): Partition[] {
    if (!sel.groupIds) {
      return [{ index: 'gsi1', pk: keys.posByName(merchantId, sel.hidden, '', '').gsi1pk, pkName: 'gsi1pk', skName: 'gsi1sk', filter: filterOf(sel.filter) }];
    }
    // The group index holds visible and hidden machines alike: `hidden` becomes part of the filter.
    const filter = filterOf(sel.filter, sel.hidden);
    return [...new Set(sel.groupIds)].map((g) => ({ index: 'gsi2', pk: keys.posByGroup(merchantId, g, '', '').gsi2pk, pkName: 'gsi2pk', skName: 'gsi2sk', filter }) as Partition);
  }

  /**
   * Up to `want` items of one partition after `start`, in index order. Unfiltered: Queries with
   * Limit = what is still wanted (one call for a page). Filtered: Limit FILTERED_READ_LIMIT per call and at
   * most MAX_FILTERED_QUERIES calls (bounded: `done` false with `resume` where reading stopped).
   */
  private async read(part: Partition, start: Key | undefined, want: number, forward: boolean, keysOnly: boolean, bounded: boolean) {
    const items: Item[] = [];
    let exclusive: Record<string, unknown> | undefined = start;
    let calls = 0;
    const names: Record<string, string> = { '#pk': part.pkName, ...part.filter?.names };
    if (keysOnly) Object.assign(names, { '#k0': 'pk', '#k1': 'sk', '#k2': part.pkName, '#k3': part.skName });
    for (;;) {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: part.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':pk': part.pk, ...part.filter?.values },
          ...(part.filter ? { FilterExpression: part.filter.expression } : {}),
          ...(keysOnly ? { ProjectionExpression: '#k0, #k1, #k2, #k3' } : {}),
          ScanIndexForward: forward,
          ExclusiveStartKey: exclusive,
          Limit: part.filter ? FILTERED_READ_LIMIT : want - items.length,
        }),
      );
      calls++;
      items.push(...(res.Items ?? []));
      exclusive = res.LastEvaluatedKey;
      if (items.length >= want) {
        const kept = items.slice(0, want);
        return { items: kept, done: false, resume: this.keyOf(kept.at(-1)!, part) };
      }
      if (!exclusive) return { items, done: true, resume: undefined };
      if (bounded && part.filter && calls >= MAX_FILTERED_QUERIES) return { items, done: false, resume: exclusive as Key, stopped: true };
    }
  }

  private keyOf(item: Item, part: Partition): Key {
    return { pk: String(item.pk), sk: String(item.sk), [part.pkName]: String(item[part.pkName]), [part.skName]: String(item[part.skName]) };
  }

  /**
   * A page of the merged partitions in index-sort-key order (`nameKey#serial`, the same shape in every
   * partition). One partition (the usual case) costs one Query per page with the previous page's cursor;
   * several partitions (a group admin with several groups, a groupIds filter) one Query each.
   */
  async listSlice(merchantId: string, req: PosSliceRequest): Promise<{ items: PointOfSale[]; cursor?: string }> {
    if (req.limit <= 0) return { items: [] };
    const parts = this.partitions(merchantId, req);
    const forward = req.ordType === 'asc';
    const skName = parts[0]!.skName;
    const before = (a: Item, b: Item) => (String(a[skName]) < String(b[skName]) ? -1 : 1) * (forward ? 1 : -1);
    let starts: Record<string, Key | 0 | undefined> = {};
    const fromCursor = req.cursor ? decodeCursor(req.cursor, parts) : undefined;
    if (fromCursor && fromCursor.o === req.offset) {
      starts = fromCursor.p;
    } else if (req.offset > 0) {
      // Jump without a cursor: walk the keys of the first `offset` merged items.
      const walked = await Promise.all(parts.map((p) => this.read(p, undefined, req.offset, forward, true, false).then((r) => ({ p, r }))));
      const merged = walked.flatMap(({ p, r }) => r.items.map((item) => ({ p, item }))).sort((x, y) => before(x.item, y.item));
      if (merged.length < req.offset) return { items: [] };
      const skipped = merged.slice(0, req.offset);
      for (const { p, r } of walked) {
        const mine = skipped.filter((s) => s.p === p);
        starts[p.pk] = mine.length ? this.keyOf(mine.at(-1)!.item, p) : r.items.length === 0 && r.done ? 0 : undefined;
      }
    }
    const reads = await Promise.all(
      parts.map(async (p) => {
        const start = starts[p.pk];
        if (start === 0) return { p, start, r: { items: [] as Item[], done: true, resume: undefined as Key | undefined, stopped: false } };
        return { p, start, r: { stopped: false, ...(await this.read(p, start, req.limit + 1, forward, false, true)) } };
      }),
    );
    const merged = reads.flatMap(({ p, r }) => r.items.map((item) => ({ p, item }))).sort((x, y) => before(x.item, y.item));
    const page = merged.slice(0, req.limit);
    const next: Record<string, Key | 0> = {};
    let more = false;
    for (const { p, start, r } of reads) {
      const mine = page.filter((x) => x.p === p);
      const allTaken = mine.length === r.items.length;
      if (allTaken && r.done) next[p.pk] = 0;
      else {
        more = true;
        const key = allTaken && r.stopped ? r.resume : mine.length ? this.keyOf(mine.at(-1)!.item, p) : start;
        if (key) next[p.pk] = key;
      }
    }
    const items = page.map((x) => listedOf(x.item));
    return { items, ...(more ? { cursor: encodeCursor({ o: req.offset + page.length, p: next }) } : {}) };
  }

  async count(merchantId: string, sel: PosSelection): Promise<Total> {
    if (!hasFilter(sel.filter)) {
      const names = sel.groupIds ? [...new Set(sel.groupIds)].map((g) => keys.posGroupCounterName(merchantId, g)) : [keys.posCounterName(merchantId)];
      const totals = await Promise.all(
        names.map(async (n) => {
          const [total, hidden] = await Promise.all([readCounter(this.doc, this.tableName, n, Date.now(), 'total'), readCounter(this.doc, this.tableName, n, Date.now(), 'hidden')]);
          return sel.hidden ? hidden : total - hidden;
        }),
      );
      return { count: totals.reduce((a, b) => a + b, 0) };
    }
    const parts = this.partitions(merchantId, sel);
    if (!parts.length) return { count: 0 };
    return countQuery(this.doc, { tableName: this.tableName, index: parts[0]!.index, partition: parts.map((p) => p.pk), filter: parts[0]!.filter });
  }

  async listAll(merchantId: string, sel: PosSelection, max: number): Promise<PointOfSale[]> {
    const parts = this.partitions(merchantId, sel);
    const reads = await Promise.all(parts.map((p) => this.read(p, undefined, max + 1, true, false, false)));
    const skName = parts[0]!.skName;
    return reads
      .flatMap((r) => r.items)
      .sort((a, b) => (String(a[skName]) < String(b[skName]) ? -1 : 1))
      .slice(0, max + 1)
      .map(listedOf);
  }

  async counts(merchantId: string, groupIds?: readonly string[]): Promise<PosCounts> {
    const names = groupIds ? [...new Set(groupIds)].map((g) => keys.posGroupCounterName(merchantId, g)) : [keys.posCounterName(merchantId)];
    const attrs = ['total', 'hidden', 'online', 'offline', 'unknown', 'ok', 'warning', 'critical'] as const;
    const sums = Object.fromEntries(attrs.map((a) => [a, 0])) as Record<(typeof attrs)[number], number>;
    for (const n of names) {
      for (const a of attrs) sums[a] += await readCounter(this.doc, this.tableName, n, Date.now(), a);
    }
    return { ...sums, visible: sums.total - sums.hidden };
  }

  async groupHasMachines(merchantId: string, groupId: string): Promise<boolean> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.posByGroup(merchantId, groupId, '', '').gsi2pk },
        Limit: 1,
        ProjectionExpression: 'pk',
      }),
    );
    return (res.Items ?? []).length > 0;
  }

  // ------------------------------------------------------------------ notes

  async addNote(merchantId: string, note: PosNote): Promise<void> {
    await this.transact(
      [
        { ConditionCheck: { TableName: this.tableName, Key: keys.pos(merchantId, note.serial), ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName: this.tableName, Item: { ...note, ...keys.posNote(merchantId, note.serial, note.creationDate, note.id), entity: 'posNote' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        counterUpdate(this.tableName, notesCounter(merchantId, note.serial), { count: 1 }),
      ],
      [() => new PosNotFoundException()],
    );
  }

  async listNotes(merchantId: string, serial: string, req: NoteSliceRequest): Promise<{ items: PosNote[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      beginsWith: keys.posNotePrefix,
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map((i) => stripKeys<PosNote>(i)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }
}
