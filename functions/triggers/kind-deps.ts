/**
 * What every batched ingestion trigger's composition shares (iot-<kind>/deps.ts): the batch's common stores
 * (BatchDeps), to which each trigger adds only its kind's own on the same client, so it bundles no other kind's
 * adapters. They need only the table and the connection settings, not the API's Cognito configuration.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoInvalidMessages } from '../adapters/dynamodb/invalid-messages';
import { DynamoProcessedMessages } from '../adapters/dynamodb/processed-messages';
import { DynamoReportedHistory } from '../adapters/dynamodb/reported-history';
import type { BatchDeps } from '../core/ingestion/deps';
import type { FunctionAccess } from '../runtime/access';
import { lazy, type Lazy } from '../runtime/lazy';
import { logger } from '../runtime/logger';
import { sweepStores } from './connection-sweep/deps';
import { loadIngestionConfig, type IngestionConfig } from './ingestion-config';

export function batchDeps(config: IngestionConfig, doc: DynamoDBDocumentClient): BatchDeps {
  return {
    ...sweepStores(doc, config.tableName),
    processedMessages: new DynamoProcessedMessages(doc, config.tableName),
    invalidMessages: new DynamoInvalidMessages(doc, config.tableName),
    history: new DynamoReportedHistory(doc, config.tableName),
    settings: { offlineAfterSeconds: config.offlineAfterSeconds, onlineBucketSeconds: config.onlineBucketSeconds, listCopySeconds: config.listCopySeconds },
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** What a kind's deps (core/ingestion/<kind>.ts) add to the common ones: its trigger's part of the composition. */
export type KindExtras<D extends BatchDeps> = Omit<D, keyof BatchDeps>;

/** The batched IoT rules' triggers' access (iot-<kind>/deps.ts re-export it; the telemetry trigger adds the media lists). */
export const ingestionAccess = { table: 'readWrite' } as const satisfies FunctionAccess;

/** A trigger's deps, built once per process (module-scope client, reused across invocations): the common ones and its kind's. */
export function lazyKindDeps<E extends object>(extras: (doc: DynamoDBDocumentClient, config: IngestionConfig) => E): Lazy<BatchDeps & E> {
  return lazy(() => {
    const config = loadIngestionConfig();
    const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
    return { ...batchDeps(config, doc), ...extras(doc, config) };
  });
}
