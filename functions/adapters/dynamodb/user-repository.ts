import { recordChange } from '../../core/audit/change-recorder';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#schemas/collections';
import type { Total } from '#schemas/paging';
import { DuplicateUserException, InvalidUserGroupsException, UserChangedConcurrentlyException, UserNotFoundException } from '../../core/users/errors';
import type { GroupRef, UserFilter, UserListScope, UserRepository, UserSliceRequest } from '../../core/users/ports';
import { nextUpdatedAt, type User } from '../../core/users/user';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, type ItemFilter, type PageQuery } from './paging';
import { failedConditionIndex, isConditionFailure } from './transactions';
import { readUser, userRecord } from './user-records';

/** Counter items: `count` is the total, `role_<ROLE>` the number of users with that role. */
const ALL_USERS_COUNTER = 'USERS';
const merchantCounter = (merchantId: string) => `MERCHANT#${merchantId}#USERS`;
const roleAttribute = (role: string) => `role_${role}`;

/** How long an email reservation of a create in progress holds; a crashed create frees it after this. */
const RESERVATION_MS = 15 * 60 * 1000;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const userItem = (u: User) => ({ ...u, ...keys.user(u.id), ...keys.usersByEmail(u.email, u.id), entity: 'user' });
const membershipItem = (merchantId: string, u: User) => ({ ...u, ...keys.userMembership(merchantId, u.email, u.id), entity: 'userMembership' });
const fromItem = (item: Record<string, unknown>) => userRecord.read(item);

/** Counter changes between two states of a user (undefined = absent), for one merchant or for all users. */
function counterDeltas(prev: User | undefined, next: User | undefined): Record<string, number> {
  const deltas: Record<string, number> = {};
  const add = (attr: string, d: number) => (deltas[attr] = (deltas[attr] ?? 0) + d);
  if (prev) {
    add('count', -1);
    add(roleAttribute(prev.role), -1);
  }
  if (next) {
    add('count', 1);
    add(roleAttribute(next.role), 1);
  }
  return deltas;
}

