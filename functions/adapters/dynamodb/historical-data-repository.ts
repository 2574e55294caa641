import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { HistoricalDataRequest, Subscription } from '#schemas/historical-data';
import type { Total } from '#schemas/paging';
import type {
  CompletedExport,
  DataRequestFilter,
  DataRequestRepository,
  DataRequestSlice,
  StoredDataRequest,
  SubscriptionRepository,
} from '../../core/historical-data/ports';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure, transactOrConflict, type TransactItem } from './transactions';

type Item = Record<string, unknown>;

/** The record schema of a historical data request: `fileKey` is absent once the file is removed (and before it exists): null. */
export const dataRequestRecord = recordSchema<StoredDataRequest>(
  'dataRequest',
  z.extend(HistoricalDataRequest, { fileKey: z._default(z.nullable(z.string()), null) }),
);
/** The record schema of a scheduled export. */
export const subscriptionRecord = recordSchema<Subscription>('subscription', Subscription);

/** The active-requests counter moved by one, conditioned on staying within `max` when it grows. */
function activeUpdate(tableName: string, merchantId: string, delta: 1 | -1, max?: number): TransactItem {
  if (delta < 0) return counterUpdate(tableName, keys.dataRequestsCounterName(merchantId), { active: -1 })!;
  return {
    Update: {
      TableName: tableName,
      Key: keys.counter(keys.dataRequestsCounterName(merchantId)),
      UpdateExpression: 'ADD #a :one',
      ConditionExpression: 'attribute_not_exists(#a) OR #a < :max',
      ExpressionAttributeNames: { '#a': 'active' },
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  };
}

/** The list filters; a Completed request past its link validity reads as Expired (see core/historical-data/model.ts). */
function requestFilter(f: DataRequestFilter): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (f.status) {
    names['#st'] = 'status';
    if (f.status === 'Completed' || f.status === 'Expired') {
      names['#lv'] = 'linkValidUntil';
      Object.assign(values, { ':completed': 'Completed', ':now': f.now });
      if (f.status === 'Completed') parts.push('#st = :completed AND #lv > :now');
      else {
        values[':expired'] = 'Expired';
        parts.push('(#st = :expired OR (#st = :completed AND #lv <= :now))');
      }
    } else {
      parts.push('#st = :st');
      values[':st'] = f.status;
    }
  }
  if (f.dataType) {
    parts.push('#dt = :dt');
    names['#dt'] = 'dataType';
    values[':dt'] = f.dataType;
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

/** Historical data requests of a merchant and its count of active ones (ACCESS-PATTERNS H1, H2). */
export class DynamoDataRequestRepository implements DataRequestRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(merchantId: string, id: string) {
    return keys.dataRequest(merchantId, id);
  }

  /** Update of a request conditioned on the status (and attempt) it was read in. */
  private transition(
    merchantId: string,
    id: string,
    expected: { status: string; attempts: number },
    set: Record<string, unknown>,
    remove: string[] = [],
  ): TransactItem {
    const entries = Object.entries(set);
    return {
      Update: {
        TableName: this.tableName,
        Key: this.key(merchantId, id),
        UpdateExpression: `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}${remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
        ConditionExpression: '#st = :est AND #at = :eat',
        ExpressionAttributeNames: {
          '#st': 'status',
          '#at': 'attempts',
          ...Object.fromEntries(entries.map(([k], i) => [`#s${i}`, k])),
          ...Object.fromEntries(remove.map((k, i) => [`#r${i}`, k])),
        },
        ExpressionAttributeValues: { ':est': expected.status, ':eat': expected.attempts, ...Object.fromEntries(entries.map(([, v], i) => [`:s${i}`, v])) },
      },
    };
  }

  async create(request: StoredDataRequest, max: number): Promise<'created' | 'tooMany' | 'exists'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...this.key(request.merchantId, request.id), entity: 'dataRequest', ...request },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            activeUpdate(this.tableName, request.merchantId, 1, max),
          ],
        }),
      );
      return 'created';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) return 'exists';
      if (failed === 1) return 'tooMany';
      throw error;
    }
  }

  async get(merchantId: string, id: string): Promise<StoredDataRequest | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.key(merchantId, id), ConsistentRead: true }));
    return res.Item ? dataRequestRecord.read(res.Item) : undefined;
  }

  async list(merchantId: string, filter: DataRequestFilter, slice: DataRequestSlice): Promise<{ items: StoredDataRequest[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.merchantDataRequestsPk(merchantId),
      filter: requestFilter(filter),
      forward: slice.ordType === 'asc',
      offset: slice.offset,
      limit: slice.limit,
      cursor: slice.cursor,
    });
    return { items: page.items.map((i) => dataRequestRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  count(merchantId: string, filter: DataRequestFilter): Promise<Total> {
    return countQuery(this.doc, { tableName: this.tableName, partition: keys.merchantDataRequestsPk(merchantId), filter: requestFilter(filter) });
  }

  async complete(merchantId: string, id: string, attempt: number, done: CompletedExport): Promise<boolean> {
    const set = { status: 'Completed', message: null, ...done };
    return (
      (await transactOrConflict(this.doc, [
        this.transition(merchantId, id, { status: 'Created', attempts: attempt }, set),
        activeUpdate(this.tableName, merchantId, -1),
      ])) === 'ok'
    );
  }

  async fail(merchantId: string, id: string, attempt: number, message: string): Promise<boolean> {
    const set = { status: 'Error', message };
    return (
      (await transactOrConflict(this.doc, [
        this.transition(merchantId, id, { status: 'Created', attempts: attempt }, set),
        activeUpdate(this.tableName, merchantId, -1),
      ])) === 'ok'
    );
  }

  async retry(request: StoredDataRequest, max: number): Promise<'ok' | 'tooMany' | 'changed'> {
    const set = { status: 'Created', message: null, attempts: request.attempts + 1 };
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [this.transition(request.merchantId, request.id, request, set), activeUpdate(this.tableName, request.merchantId, 1, max)],
        }),
      );
      return 'ok';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 1) return 'tooMany';
      if (failed === 0) return 'changed';
      throw error;
    }
  }

  async expire(merchantId: string, id: string): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(merchantId, id),
          UpdateExpression: 'SET #st = :expired REMOVE fileKey',
          ConditionExpression: '#st = :completed',
          ExpressionAttributeNames: { '#st': 'status' },
          ExpressionAttributeValues: { ':expired': 'Expired', ':completed': 'Completed' },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async remove(request: StoredDataRequest): Promise<boolean> {
    const del: TransactItem = {
      Delete: {
        TableName: this.tableName,
        Key: this.key(request.merchantId, request.id),
        ConditionExpression: '#st = :est AND #at = :eat',
        ExpressionAttributeNames: { '#st': 'status', '#at': 'attempts' },
        ExpressionAttributeValues: { ':est': request.status, ':eat': request.attempts },
      },
    };
    const items = request.status === 'Created' ? [del, activeUpdate(this.tableName, request.merchantId, -1)] : [del];
    return (await transactOrConflict(this.doc, items)) === 'ok';
  }
}

