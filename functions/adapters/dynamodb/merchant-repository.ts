import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '#schemas/merchant-entity';
import type { MerchantInput } from '#schemas/merchant';
import { DuplicateMerchantNameException, MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import type { MerchantSliceRequest, MerchantRepository } from '../../core/merchants/ports';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import { DynamoMerchantReader, merchantRecord } from './merchant-records';
import { failedConditionIndex } from './transactions';
import { recordChange } from '../../core/audit/change-recorder';

const COUNTER = keys.merchantsCounterName;

/** What a merchant adds to the merchants' counter besides `count`: one in its country and one in each of its features (the admin statistics). */
const merchantCounted = (m: Merchant): Record<string, number> => ({
  [`country_${m.country}`]: 1,
  ...Object.fromEntries([...new Set(m.features)].map((f) => [`feature_${f}`, 1])),
});

function subtractCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) - v;
  return out;
}

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
            counterUpdate(this.tableName, COUNTER, { count: 1, ...merchantCounted(m) })!,
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
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(id);
      if (!current) throw new MerchantNotFoundException();
      const next = await this.replace(current, { ...current, ...input, id, createdAt: current.createdAt, updatedAt });
      if (next) return next;
      if (attempt === 3) throw new Error(`merchant ${id} kept changing during 3 attempts`);
    }
  }

  /** The merchant from `current` to `next`; undefined when another update got there first (its country or features counts moved). */
  private async replace(current: Merchant, next: Merchant): Promise<Merchant | undefined> {
    const id = current.id;
    // The statistics by country and feature move with the merchant, conditioned on the version read.
    const counts = counterUpdate(this.tableName, COUNTER, subtractCounts(merchantCounted(next), merchantCounted(current)));
    const oldKey = nameKey(current.name);
    const newKey = nameKey(next.name);
    const putMerchant = {
      Put: {
        TableName: this.tableName,
        Item: toItem(next),
        ConditionExpression: `attribute_exists(pk) AND nameKey = :old${counts ? ' AND updatedAt = :version' : ''}`,
        ExpressionAttributeValues: { ':old': oldKey, ...(counts ? { ':version': current.updatedAt } : {}) },
      },
    };
    const named =
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
      await this.doc.send(new TransactWriteCommand({ TransactItems: counts ? [...named, counts] : named }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0 && oldKey !== newKey) throw new DuplicateMerchantNameException();
      if (failed >= 0 && counts) return undefined;
      if (failed >= 0) throw new MerchantNotFoundException();
      throw error;
    }
    if (counts) forgetCounter(COUNTER);
    recordChange('merchant', id, current, next);
    return next;
  }

  count(): Promise<number> {
    return readCounter(this.doc, this.tableName, COUNTER);
  }
}
