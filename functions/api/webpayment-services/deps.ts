import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoWebPaymentConfigRepository, DynamoWebPaymentServiceRepository } from '../../adapters/dynamodb/webpayment-service-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The webpayment-services group: the services' catalogue and merchants' configurations of them. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  services: new DynamoWebPaymentServiceRepository(doc, tableName),
  configs: new DynamoWebPaymentConfigRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type WebPaymentServicesGroupDeps = ReturnType<typeof deps>;
