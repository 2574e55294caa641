import { DynamoPosRecords } from '../../adapters/dynamodb/machine-writes';
import { DynamoProductCatalogue } from '../../adapters/dynamodb/product-catalogue';
import { DynamoStockRepository } from '../../adapters/dynamodb/stock-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The stock group: machines' stock records, the registry that scopes them, the product names of their lines. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosRecords(doc, tableName),
  stock: new DynamoStockRepository(doc, tableName),
  products: new DynamoProductCatalogue(doc, tableName),
}));

export type StockGroupDeps = ReturnType<typeof deps>;
