/**
 * The products report's counters (ACCESS-PATTERNS R1): the ADDs a machine's sales make, written in the sales
 * statistics' exactly-once transaction (sales-stats.ts), and their read for a range of days.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { productIncrements, type ProductCounter, type ProductSale } from '../../core/reports/product-counters';
import * as keys from './keys';
import type { TransactItem } from './transactions';

/** The Updates some sales of one machine make (ADDs; not idempotent: put them beside a guard). */
export function productSalesUpdates(
  tableName: string,
  device: { merchantId: string; groupId: string | null },
  timeZone: string,
  sales: readonly ProductSale[],
  shard: number,
): TransactItem[] {
  return productIncrements(sales, timeZone).map((inc) => {
    const adds = [...inc.adds.entries()];
    const sets: Array<[string, unknown]> = [
      ['merchantId', device.merchantId],
      ['productCode', inc.productCode],
      ['priceTable', inc.priceTable],
      ['groupId', device.groupId],
      ...(inc.product ? ([['product', inc.product]] as Array<[string, unknown]>) : []),
    ];
    return {
      Update: {
        TableName: tableName,
        Key: keys.productSalesStats(device.merchantId, inc.month, inc.productCode, inc.priceTable, device.groupId, shard),
        UpdateExpression: `SET ${sets.map((_, i) => `#s${i} = :s${i}`).join(', ')} ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
        ExpressionAttributeNames: { ...Object.fromEntries(sets.map(([n], i) => [`#s${i}`, n])), ...Object.fromEntries(adds.map(([n], i) => [`#a${i}`, n])) },
        ExpressionAttributeValues: {
          ...Object.fromEntries(sets.map(([, v], i) => [`:s${i}`, v])),
          ...Object.fromEntries(adds.map(([, v], i) => [`:a${i}`, v])),
        },
      },
    };
  });
}

const TEXT = new Set(['pk', 'sk', 'merchantId', 'productCode', 'priceTable', 'groupId', 'product']);

function counterOf(month: string, item: Record<string, unknown>): ProductCounter {
  const counters: Record<string, number> = {};
  for (const [k, v] of Object.entries(item)) if (!TEXT.has(k) && typeof v === 'number') counters[k] = v;
  return {
    month,
    productCode: String(item.productCode),
    priceTable: Number(item.priceTable),
    product: typeof item.product === 'string' ? item.product : null,
    groupId: typeof item.groupId === 'string' ? item.groupId : null,
    counters,
  };
}

/** Every counter item of the local months given (one Query per month, in parallel; pages past 1 MB followed). */
export async function readProductCounters(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  months: readonly string[],
): Promise<ProductCounter[]> {
  const perMonth = await Promise.all(
    months.map(async (month) => {
      const out: ProductCounter[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const res = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.productSalesStatsPk(merchantId, month) },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of res.Items ?? []) out.push(counterOf(month, item));
        start = res.LastEvaluatedKey;
      } while (start);
      return out;
    }),
  );
  return perMonth.flat();
}
