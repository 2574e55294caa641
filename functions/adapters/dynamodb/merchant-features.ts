import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MerchantFeatures } from '../../core/merchants/feature-gate';
import type { PaymentServiceMerchant, PaymentServiceMerchants } from '../../core/webpayment-orders/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';

/** A merchant's feature flags: a projected GetItem of its item (ACCESS-PATTERNS 1). */
export class DynamoMerchantFeatures implements MerchantFeatures {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async features(merchantId: string): Promise<readonly string[] | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchant(merchantId), ProjectionExpression: 'features' }));
    if (!res.Item) return undefined;
    return Array.isArray(res.Item.features) ? (res.Item.features as string[]) : [];
  }
}

/** What the payment service's callback checks: the merchant's API token (settings), features and currency, one BatchGetItem. */
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
    return {
      apiToken: String(settings.apiToken ?? ''),
      features: Array.isArray(merchant.features) ? (merchant.features as string[]) : [],
      currency: String(merchant.currency),
      timezone: String(merchant.timezone),
    };
  }
}
