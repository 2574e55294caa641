import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { StorageConfigChangedConcurrentlyException } from '../../core/storage-config/errors';
import type { StorageConfigRepository, StoredStorageConfig } from '../../core/storage-config/ports';
import * as keys from './keys';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

const storageConfigRecord = recordSchema<StoredStorageConfig>(
  'storageConfig',
  z.object({
    merchantId: z.string(),
    username: z.string(),
    storageUrl: z.string(),
    passwordSealed: z.string(),
    passwordSetAt: z.string(),
    updatedAt: z.string(),
  }),
);

/** A merchant's storage config (ACCESS-PATTERNS SG1): one item in the merchant's partition, the password sealed. */
export class DynamoStorageConfigRepository implements StorageConfigRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.storageConfig(merchantId), ConsistentRead: true }));
    return res.Item ? storageConfigRecord.read(res.Item) : undefined;
  }

  async save(next: StoredStorageConfig, previousUpdatedAt: string | undefined) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(next.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...next, ...keys.storageConfig(next.merchantId), entity: 'storageConfig' },
                ...(previousUpdatedAt === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': previousUpdatedAt } }),
              },
            },
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new MerchantNotFoundException();
      if (failed === 1) throw new StorageConfigChangedConcurrentlyException();
      throw error;
    }
  }
}
