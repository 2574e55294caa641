/**
 * Cashless media for the API (ACCESS-PATTERNS M1–M9): the media item's reads and writes (media-records.ts), lists,
 * a media's transactions and refunds; refunds and lost-my-key as one TransactWriteItems each with what they move
 * (the cloud transaction, its counters, the list version, the idempotency record).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { REFUND_MEDIA_TYPES } from '#schemas/media-constants';
import type { Total } from '#schemas/paging';
import { mediaListChanged, type MediaRecord } from '../../core/medias/model';
import type {
  CloudTransaction,
  MediaRepository,
  MediaSelection,
  MediaSliceRequest,
  RefundIdempotency,
  RefundWrite,
  TransactionSliceRequest,
} from '../../core/medias/ports';
import { listVersionUpdate, mediaChangeItems, mediaCountMoves, mediaUpdate, recordMediaChange, recordOf, DynamoMediaRecords } from './media-records';

/** A web recharge (customers' payment orders) credits a media in its own transaction with these items. */
export { mediaChangeItems } from './media-records';
import {
  cloudTransactionPut,
  statsCounterUpdates,
  toTransaction,
  usedUpdate,
  usedValuesOf,
  type CloudTransaction as StoredCloudTransaction,
} from './transaction-records';
import { counterUpdate, readCounter } from './counters';
import * as keys from './keys';
import { kpiCounterUpdates } from './kpi-counters';
import { kpiAddsAt } from '../../core/kpis/counters';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery, type PartitionSource } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isTransactionCancelled, type TransactItem } from './transactions';

type Item = Record<string, unknown>;

/** The record schemas of a refund's idempotency record (M9) and of a media type used (M6). */
export const refundIdempotencyRecord = recordSchema(
  'mediaRefundIdempotency',
  z.object({ requestHash: z.string(), transactionId: z.string(), createdAt: z.string() }),
);
export const mediaTypeUsedRecord = recordSchema('mediaTypeUsed', z.object({ mediaType: z.number() }));

/** Filters of a selection no key answers, and the index read. */
function partitionOf(merchantId: string, sel: MediaSelection, ord: MediaSliceRequest['ord']): Pick<PageQuery, 'index' | 'partition' | 'beginsWith' | 'filter'> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (sel.mediaType !== undefined) {
    conditions.push('#f_type = :f_type');
    names['#f_type'] = 'mediaType';
    values[':f_type'] = sel.mediaType;
  }
  if (sel.status !== undefined) {
    conditions.push('#f_status = :f_status');
    names['#f_status'] = 'status';
    values[':f_status'] = sel.status;
  }
  if (sel.creditMin !== undefined || sel.creditMax !== undefined) names['#f_credit'] = 'credit';
  if (sel.creditMin !== undefined) {
    conditions.push('#f_credit >= :f_cmin');
    values[':f_cmin'] = sel.creditMin;
  }
  if (sel.creditMax !== undefined) {
    conditions.push('#f_credit <= :f_cmax');
    values[':f_cmax'] = sel.creditMax;
  }
  if (sel.hasCustomer !== undefined) {
    conditions.push(sel.hasCustomer ? 'attribute_type(#f_cust, :f_s)' : 'NOT attribute_type(#f_cust, :f_s)');
    names['#f_cust'] = 'customerId';
    values[':f_s'] = 'S';
  }
  const filter: ItemFilter | undefined = conditions.length ? { expression: conditions.join(' AND '), names, values } : undefined;
  const bySerial = sel.search !== undefined || ord === 'serial';
  return {
    index: bySerial ? 'gsi2' : 'gsi1',
    partition: keys.merchantMediasPk(merchantId),
    ...(sel.search ? { beginsWith: sel.search } : {}),
    ...(filter ? { filter } : {}),
  };
}

const isUnfiltered = (sel: MediaSelection) => Object.keys(sel).length === 0;

/** The sort-key bounds of a creation-time range (`to` exclusive: no key equals the bare instant). */
const rangeOf = (prefix: string, req: Pick<TransactionSliceRequest, 'from' | 'to'>) => ({
  from: `${prefix}${req.from ?? ''}`,
  to: `${prefix}${req.to ?? '~'}`,
});

