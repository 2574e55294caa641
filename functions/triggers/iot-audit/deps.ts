/** The audit rule's trigger: the batch's common deps (../kind-deps.ts) and the audit kind's (core/ingestion/audit.ts). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoStockRepository } from '../../adapters/dynamodb/stock-repository';
import type { AuditDeps } from '../../core/ingestion/audit';
import { applyAuditPrices } from '../../core/prices/sync';
import type { IngestionConfig } from '../ingestion-config';
import { lazyKindDeps, type KindExtras } from '../kind-deps';
import { priceSyncDeps } from '../price-sync-deps';

export function auditExtras(doc: DynamoDBDocumentClient, { tableName }: IngestionConfig): KindExtras<AuditDeps> {
  const prices = priceSyncDeps(doc, tableName);
  return {
    stock: new DynamoStockRepository(doc, tableName),
    auditPrices: (device, readAt, priceLists) => applyAuditPrices(prices, device, readAt, priceLists),
  };
}

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(auditExtras);
