import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Merchant } from '#schemas/merchant-entity';
import type { RefundContext, RefundContextReader } from '../../core/medias/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

/** What a refund reads of each item, parsed (ACCESS-PATTERNS: Record schemas). */
const merchantMoney = recordSchema('merchant', z.pick(Merchant, { currency: true, timezone: true }));
// The settings item's maximumRefund as MerchantSettings (merchant-settings-entity.ts) declares it, without bundling the whole settings schema.
const refundSettings = recordSchema('merchantSettings', z.object({ maximumRefund: z.number() }));

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
    const { currency, timezone } = merchantMoney.read(merchant);
    return { currency, timeZone: timezone, maximumRefund: settings ? refundSettings.read(settings).maximumRefund : 0 };
  }
}
