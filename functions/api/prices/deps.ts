import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoPlanogramRepository } from '../../adapters/dynamodb/planogram-repository';
import { DynamoPriceContext } from '../../adapters/dynamodb/price-context';
import { DynamoPriceHistory, DynamoPriceRepository } from '../../adapters/dynamodb/price-repository';
import { DynamoProductCatalogue } from '../../adapters/dynamodb/product-catalogue';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/**
 * The prices group: machines and their planograms, prices, product names and the merchant's currency; the bulk
 * change's groups and machine lists. Sending is the price-sends group's (it publishes to the machines).
 */
export const deps = groupDeps(access, ({ doc, config }) => {
  const products = new DynamoProductCatalogue(doc, config.tableName);
  return {
    pos: new DynamoPosReader(doc, config.tableName),
    posLists: new DynamoPosLists(doc, config.tableName),
    prices: new DynamoPriceRepository(doc, config.tableName),
    priceHistory: new DynamoPriceHistory(doc, config.tableName),
    planograms: new DynamoPlanogramRepository(doc, config.tableName),
    products,
    productNames: products,
    groups: new DynamoGroupRepository(doc, config.tableName),
    context: new DynamoPriceContext(doc, config.tableName),
    log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => logger[level](message, fields),
  };
});

export type PricesGroupDeps = ReturnType<typeof deps>;
