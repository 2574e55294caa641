import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MerchantApiTokens, MerchantFeatures } from '../../core/merchants/feature-gate';
import type { PaymentServiceMerchant, PaymentServiceMerchants } from '../../core/webpayment-orders/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';

/** A merchant's feature flags: a projected GetItem of its item (ACCESS-PATTERNS 1); its API token, of its settings item. */
export class DynamoMerchantFeatures implements MerchantFeatures, MerchantApiTokens {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async features(merchantId: string): Promise<readonly string[] | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchant(merchantId), ProjectionExpression: 'features' }));
    if (!res.Item) return undefined;
    return Array.isArray(res.Item.features) ? (res.Item.features as string[]) : [];
  }

  async apiToken(merchantId: string): Promise<string | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchantSettings(merchantId), ProjectionExpression: 'apiToken' }));
    return res.Item ? String(res.Item.apiToken ?? '') : undefined;
  }
}

/** What the payment service's callback checks: the merchant's API token (settings) and currency, one BatchGetItem. */
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
      currency: String(merchant.currency),
      timezone: String(merchant.timezone),
    };
  }
}
