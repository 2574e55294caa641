import { DynamoCustomerRepository } from '../../adapters/dynamodb/customer-repository';
import { DynamoMediaSnapshots } from '../../adapters/dynamodb/media-snapshots';
import { DynamoMerchantFeatures } from '../../adapters/dynamodb/merchant-features';
import type { FunctionAccess } from '../../shared/access';
import { groupDeps } from '../../shared/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The customers group: the merchant's features, its customers, and the media records they hold. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantFeatures(doc, tableName),
  customers: new DynamoCustomerRepository(doc, tableName),
  medias: new DynamoMediaSnapshots(doc, tableName),
}));

export type CustomersGroupDeps = ReturnType<typeof deps>;
