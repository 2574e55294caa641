import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import { WebPaymentConfig, WebPaymentService } from '#schemas/webpayment-service';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import { WebPaymentConfigNotFoundException, WebPaymentServiceChangedConcurrentlyException } from '../../core/webpayment-services/errors';
import type { WebPaymentConfigRepository, WebPaymentServiceRepository, WebPaymentServiceSlice } from '../../core/webpayment-services/ports';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage, readRange } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure } from './transactions';

export const webPaymentServiceRecord = recordSchema<WebPaymentService>('webpaymentService', WebPaymentService);
export const webPaymentConfigRecord = recordSchema<WebPaymentConfig>('webpaymentConfig', WebPaymentConfig);

/** Most configurations a merchant has (one per service of the catalogue). */
const MAX_CONFIGS = 200;

/** Web payment services (ACCESS-PATTERNS WP1): one item each, listed by name in gsi1, counted on write. */
export class DynamoWebPaymentServiceRepository implements WebPaymentServiceRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(s: WebPaymentService) {
    return { ...s, ...keys.webPaymentService(s.id), ...keys.webPaymentServiceByName(nameKey(s.name), s.id), entity: 'webpaymentService' };
  }

  async get(id: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.webPaymentService(id) }));
    return res.Item ? webPaymentServiceRecord.read(res.Item) : undefined;
  }

  async listSlice(s: WebPaymentServiceSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.webPaymentServicesPk,
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
    });
    return { items: page.items.map((i) => webPaymentServiceRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(): Promise<Total> {
    return { count: await readCounter(this.doc, this.tableName, keys.webPaymentServicesCounterName) };
  }

  async create(s: WebPaymentService) {
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: this.item(s), ConditionExpression: 'attribute_not_exists(pk)' } },
          counterUpdate(this.tableName, keys.webPaymentServicesCounterName, { count: 1 })!,
        ],
      }),
    );
    forgetCounter(keys.webPaymentServicesCounterName);
  }

  async update(s: WebPaymentService, previousUpdatedAt: string) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: this.item(s),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :v',
          ExpressionAttributeValues: { ':v': previousUpdatedAt },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new WebPaymentServiceChangedConcurrentlyException();
      throw error;
    }
  }
}

/** A merchant's web payment configurations (ACCESS-PATTERNS WP2): items of the merchant's partition, read whole. */
export class DynamoWebPaymentConfigRepository implements WebPaymentConfigRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(merchantId: string) {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.merchant(merchantId).pk,
      beginsWith: keys.webPaymentConfigPrefix,
      forward: true,
      max: MAX_CONFIGS,
    });
    return items.map((i) => webPaymentConfigRecord.read(i));
  }

  async get(merchantId: string, serviceId: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.webPaymentConfig(merchantId, serviceId) }));
    return res.Item ? webPaymentConfigRecord.read(res.Item) : undefined;
  }

  async put(c: WebPaymentConfig) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(c.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: { ...c, ...keys.webPaymentConfig(c.merchantId, c.serviceId), entity: 'webpaymentConfig' } } },
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new MerchantNotFoundException();
      throw error;
    }
  }

  async delete(merchantId: string, serviceId: string) {
    try {
      await this.doc.send(
        new DeleteCommand({ TableName: this.tableName, Key: keys.webPaymentConfig(merchantId, serviceId), ConditionExpression: 'attribute_exists(pk)' }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new WebPaymentConfigNotFoundException();
      throw error;
    }
  }
}
