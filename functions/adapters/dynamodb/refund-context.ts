import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RefundContext, RefundContextReader } from '../../core/medias/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';

/** What a refund reads of its merchant: currency and time zone (merchant item) and the maximum refund (settings; 0 until saved). One BatchGetItem. */
export class DynamoRefundContext implements RefundContextReader {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async refundContext(merchantId: string): Promise<RefundContext | undefined> {
    const [merchantKey, settingsKey] = [keys.merchant(merchantId), keys.merchantSettings(merchantId)];
    const items = await batchGetItems(this.doc, this.tableName, [merchantKey, settingsKey]);
    const merchant = items.find((i) => i.sk === merchantKey.sk);
    if (!merchant) return undefined;
    const settings = items.find((i) => i.sk === settingsKey.sk);
    return { currency: String(merchant.currency), timeZone: String(merchant.timezone), maximumRefund: Number(settings?.maximumRefund ?? 0) };
  }
}
