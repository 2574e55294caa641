import { DynamoWebPaymentOrderRepository } from '../../adapters/dynamodb/webpayment-order-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The web payment orders group (read only): the merchant's orders. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  orders: new DynamoWebPaymentOrderRepository(doc, tableName),
}));

export type WebPaymentOrdersGroupDeps = ReturnType<typeof deps>;
