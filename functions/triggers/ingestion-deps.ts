/**
 * Composition of the ingestion triggers (IoT rule batches). They need only the table and the connection
 * settings, not the API's Cognito configuration.
 */
import { DynamoAlarmRepository } from '../adapters/dynamodb/alarm-repository';
import { DynamoCashStore } from '../adapters/dynamodb/cash-store';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoMediaRecords } from '../adapters/dynamodb/media-records';
import { DynamoInvalidMessages } from '../adapters/dynamodb/invalid-messages';
import { DynamoProcessedMessages } from '../adapters/dynamodb/processed-messages';
import { DynamoStockRepository } from '../adapters/dynamodb/stock-repository';
import { DynamoReportedHistory } from '../adapters/dynamodb/reported-history';
import { DynamoSalesContext } from '../adapters/dynamodb/sales-context';
import { DynamoSalesStats } from '../adapters/dynamodb/sales-stats';
import { DynamoSensorStates, DynamoSensorThresholds } from '../adapters/dynamodb/sensor-store';
import type { IngestionDeps } from '../core/ingestion/deps';
import { applyAuditPrices } from '../core/prices/sync';
import type { FunctionAccess } from '../runtime/access';
import { sweepStores } from './connection-sweep/deps';
import { loadIngestionConfig, type IngestionConfig } from './ingestion-config';
import { lazy } from '../runtime/lazy';
import { logger } from '../runtime/logger';
import { priceSyncDeps } from './price-sync-deps';

export function buildIngestionDeps(
  config: IngestionConfig,
  doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint }),
): IngestionDeps {
  const prices = priceSyncDeps(doc, config.tableName);
  return {
    ...sweepStores(doc, config.tableName),
    processedMessages: new DynamoProcessedMessages(doc, config.tableName),
    invalidMessages: new DynamoInvalidMessages(doc, config.tableName),
    history: new DynamoReportedHistory(doc, config.tableName),
    alarms: new DynamoAlarmRepository(doc, config.tableName),
    stock: new DynamoStockRepository(doc, config.tableName),
    medias: new DynamoMediaRecords(doc, config.tableName),
    salesContext: new DynamoSalesContext(doc, config.tableName),
    salesStats: new DynamoSalesStats(doc, config.tableName),
    cash: new DynamoCashStore(doc, config.tableName),
    sensors: { thresholds: new DynamoSensorThresholds(doc, config.tableName), states: new DynamoSensorStates(doc, config.tableName) },
    auditPrices: (device, readAt, priceLists) => applyAuditPrices(prices, device, readAt, priceLists),
    settings: { offlineAfterSeconds: config.offlineAfterSeconds, onlineBucketSeconds: config.onlineBucketSeconds, listCopySeconds: config.listCopySeconds },
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** The batched IoT rules' triggers (iot-<kind>/deps.ts re-export it; the telemetry trigger adds the media lists). */
export const ingestionAccess = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const ingestionDeps = lazy(() => buildIngestionDeps(loadIngestionConfig()));
