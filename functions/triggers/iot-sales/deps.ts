/** The sales rule's trigger: the batch's common deps (../kind-deps.ts) and the sales kind's (core/ingestion/sales.ts). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoMediaRecords } from '../../adapters/dynamodb/media-records';
import { DynamoSalesContext } from '../../adapters/dynamodb/sales-context';
import { DynamoSalesStats } from '../../adapters/dynamodb/sales-stats';
import { DynamoStockRepository } from '../../adapters/dynamodb/stock-repository';
import type { SalesDeps } from '../../core/ingestion/sales';
import type { IngestionConfig } from '../ingestion-config';
import { lazyKindDeps, type KindExtras } from '../kind-deps';

export const salesExtras = (doc: DynamoDBDocumentClient, { tableName }: IngestionConfig): KindExtras<SalesDeps> => ({
  salesContext: new DynamoSalesContext(doc, tableName),
  salesStats: new DynamoSalesStats(doc, tableName),
  stock: new DynamoStockRepository(doc, tableName),
  medias: new DynamoMediaRecords(doc, tableName),
});

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(salesExtras);