export class DynamoUserRepository implements UserRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  get(id: string): Promise<User | undefined> {
    return readUser(this.doc, this.tableName, id);
  }

  /**
   * The items of one change of a user, for one TransactWriteItems: the record, a membership per merchant
   * (put, or deleted when the merchant is gone), the counters that move, and a check that each newly given
   * group still exists. `prev` undefined = a new user; `next` undefined = a deleted one.
   */
  private changeItems(prev: User | undefined, next: User | undefined, addedGroups: GroupRef[] = []): TransactItem[] {
    const items: TransactItem[] = [];
    const merchants = new Set([...(prev?.merchantIds ?? []), ...(next?.merchantIds ?? [])]);
    for (const m of merchants) {
      const before = prev?.merchantIds.includes(m) ? prev : undefined;
      const after = next?.merchantIds.includes(m) ? next : undefined;
      if (after) items.push({ Put: { TableName: this.tableName, Item: membershipItem(m, after) } });
      else if (before) items.push({ Delete: { TableName: this.tableName, Key: keys.userMembership(m, before.email, before.id) } });
      const counter = counterUpdate(this.tableName, merchantCounter(m), counterDeltas(before, after));
      if (counter) items.push(counter);
    }
    const total = counterUpdate(this.tableName, ALL_USERS_COUNTER, counterDeltas(prev, next));
    if (total) items.push(total);
    for (const g of addedGroups) {
      items.push({ ConditionCheck: { TableName: this.tableName, Key: keys.group(g.merchantId, g.id), ConditionExpression: 'attribute_exists(pk)' } });
    }
    return items;
  }

  private forgetCounters(...users: Array<User | undefined>): void {
    forgetCounter(ALL_USERS_COUNTER);
    for (const u of users) for (const m of u?.merchantIds ?? []) forgetCounter(merchantCounter(m));
  }

  /** Runs a transaction; `onFailed` maps the index of the item whose condition failed to a domain error. */
  private async transact(items: TransactItem[], onFailed: (index: number) => Error | undefined): Promise<void> {
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      const mapped = failed >= 0 ? onFailed(failed) : undefined;
      throw mapped ?? error;
    }
  }

  async reserveEmail(email: string, now: string): Promise<void> {
    const at = Date.parse(now);
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.userEmailGuard(email),
            reservedUntil: new Date(at + RESERVATION_MS).toISOString(),
            expiresAt: Math.floor((at + RESERVATION_MS) / 1000) + 3600,
          },
          // A reservation whose create crashed (no userId, past its time) may be taken over.
          ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(userId) AND reservedUntil < :now)',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DuplicateUserException();
      throw error;
    }
  }

  async releaseEmail(email: string): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({ TableName: this.tableName, Key: keys.userEmailGuard(email), ConditionExpression: 'attribute_not_exists(userId)' }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async create(user: User, groups: GroupRef[]): Promise<void> {
    const items: TransactItem[] = [
      {
        Update: {
          TableName: this.tableName,
          Key: keys.userEmailGuard(user.email),
          UpdateExpression: 'SET userId = :id REMOVE reservedUntil, expiresAt',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId)',
          ExpressionAttributeValues: { ':id': user.id },
        },
      },
      { Put: { TableName: this.tableName, Item: userItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...this.changeItems(undefined, user, groups),
    ];
    await this.transact(items, (i) => (i <= 1 ? new DuplicateUserException() : groupFailure(items[i])));
    this.forgetCounters(user);
  }

  async replace(previous: User, next: User, addedGroups: GroupRef[]): Promise<void> {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.tableName,
          Item: userItem(next),
          // The version check: every write changes updatedAt (nextUpdatedAt).
          ConditionExpression: 'updatedAt = :u',
          ExpressionAttributeValues: { ':u': previous.updatedAt },
        },
      },
      ...this.changeItems(previous, next, addedGroups),
    ];
    try {
      await this.transact(items, (i) => (i === 0 ? new UserChangedConcurrentlyException() : groupFailure(items[i])));
    } catch (error) {
      if (error instanceof UserChangedConcurrentlyException && !(await this.get(previous.id))) throw new UserNotFoundException();
      throw error;
    }
    this.forgetCounters(previous, next);
  }

  async delete(user: User): Promise<void> {
    await this.transact(
      [
        { Delete: { TableName: this.tableName, Key: keys.user(user.id), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Delete: {
            TableName: this.tableName,
            Key: keys.userEmailGuard(user.email),
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
            ExpressionAttributeValues: { ':id': user.id },
          },
        },
        ...this.changeItems(user, undefined),
      ],
      (i) => (i === 0 ? new UserNotFoundException() : undefined),
    );
    this.forgetCounters(user);
  }

  /** Seeding: creates the user or replaces it; a record written before memberships existed is counted as new. */
  async put(user: User): Promise<void> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.user(user.id) }));
    const stored = res.Item;
    const counted = stored?.gsi1pk !== undefined;
    const previous = stored ? fromItem(stored) : undefined;
    const next = previous ? { ...user, updatedAt: nextUpdatedAt(user.updatedAt, previous.updatedAt) } : user;
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.userEmailGuard(user.email), userId: user.id },
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
          ExpressionAttributeValues: { ':id': user.id },
        },
      },
      { Put: { TableName: this.tableName, Item: userItem(next) } },
      ...this.changeItems(counted ? previous : undefined, next),
    ];
    // Memberships of merchants the stored user had and the new one has not.
    if (previous && !counted) {
      for (const m of previous.merchantIds.filter((m) => !next.merchantIds.includes(m))) {
        items.push({ Delete: { TableName: this.tableName, Key: keys.userMembership(m, previous.email, previous.id) } });
      }
    }
    await this.transact(items, (i) => (i === 0 ? new DuplicateUserException() : undefined));
    this.forgetCounters(previous, next);
  }

  async setLanguage(id: string, language: Language, updatedAt: string): Promise<User> {
    const current = await this.get(id);
    if (!current) throw new UserNotFoundException();
    if (current.language === language) return current;
    const next: User = { ...current, language, updatedAt: nextUpdatedAt(updatedAt, current.updatedAt) };
    await this.replace(current, next, []);
    recordChange('user', id, current, next);
    return next;
  }

  /** The user an address belongs to (its email guard), for SES's bounce and complaint reports. */
  async idByEmail(email: string): Promise<string | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.userEmailGuard(email), ProjectionExpression: 'userId' }));
    return res.Item?.userId as string | undefined;
  }

  async setNotifications(id: string, on: boolean, reason: string | null, updatedAt: string): Promise<User> {
    const current = await this.get(id);
    if (!current) throw new UserNotFoundException();
    if (current.receiveNotifications === on && (on || current.notificationsOffReason === reason)) return current;
    const next: User = {
      ...current,
      receiveNotifications: on,
      notificationsOffReason: on ? null : reason,
      updatedAt: nextUpdatedAt(updatedAt, current.updatedAt),
    };
    await this.replace(current, next, []);
    recordChange('user', id, current, next);
    return next;
  }

  private pageQuery(scope: UserListScope, filter: UserFilter): Pick<PageQuery, 'tableName' | 'index' | 'partition' | 'beginsWith' | 'filter'> {
    const roleFilter: ItemFilter | undefined = filter.role
      ? { expression: '#role = :role', names: { '#role': 'role' }, values: { ':role': filter.role } }
      : undefined;
    return {
      tableName: this.tableName,
      ...(scope.kind === 'all' ? { index: 'gsi1' as const, partition: keys.usersIndexPk } : { partition: keys.merchantUsersPk(scope.merchantId) }),
      ...(filter.search ? { beginsWith: filter.search.toLowerCase() } : {}),
      ...(roleFilter ? { filter: roleFilter } : {}),
    };
  }

  async listSlice(scope: UserListScope, req: UserSliceRequest): Promise<{ items: User[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      ...this.pageQuery(scope, req),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map(fromItem), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  /**
   * Without a search the total comes from the counter item (`count`, or the role's sub-total). A search
   * narrows the key range (email prefix), so a Select COUNT Query of that range answers it: it reads only
   * the matching emails, and no counter can know every prefix.
   */
  async count(scope: UserListScope, filter: UserFilter): Promise<Total> {
    if (!filter.search) {
      const name = scope.kind === 'all' ? ALL_USERS_COUNTER : merchantCounter(scope.merchantId);
      return { count: await readCounter(this.doc, this.tableName, name, Date.now(), filter.role ? roleAttribute(filter.role) : 'count') };
    }
    return countQuery(this.doc, this.pageQuery(scope, filter));
  }

  async listAll(scope: UserListScope, max: number): Promise<User[]> {
    const q = this.pageQuery(scope, {});
    const out: User[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: q.tableName,
          IndexName: q.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': q.index ? 'gsi1pk' : 'pk' },
          ExpressionAttributeValues: { ':pk': q.partition },
          ExclusiveStartKey: start,
          Limit: max + 1 - out.length,
        }),
      );
      out.push(...(res.Items ?? []).map(fromItem));
      start = res.LastEvaluatedKey;
    } while (start && out.length <= max);
    return out;
  }

  async isGroupReferenced(merchantId: string, groupId: string): Promise<boolean> {
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'contains(groupIds, :g)',
          ExpressionAttributeValues: { ':pk': keys.merchantUsersPk(merchantId), ':g': groupId },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      if ((res.Count ?? 0) > 0) return true;
      start = res.LastEvaluatedKey;
    } while (start);
    return false;
  }
}

/** A failed group ConditionCheck: the group was deleted meanwhile. */
function groupFailure(item: TransactItem | undefined): Error | undefined {
  if (!item?.ConditionCheck) return undefined;
  const sk = String((item.ConditionCheck.Key as Record<string, unknown>).sk ?? '');
  return new InvalidUserGroupsException([{ path: 'body.groupIds', message: `group ${sk.replace(/^GROUP#/, '')} no longer exists` }]);
}
