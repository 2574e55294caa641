import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { PENDING_STATUSES, RemoteCommand } from '#schemas/remote-command';
import type {
  CommandFilter,
  CommandSlice,
  CommandVersion,
  CreateOutcome,
  IdempotencyRecord,
  RemoteCommandRepository,
  StoredCommand,
} from '../../core/remote-commands/ports';
import { counterUpdate, forgetCounter } from './counters';
import * as keys from './keys';
import { groupIs } from './machine-regroups';
import { queryPage, type PageQuery } from './paging';
import { DynamoRemoteCommandCounts } from './remote-command-counts';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure } from './transactions';

type Item = Record<string, unknown>;

/** The record schema of a remote command: `dueAt` null once final (and absent after a final write removed it). */
export const commandRecord = recordSchema<StoredCommand>('remoteCommand', z.extend(RemoteCommand, { dueAt: z._default(z.nullable(z.string()), null) }));
const fromItem = (item: Item): StoredCommand => commandRecord.read(item);
const commandKey = (c: Pick<StoredCommand, 'merchantId' | 'serial' | 'id'>) => keys.posCommand(c.merchantId, c.serial, c.id);

function commandItem(c: StoredCommand): Item {
  return {
    ...commandKey(c),
    ...keys.commandByMerchant(c.merchantId, c.id),
    ...(c.groupId ? keys.commandByGroup(c.merchantId, c.groupId, c.id) : {}),
    ...(c.dueAt ? keys.commandDue(c.dueAt, c.merchantId, c.serial, c.id) : {}),
    entity: 'remoteCommand',
    ...c,
  };
}

/** Version condition of a transition: exactly the state read, or any pending state. */
function versionCondition(expected: CommandVersion | 'pending') {
  if (expected === 'pending') {
    return { expression: '#st IN (:p0, :p1)', values: { ':p0': PENDING_STATUSES[0], ':p1': PENDING_STATUSES[1] } };
  }
  return { expression: '#st = :est AND attempts = :eat', values: { ':est': expected.status, ':eat': expected.attempts } };
}

