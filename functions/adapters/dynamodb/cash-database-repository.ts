import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CashDatabase } from '#schemas/cash-database';
import type { Total } from '#schemas/paging';
import * as z from 'zod/mini';
import type { CashDatabaseRepository, CashDatabaseSlice, StoredCashDatabase } from '../../core/cash-databases/ports';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure } from './transactions';

/** The record schema of a cash database: what the API shows and its file's key. */
export const cashDatabaseRecord = recordSchema<StoredCashDatabase>('cashDatabase', z.extend(CashDatabase, { fileKey: z.string() }));

const guardOf = (d: StoredCashDatabase) => keys.cashDatabaseVersionGuard(d.merchantId, d.deviceType, d.peripheral, d.version);

/** A merchant's cash databases (ACCESS-PATTERNS CD1–CD2): one partition per merchant, counted on write. */
export class DynamoCashDatabaseRepository implements CashDatabaseRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(d: StoredCashDatabase) {
    return { ...d, ...keys.cashDatabase(d.merchantId, d.id), entity: cashDatabaseRecord.entity };
  }

  async get(merchantId: string, id: string): Promise<StoredCashDatabase | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.cashDatabase(merchantId, id) }));
    return res.Item ? cashDatabaseRecord.read(res.Item) : undefined;
  }

  async list(merchantId: string, s: CashDatabaseSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.cashDatabasesPk(merchantId),
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
      ...(s.deviceType ? { filter: { expression: '#dt = :dt', names: { '#dt': 'deviceType' }, values: { ':dt': s.deviceType } } } : {}),
    });
    return { items: page.items.map((i) => cashDatabaseRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, deviceType?: string): Promise<Total> {
    return { count: await readCounter(this.doc, this.tableName, keys.cashDatabasesCounterName(merchantId), Date.now(), deviceType ?? 'count') };
  }

  async create(d: StoredCashDatabase): Promise<'created' | 'duplicate'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...guardOf(d), cashDatabaseId: d.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: this.item(d), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, keys.cashDatabasesCounterName(d.merchantId), { count: 1, [d.deviceType]: 1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) return 'duplicate';
      throw error;
    }
    forgetCounter(keys.cashDatabasesCounterName(d.merchantId));
    return 'created';
  }

  /** Only the description and `updatedAt`: `rules` is the rule transactions' to move. */
  async update(previous: StoredCashDatabase, next: StoredCashDatabase): Promise<'updated' | 'changed'> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.cashDatabase(next.merchantId, next.id),
          UpdateExpression: 'SET description = :d, updatedAt = :n',
          ConditionExpression: 'updatedAt = :v',
          ExpressionAttributeValues: { ':d': next.description, ':n': next.updatedAt, ':v': previous.updatedAt },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return 'changed';
      throw error;
    }
    return 'updated';
  }

  async delete(d: StoredCashDatabase): Promise<'deleted' | 'inUse' | 'missing'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.cashDatabase(d.merchantId, d.id),
                ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#rules) OR #rules <= :zero)',
                ExpressionAttributeNames: { '#rules': 'rules' },
                ExpressionAttributeValues: { ':zero': 0 },
              },
            },
            { Delete: { TableName: this.tableName, Key: guardOf(d) } },
            counterUpdate(this.tableName, keys.cashDatabasesCounterName(d.merchantId), { count: -1, [d.deviceType]: -1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) return (await this.get(d.merchantId, d.id)) ? 'inUse' : 'missing';
      throw error;
    }
    forgetCounter(keys.cashDatabasesCounterName(d.merchantId));
    return 'deleted';
  }
}
