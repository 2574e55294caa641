/** What the cash kinds' triggers (iot-cash-acceptance, iot-cash-movements, iot-device-errors) add to the batch's common deps (core/cash/ingest.ts). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoCashStore } from '../adapters/dynamodb/cash-store';
import { DynamoSalesContext } from '../adapters/dynamodb/sales-context';
import type { CashDeps } from '../core/cash/ingest';
import type { IngestionConfig } from './ingestion-config';
import type { KindExtras } from './kind-deps';

export const cashExtras = (doc: DynamoDBDocumentClient, { tableName }: IngestionConfig): KindExtras<CashDeps> => ({
  salesContext: new DynamoSalesContext(doc, tableName),
  cash: new DynamoCashStore(doc, tableName),
});
