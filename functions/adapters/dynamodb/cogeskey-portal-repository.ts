import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { PortalSettingsInput } from '#schemas/cogeskey';
import { StoredContentFileSchema } from '#schemas/content-file';
import { PortalChangedConcurrentlyException } from '../../core/cogeskey/errors';
import type { PortalCatalogue, PortalRepository, StoredPortal } from '../../core/cogeskey/ports';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { batchGetItems } from './batch-items';
import { blogPostRecord } from './blog-post-repository';
import * as keys from './keys';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';
import { webPaymentServiceRecord } from './webpayment-service-repository';

const StoredPortalSchema = z.object({
  ...PortalSettingsInput.shape,
  merchantId: z.string(),
  logo: z.nullable(StoredContentFileSchema),
  appLogo: z.nullable(StoredContentFileSchema),
  ingredients: z.nullable(StoredContentFileSchema),
  updatedAt: z.string(),
});
const portalRecord = recordSchema<StoredPortal>('cogesKeyPortal', StoredPortalSchema as z.ZodMiniType<StoredPortal, unknown>);

/** A merchant's portal (ACCESS-PATTERNS CK1): one item in the merchant's partition. */
export class DynamoPortalRepository implements PortalRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.cogesKeyPortal(merchantId) }));
    return res.Item ? portalRecord.read(res.Item) : undefined;
  }

  async save(next: StoredPortal, previousUpdatedAt: string | undefined) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(next.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...next, ...keys.cogesKeyPortal(next.merchantId), entity: 'cogesKeyPortal' },
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
      if (failed === 1) throw new PortalChangedConcurrentlyException();
      throw error;
    }
  }
}

/** The platform's services and blog posts a portal names (WS1, BP1): one BatchGetItem each. */
export class DynamoPortalCatalogue implements PortalCatalogue {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async services(ids: readonly string[]) {
    if (!ids.length) return [];
    return (await batchGetItems(this.doc, this.tableName, ids.map(keys.webPaymentService))).map((i) => webPaymentServiceRecord.read(i));
  }

  async blogPosts(ids: readonly string[]) {
    if (!ids.length) return [];
    return (await batchGetItems(this.doc, this.tableName, ids.map(keys.blogPost))).map((i) => blogPostRecord.read(i));
  }
}
