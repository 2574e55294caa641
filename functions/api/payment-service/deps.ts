import { DynamoCustomerRecords } from '../../adapters/dynamodb/customer-records';
import { DynamoMediaRecords } from '../../adapters/dynamodb/media-records';
import { DynamoPaymentServiceMerchants } from '../../adapters/dynamodb/merchant-features';
import { DynamoWebPaymentConfigRepository } from '../../adapters/dynamodb/webpayment-service-repository';
import { DynamoWebPaymentOrderRepository } from '../../adapters/dynamodb/webpayment-order-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/**
 * The payment service's callback (API token, no sign-in): the merchant's token, features and currency, its orders,
 * the customers who pay them, the medias their recharges credit and the services configured for it.
 */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoPaymentServiceMerchants(doc, tableName),
  orders: new DynamoWebPaymentOrderRepository(doc, tableName),
  customers: new DynamoCustomerRecords(doc, tableName),
  medias: new DynamoMediaRecords(doc, tableName),
  webPaymentConfigs: new DynamoWebPaymentConfigRepository(doc, tableName),
}));

export type PaymentServiceGroupDeps = ReturnType<typeof deps>;
