import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Merchant } from '#schemas/merchant-entity';
import type { MerchantApiTokens, MerchantFeatures } from '../../core/merchants/feature-gate';
import type { PaymentServiceMerchant, PaymentServiceMerchants } from '../../core/webpayment-orders/ports';
import { apiTokenHashOf, apiTokenRecord } from './api-token-record';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

/** What these read of each item, parsed (ACCESS-PATTERNS: Record schemas). */
const merchantFeatures = recordSchema('merchant', z.pick(Merchant, { features: true }));
const merchantMoney = recordSchema('merchant', z.pick(Merchant, { currency: true, timezone: true }));

/** A merchant's feature flags: a projected GetItem of its item (ACCESS-PATTERNS 1); its API token's hash, of its settings item. */
export class DynamoMerchantFeatures implements MerchantFeatures, MerchantApiTokens {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async features(merchantId: string): Promise<readonly string[] | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchant(merchantId), ProjectionExpression: 'pk, sk, features' }));
    return res.Item && merchantFeatures.read(res.Item).features;
  }

  async apiTokenHash(merchantId: string): Promise<string | undefined> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.merchantSettings(merchantId), ProjectionExpression: 'pk, sk, apiTokenHash, apiToken' }),
    );
    return res.Item && apiTokenHashOf(apiTokenRecord.read(res.Item));
  }
}

/** What the payment service's callback checks: the merchant's API token hash (settings) and currency, one BatchGetItem. */
export class DynamoPaymentServiceMerchants implements PaymentServiceMerchants {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async context(merchantId: string): Promise<PaymentServiceMerchant | undefined> {
    const [merchantKey, settingsKey] = [keys.merchant(merchantId), keys.merchantSettings(merchantId)];
    const items = await batchGetItems(this.doc, this.tableName, [merchantKey, settingsKey]);
    const merchant = items.find((i) => i.sk === merchantKey.sk);
    const settings = items.find((i) => i.sk === settingsKey.sk);
    if (!merchant || !settings) return undefined;
    return { apiTokenHash: apiTokenHashOf(apiTokenRecord.read(settings)), ...merchantMoney.read(merchant) };
  }
}
