/**
 * Composition of what moves a machine's prices' sync from the machine's side (the command acknowledgement and
 * audit triggers): the prices, the merchant's sync setting and the machine's planogram lines. No zod.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readPlanogramSelections, readPricesSync } from '../adapters/dynamodb/price-context';
import { DynamoPriceRepository } from '../adapters/dynamodb/price-repository';
import type { PriceSyncDeps } from '../core/prices/sync';

export function priceSyncDeps(doc: DynamoDBDocumentClient, tableName: string): PriceSyncDeps {
  return {
    prices: new DynamoPriceRepository(doc, tableName),
    pricesSyncOf: (merchantId) => readPricesSync(doc, tableName, merchantId),
    planogramLines: (merchantId, serial) => readPlanogramSelections(doc, tableName, merchantId, serial),
    now: () => new Date().toISOString(),
  };
}
