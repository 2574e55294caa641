import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '#schemas/merchant-entity';
import type { MerchantInput } from '#schemas/merchant';
import { DuplicateMerchantNameException, MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import type { MerchantSliceRequest, MerchantRepository } from '../../core/merchants/ports';
import { forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import { DynamoMerchantReader, merchantRecord } from './merchant-records';
import { failedConditionIndex } from './transactions';
import { recordChange } from '../../core/audit/change-recorder';

const COUNTER = 'MERCHANTS';

function toItem(m: Merchant) {
  const nk = nameKey(m.name);
  return { ...m, ...keys.merchant(m.id), ...keys.merchantByName(nk, m.id), entity: 'merchant', nameKey: nk };
}

const fromItem = (item: Record<string, unknown>): Merchant => merchantRecord.read(item);

export class DynamoMerchantRepository extends DynamoMerchantReader implements MerchantRepository {
  async listSlice(req: MerchantSliceRequest): Promise<{ items: Merchant[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.merchantsIndexPk,
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map(fromItem), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  async listAll(): Promise<Merchant[]> {
    const out: Merchant[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.merchantsIndexPk },
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(res.Items ?? []).map(fromItem));
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  }

  async create(m: Merchant): Promise<void> {
    const nk = nameKey(m.name);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...keys.merchantNameGuard(nk), merchantId: m.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: toItem(m), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: this.tableName,
                Key: keys.counter(COUNTER),
                UpdateExpression: 'ADD #c :one',
                ExpressionAttributeNames: { '#c': 'count' },
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new DuplicateMerchantNameException();
      throw error;
    }
    forgetCounter(COUNTER);
  }

  async update(id: string, input: MerchantInput, updatedAt: string): Promise<Merchant> {
    const current = await this.get(id);
    if (!current) throw new MerchantNotFoundException();
    const next: Merchant = { ...current, ...input, id, createdAt: current.createdAt, updatedAt };
    const oldKey = nameKey(current.name);
    const newKey = nameKey(next.name);
    const putMerchant = {
      Put: {
        TableName: this.tableName,
        Item: toItem(next),
        ConditionExpression: 'attribute_exists(pk) AND nameKey = :old',
        ExpressionAttributeValues: { ':old': oldKey },
      },
    };
    const items =
      oldKey === newKey
        ? [putMerchant]
        : [
            {
              Put: { TableName: this.tableName, Item: { ...keys.merchantNameGuard(newKey), merchantId: id }, ConditionExpression: 'attribute_not_exists(pk)' },
            },
            putMerchant,
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.merchantNameGuard(oldKey),
                ConditionExpression: 'merchantId = :id',
                ExpressionAttributeValues: { ':id': id },
              },
            },
          ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0 && oldKey !== newKey) throw new DuplicateMerchantNameException();
      if (failed >= 0) throw new MerchantNotFoundException();
      throw error;
    }
    recordChange('merchant', id, current, next);
    return next;
  }

  count(): Promise<number> {
    return readCounter(this.doc, this.tableName, COUNTER);
  }
}
