/**
 * Customers (ACCESS-PATTERNS C1–C4): one item per customer, listed by registration on gsi1; the association with a
 * media is one transaction over the media's item (`customerId`) and the customer's (`mediaIds`, `medias`).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Total } from '#schemas/paging';
import type { CustomerRecord } from '../../core/customers/model';
import type { AssociationOutcome, CustomerRepository, CustomerSelection, CustomerSlice, DissociationOutcome } from '../../core/customers/ports';
import { DynamoCustomerRecords, recordOf } from './customer-records';
import { readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

/** Whose a media is: its `customerId` (projected from the media item, M1; absent while it has no customer). */
const mediaCustomer = recordSchema('media', z.object({ customerId: z.optional(z.string()) }));

/** The registration range and the filters no key answers. */
function readOf(merchantId: string, sel: CustomerSelection): Pick<PageQuery, 'index' | 'partition' | 'between' | 'filter'> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (sel.search) {
    conditions.push('contains(#f_search, :f_search)');
    names['#f_search'] = 'searchKey';
    values[':f_search'] = sel.search;
  }
  if (sel.consent) {
    conditions.push('#f_consents.#f_consent.#f_granted = :f_true');
    Object.assign(names, { '#f_consents': 'consents', '#f_consent': sel.consent, '#f_granted': 'granted' });
    values[':f_true'] = true;
  }
  if (sel.hasMedias !== undefined) {
    conditions.push(sel.hasMedias ? '#f_medias > :f_zero' : '#f_medias = :f_zero');
    names['#f_medias'] = 'medias';
    values[':f_zero'] = 0;
  }
  const filter: ItemFilter | undefined = conditions.length ? { expression: conditions.join(' AND '), names, values } : undefined;
  // `to` is exclusive: every sort key of an earlier registration sorts before it.
  const between = sel.from || sel.to ? { from: sel.from ?? '0', to: sel.to ?? '~' } : undefined;
  return { index: 'gsi1', partition: keys.merchantCustomersPk(merchantId), ...(between ? { between } : {}), ...(filter ? { filter } : {}) };
}

const unfiltered = (sel: CustomerSelection) => !sel.search && !sel.consent && sel.hasMedias === undefined && !sel.from && !sel.to;

export class DynamoCustomerRepository extends DynamoCustomerRecords implements CustomerRepository {
  async listSlice(merchantId: string, sel: CustomerSelection & CustomerSlice): Promise<{ items: CustomerRecord[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...readOf(merchantId, sel),
      forward: sel.ordType === 'asc',
      offset: sel.offset,
      limit: sel.limit,
      cursor: sel.cursor,
    });
    return { items: page.items.map(recordOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, sel: CustomerSelection): Promise<Total> {
    if (unfiltered(sel)) return { count: await readCounter(this.doc, this.tableName, keys.customersCounterName(merchantId)) };
    return countQuery(this.doc, { tableName: this.tableName, ...readOf(merchantId, sel) });
  }

  async listAll(merchantId: string, sel: CustomerSelection, ordType: 'asc' | 'desc', max: number): Promise<CustomerRecord[]> {
    const { partition, ...read } = readOf(merchantId, sel);
    return (await readRange(this.doc, { tableName: this.tableName, ...read, partition: partition as string, forward: ordType === 'asc', max })).map(recordOf);
  }

  async associate(merchantId: string, customerId: string, mediaId: string, maxMedias: number): Promise<AssociationOutcome> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: keys.media(merchantId, mediaId),
                UpdateExpression: 'SET customerId = :c',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(customerId)',
                ExpressionAttributeValues: { ':c': customerId },
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: keys.customer(merchantId, customerId),
                UpdateExpression: 'ADD mediaIds :ids, medias :one',
                ConditionExpression: 'attribute_exists(pk) AND medias < :max',
                ExpressionAttributeValues: { ':ids': new Set([mediaId]), ':one': 1, ':max': maxMedias },
              },
            },
          ],
        }),
      );
      return 'associated';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) {
        const media = await this.doc.send(
          new GetCommand({ TableName: this.tableName, Key: keys.media(merchantId, mediaId), ProjectionExpression: 'pk, sk, customerId', ConsistentRead: true }),
        );
        if (!media.Item) return 'mediaNotFound';
        return mediaCustomer.read(media.Item).customerId === customerId ? 'already' : 'mediaTaken';
      }
      if (failed === 1) return (await this.get(merchantId, customerId)) ? 'tooMany' : 'customerNotFound';
      throw error;
    }
  }

  async dissociate(merchantId: string, customerId: string, mediaId: string): Promise<DissociationOutcome> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: keys.media(merchantId, mediaId),
                UpdateExpression: 'REMOVE customerId',
                ConditionExpression: 'customerId = :c',
                ExpressionAttributeValues: { ':c': customerId },
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: keys.customer(merchantId, customerId),
                UpdateExpression: 'DELETE mediaIds :ids ADD medias :minus',
                ConditionExpression: 'contains(mediaIds, :id)',
                ExpressionAttributeValues: { ':ids': new Set([mediaId]), ':minus': -1, ':id': mediaId },
              },
            },
          ],
        }),
      );
      return 'dissociated';
    } catch (error) {
      if (failedConditionIndex(error) >= 0) return 'notAssociated';
      throw error;
    }
  }
}
