import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import type { Transaction } from '#schemas/transaction';
import type { CustomerTransactions } from '../../core/customers/ports';
import type { TransactionSliceRequest } from '../../core/medias/ports';
import { mediaTransactionsSource } from './media-repository';
import { countQuery, queryPage } from './paging';
import { toTransaction } from './transaction-records';

/**
 * A customer's transactions (ACCESS-PATTERNS C5): its medias' gsi3 partitions (each as a media's own list reads it)
 * merged in time order by the pager, so a page costs one Query per media.
 */
export class DynamoCustomerTransactions implements CustomerTransactions {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async page(merchantId: string, mediaIds: readonly string[], req: TransactionSliceRequest): Promise<{ items: Transaction[]; cursor?: string }> {
    const partition = mediaIds.map((id) => mediaTransactionsSource(merchantId, id, req));
    // A media associated or dissociated between two pages changes the partitions read: the page is then found by its offset.
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      partition,
      partitionsMayChange: true,
      forward: req.forward,
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: page.items.map(toTransaction), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  count(merchantId: string, mediaIds: readonly string[], req: Pick<TransactionSliceRequest, 'from' | 'to' | 'groupIds'>): Promise<Total> {
    return countQuery(this.doc, { tableName: this.tableName, partition: mediaIds.map((id) => mediaTransactionsSource(merchantId, id, req)) });
  }
}
