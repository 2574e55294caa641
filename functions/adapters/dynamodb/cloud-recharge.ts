import { WEB_RECHARGE_MEDIA_TYPE } from '#schemas/webpayment-order';
import type { CloudRecharge } from '../../core/webpayment-orders/ports';
import { mediaChangeItems } from './media-repository';
import { cloudTransactionPut, statsCounterUpdates, usedUpdate, usedValuesOf, type CloudTransaction } from './transaction-records';
import type { TransactItem } from './transactions';

/** Transaction type of a web recharge (spec §3: 12 cloud recharge). */
const CLOUD_RECHARGE_TYPE = 12;

/**
 * The writes of a successful web recharge, inside its order's transaction: the media (cloud credit, at the version
 * read) first, then the cloud transaction in the media's partition (no product: line 0, price table 1, as a refund's;
 * its Put is its own guard), the statistics of the merchant's day and the merchant's used types (tx-api's builders).
 */
export function cloudRechargeItems(tableName: string, r: CloudRecharge): TransactItem[] {
  const { media, transaction: t } = r;
  const transaction: CloudTransaction = {
    id: t.id,
    merchantId: t.merchantId,
    type: CLOUD_RECHARGE_TYPE,
    line: 0,
    productCode: '',
    priceTable: 1,
    value: t.value,
    currency: t.currency as CloudTransaction['currency'],
    mediaType: WEB_RECHARGE_MEDIA_TYPE,
    createdAt: t.createdAt,
    savedAt: t.createdAt,
    media: { id: media.next.mediaId, serial: media.next.serial },
    source: t.source,
    ...(t.externalUserId ? { externalServiceInfo: { userId: t.externalUserId } } : {}),
  };
  return [
    ...mediaChangeItems(tableName, media.next, media.before),
    cloudTransactionPut(tableName, transaction),
    ...statsCounterUpdates(tableName, t.merchantId, r.timeZone, [{ ...transaction, serial: null, posName: null, groupId: null }]),
    ...[usedUpdate(tableName, t.merchantId, usedValuesOf([transaction]))].filter((u) => u !== undefined),
  ];
}
