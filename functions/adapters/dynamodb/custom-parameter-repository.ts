import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CustomParameter } from '#schemas/product';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import type { CustomParameterRepository } from '../../core/products/ports';
import * as keys from './keys';
import { failedConditionIndex } from './transactions';

/** The merchant's product custom parameters: one item holding the whole list. */
export class DynamoCustomParameterRepository implements CustomParameterRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.productCustomParameters(merchantId) }));
    const item = res.Item as { parameters?: CustomParameter[]; updatedAt?: string } | undefined;
    return { parameters: item?.parameters ?? [], ...(item?.updatedAt ? { updatedAt: item.updatedAt } : {}) };
  }

  async put(merchantId: string, parameters: CustomParameter[], updatedAt: string) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...keys.productCustomParameters(merchantId), entity: 'productCustomParameters', parameters, updatedAt },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new MerchantNotFoundException();
      throw error;
    }
  }
}
