/**
 * The item of a transaction made in the cloud (a refund), in the media's partition with the indexes of issue 20's
 * contract: merchant-wide by month (gsi1), the machine's group by month for a refund at a machine (gsi2), the
 * media's transactions (gsi3). Stands until tx-api's transaction-records.ts builders are merged.
 */
import { transactionCategory } from '../../../schemas/transaction-constants';
import type { Transaction } from '../../../schemas/transaction';
import type { CloudTransaction } from '../../core/medias/ports';
import { keys } from './keys';

const month = (instant: string) => instant.slice(0, 7);

export function cloudTransactionKey(merchantId: string, mediaId: string, createdAt: string, transactionId: string) {
  return { pk: keys.mediaPk(merchantId, mediaId), sk: `SALE#${createdAt}#${transactionId}#000` };
}

export function cloudTransactionPut(tableName: string, t: CloudTransaction) {
  const indexSk = `${t.createdAt}#${t.serial ?? ''}#${t.transactionId}#000`;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...cloudTransactionKey(t.merchantId, t.mediaId, t.createdAt, t.transactionId),
        entity: 'sale',
        merchantId: t.merchantId,
        transactionId: t.transactionId,
        type: t.type,
        mediaType: t.mediaType,
        value: t.value,
        currency: t.currency,
        createdAt: t.createdAt,
        savedAt: t.createdAt,
        media: { id: t.mediaId, serial: t.mediaSerial },
        source: { type: t.sourceType },
        ...(t.serial ? { serial: t.serial, posName: t.posName, ...(t.groupId ? { groupId: t.groupId } : {}) } : {}),
        gsi1pk: `MERCHANT#${t.merchantId}#SALES#${month(t.createdAt)}`,
        gsi1sk: indexSk,
        ...(t.serial && t.groupId ? { gsi2pk: `MERCHANT#${t.merchantId}#GROUP#${t.groupId}#SALES#${month(t.createdAt)}`, gsi2sk: indexSk } : {}),
        gsi3pk: keys.mediaPk(t.merchantId, t.mediaId),
        gsi3sk: indexSk,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** A stored transaction (a machine's sale item or a cloud one) as the API shows it; stands until tx-api's toTransaction is merged. */
export function transactionOf(item: Record<string, unknown>): Transaction {
  const media = item.media as { id: string; serial: string; credit?: number; bonusCredit?: number; bonusFreeSales?: number; counter?: number; externalService?: number } | undefined;
  const source = item.source as { type: number; serial?: string } | undefined;
  const t = { type: Number(item.type), freeSale: item.freeSale === true, errorSale: item.errorSale === true };
  return {
    id: Buffer.from(`${String(item.pk)}|${String(item.sk)}`, 'utf8').toString('base64url'),
    transactionId: String(item.transactionId),
    serial: orNull(item.serial as string | undefined),
    posName: orNull(item.posName as string | undefined),
    groupId: orNull(item.groupId as string | undefined),
    ...t,
    line: Number(item.line ?? 0),
    product: orNull(item.product as string | undefined),
    productCode: String(item.productCode ?? ''),
    priceTable: Number(item.priceTable ?? 0),
    value: Number(item.value),
    currency: item.currency as Transaction['currency'],
    valueCharge: orNull(item.valueCharge as number | undefined),
    mediaType: Number(item.mediaType),
    createdAt: String(item.createdAt),
    savedAt: String(item.savedAt ?? item.createdAt),
    originalTransactionId: orNull(item.originalTransactionId as string | undefined),
    media: media
      ? { id: media.id, serial: media.serial, credit: orNull(media.credit), bonusCredit: orNull(media.bonusCredit), bonusFreeSales: orNull(media.bonusFreeSales), counter: orNull(media.counter), externalService: orNull(media.externalService) as NonNullable<Transaction['media']>['externalService'] }
      : null,
    source: source ? { type: source.type, serial: source.serial ?? '' } : null,
    creditCardInfo: orNull(item.creditCardInfo as { fileId: string } | undefined),
    externalServiceInfo: orNull(item.externalServiceInfo as { userId: string } | undefined),
    category: transactionCategory(t),
  };
}
