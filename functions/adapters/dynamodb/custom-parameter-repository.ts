import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CustomParameter } from '#schemas/product-entity';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import type { CustomParameterRepository } from '../../core/products/ports';
import * as keys from './keys';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

/** The record schema of a merchant's product custom parameters (26f). */
export const customParametersRecord = recordSchema('productCustomParameters', z.object({ parameters: z.array(CustomParameter), updatedAt: z.string() }));

/** The merchant's product custom parameters: one item holding the whole list (none until saved). */
export class DynamoCustomParameterRepository implements CustomParameterRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.productCustomParameters(merchantId) }));
    return res.Item ? customParametersRecord.read(res.Item) : { parameters: [] };
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