/**
 * A media's transactions (M7, T3): its gsi3 partition; for a group admin only its groups' machines' and the cloud ones
 * (the media's own partition). A customer's transactions merge these of its medias.
 */
export function mediaTransactionsSource(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to' | 'groupIds'>): PartitionSource {
  const pk = keys.mediaPk(merchantId, mediaId);
  const groups = req.groupIds ?? [];
  const filter: ItemFilter | undefined = req.groupIds
    ? {
        expression: [`#f_pk = :f_pk`, ...(groups.length ? [`#f_g IN (${groups.map((_, i) => `:f_g${i}`).join(', ')})`] : [])].join(' OR '),
        names: { '#f_pk': 'pk', ...(groups.length ? { '#f_g': 'groupId' } : {}) },
        values: { ':f_pk': pk, ...Object.fromEntries(groups.map((g, i) => [`:f_g${i}`, g])) },
      }
    : undefined;
  return { index: 'gsi3', partition: pk, between: rangeOf('', req), ...(filter ? { filter } : {}) };
}

/** A refund as tx-api's cloud transaction item (type 12, no product: line 0, price table 1; source: the console). */
function storedTransaction(t: CloudTransaction): StoredCloudTransaction {
  return {
    merchantId: t.merchantId,
    id: t.transactionId,
    type: t.type as StoredCloudTransaction['type'],
    line: 0,
    productCode: '',
    priceTable: 1,
    value: t.value,
    currency: t.currency as StoredCloudTransaction['currency'],
    mediaType: t.mediaType as StoredCloudTransaction['mediaType'],
    createdAt: t.createdAt,
    savedAt: t.createdAt,
    media: { id: t.mediaId, serial: t.mediaSerial },
    source: { type: t.sourceType as NonNullable<StoredCloudTransaction['source']>['type'], serial: t.serial ?? 'console' },
    ...(t.serial ? { serial: t.serial, posName: t.posName ?? t.serial, ...(t.groupId ? { groupId: t.groupId } : {}) } : {}),
  };
}

export class DynamoMediaRepository extends DynamoMediaRecords implements MediaRepository {
  async saveRefund(next: MediaRecord, before: MediaRecord, transaction: CloudTransaction, idempotency?: RefundIdempotency): Promise<RefundWrite> {
    const stored = storedTransaction(transaction);
    const put = cloudTransactionPut(this.tableName, stored);
    const items: TransactItem[] = [
      // First, so that a replay is told apart from a lost race on the media.
      ...(idempotency
        ? [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...keys.mediaRefundIdempotency(idempotency.userId, idempotency.key, next.mediaId),
                  requestHash: idempotency.requestHash,
                  transactionId: transaction.transactionId,
                  createdAt: transaction.createdAt,
                  expiresAt: Math.floor(Date.parse(idempotency.expiresAt) / 1000),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ]
        : []),
      ...mediaChangeItems(this.tableName, next, before),
      put,
      ...statsCounterUpdates(this.tableName, transaction.merchantId, transaction.timeZone, [
        { ...stored, serial: stored.serial ?? null, posName: stored.posName ?? null, groupId: stored.groupId ?? null },
      ]),
      usedUpdate(this.tableName, transaction.merchantId, usedValuesOf([stored]))!,
      // The statistics count a refund as a recharge: the KPIs count refunds apart (kpi-counters.ts, KP1–KP2).
      ...kpiCounterUpdates(
        this.tableName,
        { merchantId: transaction.merchantId, serial: stored.serial ?? null, groupId: stored.groupId ?? null },
        kpiAddsAt(stored.createdAt, { refunds: 1, refundValue: Math.abs(stored.value) }),
      ),
    ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
      recordMediaChange(before, next);
      return { kind: 'ok', transaction: toTransaction(put.Put!.Item as Item) };
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      if (idempotency && failedConditionIndex(error) === 0) {
        const first = await this.refundByKey(idempotency.userId, idempotency.key, next.mediaId);
        if (first) return { kind: 'replay', ...first };
      }
      return { kind: 'conflict' };
    }
  }