/** Remote commands (ACCESS-PATTERNS 30–35). */
export class DynamoRemoteCommandRepository extends DynamoRemoteCommandCounts implements RemoteCommandRepository {
  async create(c: StoredCommand, idempotency?: IdempotencyRecord): Promise<CreateOutcome> {
    const table = this.tableName;
    const counters = [
      counterUpdate(table, keys.posCommandsCounterName(c.merchantId, c.serial), { count: 1, pending: 1 })!,
      counterUpdate(table, keys.merchantCommandsCounterName(c.merchantId), { count: 1 })!,
    ];
    const group = groupIs(c.groupId, ':g');
    const guarded = [
      // First, so that a replay is told apart from a pending command of the first request.
      ...(idempotency
        ? [
            {
              Put: {
                TableName: table,
                Item: {
                  ...keys.commandIdempotency(idempotency.userId, idempotency.key),
                  commandKey: commandKey(c),
                  requestHash: idempotency.requestHash,
                  expiresAt: Math.floor(Date.parse(idempotency.expiresAt) / 1000),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ]
        : []),
      {
        Put: {
          TableName: table,
          Item: { ...keys.posCommandLock(c.merchantId, c.serial, c.type), commandId: c.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { ConditionCheck: { TableName: table, Key: keys.pos(c.merchantId, c.serial), ConditionExpression: 'attribute_exists(pk)' } },
      // Indexed by the machine's group (31g): a move since it was read would leave the command in the old group's list.
      {
        ConditionCheck: {
          TableName: table,
          Key: keys.deviceRegistry(c.serial),
          ConditionExpression: group.expression,
          ExpressionAttributeNames: { '#g': 'groupId' },
          ExpressionAttributeValues: group.values,
        },
      },
    ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: [...guarded, { Put: { TableName: table, Item: commandItem(c) } }, ...counters] }));
      forgetCounter(keys.posCommandsCounterName(c.merchantId, c.serial));
      forgetCounter(keys.merchantCommandsCounterName(c.merchantId));
      return { kind: 'created' };
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed < 0) throw error;
      const offset = idempotency ? 1 : 0;
      if (idempotency && failed === 0) return this.replay(idempotency);
      return failed === offset ? { kind: 'pending' } : failed === offset + 1 ? { kind: 'pos-missing' } : { kind: 'moved' };
    }
  }

  private async replay(idempotency: IdempotencyRecord): Promise<CreateOutcome> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.commandIdempotency(idempotency.userId, idempotency.key), ConsistentRead: true }),
    );
    const first = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: res.Item?.commandKey as Item, ConsistentRead: true }));
    return { kind: 'replay', requestHash: String(res.Item?.requestHash ?? ''), command: first.Item ? fromItem(first.Item) : undefined };
  }

  async get(merchantId: string, serial: string, id: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.posCommand(merchantId, serial, id), ConsistentRead: true }));
    return res.Item ? fromItem(res.Item) : undefined;
  }

  async advance(c: StoredCommand, expected: CommandVersion | 'pending', changes: Partial<Pick<StoredCommand, 'status' | 'attempts' | 'startAt' | 'dueAt'>>) {
    const next = { ...changes, ...(changes.dueAt ? keys.commandDue(changes.dueAt, c.merchantId, c.serial, c.id) : {}) };
    const entries = Object.entries(next);
    const condition = versionCondition(expected);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: commandKey(c),
          UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: { '#st': 'status', ...Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])) },
          ExpressionAttributeValues: { ...condition.values, ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async finish(c: StoredCommand, expected: CommandVersion | 'pending', outcome: Pick<StoredCommand, 'status' | 'result' | 'message' | 'endAt'>) {
    const condition = versionCondition(expected);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: commandKey(c),
                UpdateExpression: 'SET #st = :st, #result = :result, #message = :message, endAt = :endAt, dueAt = :null REMOVE gsi2pk, gsi2sk',
                ConditionExpression: condition.expression,
                ExpressionAttributeNames: { '#st': 'status', '#result': 'result', '#message': 'message' },
                ExpressionAttributeValues: {
                  ...condition.values,
                  ':st': outcome.status,
                  ':result': outcome.result,
                  ':message': outcome.message,
                  ':endAt': outcome.endAt,
                  ':null': null,
                },
              },
            },
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.posCommandLock(c.merchantId, c.serial, c.type),
                ConditionExpression: 'commandId = :id',
                ExpressionAttributeValues: { ':id': c.id },
              },
            },
            counterUpdate(this.tableName, keys.posCommandsCounterName(c.merchantId, c.serial), { pending: -1 })!,
          ],
        }),
      );
      return true;
    } catch (error) {
      if (failedConditionIndex(error) >= 0) return false;
      throw error;
    }
  }

  private async page(range: Omit<PageQuery, 'forward' | 'offset' | 'limit'>, s: CommandSlice) {
    const page = await queryPage(this.doc, { ...range, forward: s.ordType === 'asc', offset: s.offset, limit: s.limit, cursor: s.cursor });
    return { items: page.items.map(fromItem), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async listMerchant(merchantId: string, f: CommandFilter, s: CommandSlice) {
    return this.page(await this.merchantRange(merchantId, f), s);
  }

  async listAllMerchant(merchantId: string, f: CommandFilter, max: number) {
    return (await this.page(await this.merchantRange(merchantId, f), { offset: 0, limit: max + 1, ordType: 'desc' })).items;
  }

  listPos(merchantId: string, serial: string, f: CommandFilter, s: CommandSlice) {
    return this.page(this.posRange(merchantId, serial, f), s);
  }

  async due(at: string, limit: number) {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :to',
        ExpressionAttributeValues: { ':pk': keys.commandsDuePk, ':to': `${at}#~` },
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map(fromItem);
  }
}
