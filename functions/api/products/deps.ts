import { DynamoCustomParameterRepository } from '../../adapters/dynamodb/custom-parameter-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoProductRepository } from '../../adapters/dynamodb/product-repository';
import { DynamoProductUsage } from '../../adapters/dynamodb/product-usage';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The products group: the catalogue, its custom parameters, where products are used, and their merchants. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  products: new DynamoProductRepository(doc, tableName),
  customParameters: new DynamoCustomParameterRepository(doc, tableName),
  productUsage: new DynamoProductUsage(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type ProductsGroupDeps = ReturnType<typeof deps>;
