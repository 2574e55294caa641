import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Merchant } from '#schemas/merchant-entity';
import type { MerchantRepository } from '../../core/merchants/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a merchant: the Merchant it answers (the item's nameKey is the index's, not the merchant's). */
export const merchantRecord = recordSchema<Merchant>('merchant', Merchant);

/**
 * Merchants by id: what most groups read of them (that a merchant exists, its figures), so they carry this and not
 * the merchant repository with its list, name guard and counter writes.
 */
export class DynamoMerchantReader implements Pick<MerchantRepository, 'get' | 'getMany'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(id: string): Promise<Merchant | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchant(id) }));
    return res.Item ? merchantRecord.read(res.Item) : undefined;
  }

  async getMany(ids: string[]): Promise<Merchant[]> {
    return (
      await batchGetItems(
        this.doc,
        this.tableName,
        ids.map((id) => keys.merchant(id)),
      )
    ).map((item) => merchantRecord.read(item));
  }
}
