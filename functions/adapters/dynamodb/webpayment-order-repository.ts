/**
 * Web payment orders (ACCESS-PATTERNS W1–W3): one item per order under the merchant, listed by creation on gsi1. The
 * write that makes a recharge successful also credits the media and stores its transaction, in one transaction.
 */
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import { WebPaymentOrder } from '#schemas/webpayment-order';
import type { CloudRecharge, OrderSelection, OrderSlice, OrderWriteOutcome, WebPaymentOrderRepository } from '../../core/webpayment-orders/ports';
import { cloudRechargeItems } from './cloud-recharge';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, type ItemFilter, type PageQuery } from './paging';
import { recordSchema } from './records';
import { isTransactionCancelled, type TransactItem } from './transactions';

type Item = Record<string, unknown>;

/** The record schema of a web payment order. */
export const webPaymentOrderRecord = recordSchema<WebPaymentOrder>('webPaymentOrder', WebPaymentOrder);
const orderOf = (item: Item) => webPaymentOrderRecord.read(item);

/** The creation range and the filters no key answers. */
function readOf(merchantId: string, sel: OrderSelection): Pick<PageQuery, 'index' | 'partition' | 'between' | 'filter'> {
  const equal = Object.entries({ type: sel.type, result: sel.result, serviceType: sel.service }).filter(([, v]) => v !== undefined);
  const filter: ItemFilter | undefined = equal.length
    ? {
        expression: equal.map(([f]) => `#f_${f} = :f_${f}`).join(' AND '),
        names: Object.fromEntries(equal.map(([f]) => [`#f_${f}`, f])),
        values: Object.fromEntries(equal.map(([f, v]) => [`:f_${f}`, v])),
      }
    : undefined;
  // `to` is exclusive: every sort key of an earlier order sorts before it.
  const between = sel.from || sel.to ? { from: sel.from ?? '0', to: sel.to ?? '~' } : undefined;
  return { index: 'gsi1', partition: keys.merchantWebPaymentOrdersPk(merchantId), ...(between ? { between } : {}), ...(filter ? { filter } : {}) };
}

export class DynamoWebPaymentOrderRepository implements WebPaymentOrderRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, id: string): Promise<WebPaymentOrder | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.webPaymentOrder(merchantId, id), ConsistentRead: true }));
    return res.Item ? orderOf(res.Item) : undefined;
  }

  async listSlice(merchantId: string, sel: OrderSelection & OrderSlice): Promise<{ items: WebPaymentOrder[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...readOf(merchantId, sel),
      forward: sel.ordType === 'asc',
      offset: sel.offset,
      limit: sel.limit,
      cursor: sel.cursor,
    });
    return { items: page.items.map(orderOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, sel: OrderSelection): Promise<Total> {
    const unfiltered = Object.values(sel).every((v) => v === undefined);
    if (unfiltered) return { count: await readCounter(this.doc, this.tableName, keys.webPaymentOrdersCounterName(merchantId)) };
    return countQuery(this.doc, { tableName: this.tableName, ...readOf(merchantId, sel) });
  }

  async write(order: WebPaymentOrder, readResult: number | undefined, recharge?: CloudRecharge): Promise<OrderWriteOutcome> {
    const counter = keys.webPaymentOrdersCounterName(order.merchantId);
    const item = {
      ...keys.webPaymentOrder(order.merchantId, order.id),
      ...keys.webPaymentOrderByDate(order.merchantId, order.createdAt, order.id),
      entity: 'webPaymentOrder',
      ...order,
    };
    const items: TransactItem[] = [
      readResult === undefined
        ? { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }
        : {
            Put: {
              TableName: this.tableName,
              Item: item,
              ConditionExpression: '#result = :read',
              ExpressionAttributeNames: { '#result': 'result' },
              ExpressionAttributeValues: { ':read': readResult },
            },
          },
    ];
    if (readResult === undefined) items.push(counterUpdate(this.tableName, counter, { count: 1 })!);
    if (recharge) items.push(...cloudRechargeItems(this.tableName, recharge));
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
      if (readResult === undefined) forgetCounter(counter);
      return 'written';
    } catch (error) {
      // The order or the media changed meanwhile (a failed condition), or a concurrent transaction got there first.
      if (isTransactionCancelled(error)) return 'changedMeanwhile';
      throw error;
    }
  }
}
