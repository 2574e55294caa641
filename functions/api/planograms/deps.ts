import { DynamoPosRecords } from '../../adapters/dynamodb/machine-writes';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPlanogramRepository } from '../../adapters/dynamodb/planogram-repository';
import { DynamoProductCatalogue } from '../../adapters/dynamodb/product-catalogue';
import { DynamoStockRepository } from '../../adapters/dynamodb/stock-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The planograms group: planograms, the products their lines name, their merchants and the machines a delete unassigns. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  planograms: new DynamoPlanogramRepository(doc, tableName),
  products: new DynamoProductCatalogue(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
  pos: new DynamoPosRecords(doc, tableName),
  stock: new DynamoStockRepository(doc, tableName),
}));

export type PlanogramsGroupDeps = ReturnType<typeof deps>;
