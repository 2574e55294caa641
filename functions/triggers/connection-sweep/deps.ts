/** Composition of the connection sweep: the registry, connection states and the online index only. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoConnectionStates } from '../../adapters/dynamodb/connection-state';
import { DynamoOnlineIndex } from '../../adapters/dynamodb/online-index';
import { readRegistrations } from '../../adapters/dynamodb/registrations';
import type { SweepDeps } from '../../core/ingestion/connection-sweep';
import type { FunctionAccess } from '../../runtime/access';
import { loadIngestionConfig, type IngestionConfig } from '../ingestion-config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';

/** What the sweep and the ingestion triggers both use. */
export function sweepStores(doc: DynamoDBDocumentClient, tableName: string): Pick<SweepDeps, 'registry' | 'connections' | 'onlineIndex'> {
  return {
    registry: { registrations: (serials) => readRegistrations(doc, tableName, serials) },
    connections: new DynamoConnectionStates(doc, tableName),
    onlineIndex: new DynamoOnlineIndex(doc, tableName),
  };
}

export function buildConnectionSweepDeps(config: IngestionConfig): SweepDeps {
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
  return {
    ...sweepStores(doc, config.tableName),
    settings: { offlineAfterSeconds: config.offlineAfterSeconds, onlineBucketSeconds: config.onlineBucketSeconds },
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const deps = lazy(() => buildConnectionSweepDeps(loadIngestionConfig()));
