import type { CloudRecharge } from '../../core/webpayment-orders/ports';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The writes of a successful web recharge, for the order's transaction: first the media's credit (its cloud credit,
 * collected at the next machine it is used at, and its total), conditioned on the media existing.
 */
export function cloudRechargeItems(tableName: string, r: CloudRecharge): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.media(r.merchantId, r.mediaId),
        UpdateExpression: 'ADD cloudCredit :a, credit :a SET updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': r.amount, ':at': r.createdAt },
      },
    },
  ];
}