/** Sorts after every ISO instant: the end of the due range. */
const OPEN_END = '~';

const subscriptionItem = (s: Subscription): Item => ({
  ...keys.dataSubscription(s.merchantId, s.id),
  ...keys.dataSubscriptionDue(s.nextRunAt, s.merchantId, s.id),
  entity: 'dataSubscription',
  ...s,
});

/** Scheduled exports: a merchant's subscriptions, their count and the due index of the sweep (ACCESS-PATTERNS H3–H5). */
export class DynamoSubscriptionRepository implements SubscriptionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(subscription: Subscription, max: number): Promise<'created' | 'tooMany'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: subscriptionItem(subscription), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: this.tableName,
                Key: keys.counter(keys.dataSubscriptionsCounterName(subscription.merchantId)),
                UpdateExpression: 'ADD #c :one',
                ConditionExpression: 'attribute_not_exists(#c) OR #c < :max',
                ExpressionAttributeNames: { '#c': 'count' },
                ExpressionAttributeValues: { ':one': 1, ':max': max },
              },
            },
          ],
        }),
      );
      return 'created';
    } catch (error) {
      if (failedConditionIndex(error) === 1) return 'tooMany';
      throw error;
    }
  }

  async list(merchantId: string): Promise<Subscription[]> {
    const items = await readRange(this.doc, { tableName: this.tableName, partition: keys.merchantDataSubscriptionsPk(merchantId), forward: true, max: 1000 });
    return items.map((i) => subscriptionRecord.read(i));
  }

  async remove(merchantId: string, id: string): Promise<boolean> {
    const items: TransactItem[] = [
      { Delete: { TableName: this.tableName, Key: keys.dataSubscription(merchantId, id), ConditionExpression: 'attribute_exists(pk)' } },
      counterUpdate(this.tableName, keys.dataSubscriptionsCounterName(merchantId), { count: -1 })!,
    ];
    return (await transactOrConflict(this.doc, items)) === 'ok';
  }

  async due(at: string, limit: number): Promise<Subscription[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :to',
        ExpressionAttributeValues: { ':pk': keys.dataSubscriptionsDuePk, ':to': `${at}#${OPEN_END}` },
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => subscriptionRecord.read(i));
  }

  async recordRun(s: Subscription, run: Pick<Subscription, 'nextRunAt' | 'lastRunAt' | 'lastRequestId' | 'lastError'>): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.dataSubscription(s.merchantId, s.id),
          UpdateExpression: 'SET nextRunAt = :next, lastRunAt = :ran, lastRequestId = :req, lastError = :err, gsi2sk = :due',
          ConditionExpression: 'nextRunAt = :read',
          ExpressionAttributeValues: {
            ':next': run.nextRunAt,
            ':ran': run.lastRunAt,
            ':req': run.lastRequestId,
            ':err': run.lastError,
            ':due': keys.dataSubscriptionDue(run.nextRunAt, s.merchantId, s.id).gsi2sk,
            ':read': s.nextRunAt,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