  async refundByKey(userId: string, key: string, mediaId: string) {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.mediaRefundIdempotency(userId, key, mediaId), ConsistentRead: true }),
    );
    return res.Item && refundIdempotencyRecord.read(res.Item);
  }

  async cloudTransaction(merchantId: string, mediaId: string, createdAt: string, transactionId: string) {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.cloudSale(merchantId, mediaId, createdAt, transactionId), ConsistentRead: true }),
    );
    return res.Item ? toTransaction(res.Item) : undefined;
  }

  async saveLostMyKey(old: MediaRecord, oldBefore: MediaRecord, replacement: MediaRecord, replacementBefore: MediaRecord): Promise<boolean> {
    // One list version update for both (a transaction names an item once).
    const listChanged = mediaListChanged(oldBefore, old) || mediaListChanged(replacementBefore, replacement);
    const counts = counterUpdate(
      this.tableName,
      keys.mediasCounterName(old.merchantId),
      mediaCountMoves([
        [oldBefore, old],
        [replacementBefore, replacement],
      ]),
    );
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: mediaUpdate(this.tableName, old, oldBefore) },
            { Update: mediaUpdate(this.tableName, replacement, replacementBefore) },
            ...(listChanged ? [listVersionUpdate(this.tableName, old.merchantId)] : []),
            ...(counts ? [counts] : []),
          ],
        }),
      );
      recordMediaChange(oldBefore, old);
      recordMediaChange(replacementBefore, replacement);
      return true;
    } catch (error) {
      if (isTransactionCancelled(error)) return false;
      throw error;
    }
  }

  async listSlice(merchantId: string, sel: MediaSelection, req: MediaSliceRequest): Promise<{ items: MediaRecord[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...partitionOf(merchantId, sel, req.ord),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: page.items.map(recordOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, sel: MediaSelection): Promise<Total> {
    if (isUnfiltered(sel)) return { count: await readCounter(this.doc, this.tableName, keys.mediasCounterName(merchantId)) };
    return countQuery(this.doc, { tableName: this.tableName, ...partitionOf(merchantId, sel, 'lastUsedAt') });
  }

  async readAll(
    merchantId: string,
    sel: MediaSelection,
    ord: MediaSliceRequest['ord'],
    ordType: MediaSliceRequest['ordType'],
    max: number,
  ): Promise<MediaRecord[]> {
    const where = partitionOf(merchantId, sel, ord);
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      ...where,
      partition: keys.merchantMediasPk(merchantId),
      forward: ordType === 'asc',
      max,
    });
    return items.map(recordOf);
  }

  async bySerial(merchantId: string, serial: string, max: number): Promise<MediaRecord[]> {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      index: 'gsi2',
      partition: keys.merchantMediasPk(merchantId),
      beginsWith: `${serial}#`,
      forward: true,
      max,
    });
    return items.map(recordOf);
  }

  async typesUsed(merchantId: string): Promise<number[]> {
    const items = await readRange(this.doc, { tableName: this.tableName, partition: keys.mediaTypesUsedPk(merchantId), forward: true, max: 1000 });
    return items.map((i) => mediaTypeUsedRecord.read(i).mediaType);
  }

  async transactions(merchantId: string, mediaId: string, req: TransactionSliceRequest) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...mediaTransactionsSource(merchantId, mediaId, req),
      forward: req.forward,
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { ...page, items: page.items.map(toTransaction) };
  }

  countTransactions(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to' | 'groupIds'>): Promise<Total> {
    return countQuery(this.doc, { tableName: this.tableName, ...mediaTransactionsSource(merchantId, mediaId, req) });
  }

  /** The cloud transactions of the media's partition of media types 230 and 250. */
  private refundsQuery(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to'>) {
    return {
      tableName: this.tableName,
      partition: keys.mediaPk(merchantId, mediaId),
      between: rangeOf('SALE#', req),
      filter: {
        expression: '#f_mt IN (:f_mt0, :f_mt1)',
        names: { '#f_mt': 'mediaType' },
        values: { ':f_mt0': REFUND_MEDIA_TYPES[0], ':f_mt1': REFUND_MEDIA_TYPES[1] },
      },
    };
  }

  async refunds(merchantId: string, mediaId: string, req: TransactionSliceRequest) {
    const page = await queryPage(this.doc, {
      ...this.refundsQuery(merchantId, mediaId, req),
      forward: req.forward,
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { ...page, items: page.items.map(toTransaction) };
  }

  countRefunds(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to'>): Promise<Total> {
    return countQuery(this.doc, this.refundsQuery(merchantId, mediaId, req));
  }
}
