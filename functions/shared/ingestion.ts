/**
 * Composition of the ingestion triggers (IoT rule batches and the connection sweep). They need only the
 * table and the connection settings, not the API's Cognito configuration.
 */
import { DynamoAlarmRepository } from '../adapters/dynamodb/alarm-repository';
import { DynamoDeviceIngestionStore } from '../adapters/dynamodb/device-ingestion';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DEFAULT_OFFLINE_AFTER_SECONDS, DEFAULT_ONLINE_BUCKET_SECONDS } from '../core/ingestion/rules';
import type { IngestionDeps, IngestionSettings } from '../core/ingestion/use-cases';
import type { FunctionAccess } from './access';
import { positiveInt, tableConfig } from './config';
import { lazy } from './lazy';
import { logger } from './logger';

export interface IngestionConfig extends IngestionSettings {
  region: string;
  tableName: string;
  dynamodbEndpoint?: string;
}

export function loadIngestionConfig(env: NodeJS.ProcessEnv = process.env): IngestionConfig {
  return {
    ...tableConfig(env),
    offlineAfterSeconds: positiveInt(env, 'CONNECTION_OFFLINE_AFTER_SECONDS', DEFAULT_OFFLINE_AFTER_SECONDS),
    onlineBucketSeconds: positiveInt(env, 'ONLINE_BUCKET_SECONDS', DEFAULT_ONLINE_BUCKET_SECONDS),
  };
}

export function buildIngestionDeps(config: IngestionConfig): IngestionDeps {
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
  return {
    store: new DynamoDeviceIngestionStore(doc, config.tableName),
    alarms: new DynamoAlarmRepository(doc, config.tableName),
    settings: { offlineAfterSeconds: config.offlineAfterSeconds, onlineBucketSeconds: config.onlineBucketSeconds },
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** The IoT rule triggers and the connection sweep. */
export const ingestionAccess = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const ingestionDeps = lazy(() => buildIngestionDeps(loadIngestionConfig()));
