/**
 * Composition of the historical-data workflow's RecordFailure Task: only the requests table and a delete in the
 * exports bucket (no export sources, no lib-storage), under the same access as the Export Task.
 */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoDataRequestRepository } from '../../adapters/dynamodb/historical-data-repository';
import type { ExportFailureDeps } from '../../core/historical-data/export-failure';
import { tableConfig } from '../../runtime/config';
import { bucketObjectRemoval } from '../../runtime/bucket-access';
import { historicalExportAccess as access } from '../historical-export-access';
import { lazy } from '../../runtime/lazy';

export { access };
import { logger } from '../../runtime/logger';

export function buildHistoricalExportFailureDeps(env: NodeJS.ProcessEnv = process.env): ExportFailureDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  return {
    dataRequests: new DynamoDataRequestRepository(createDocumentClient({ region, endpoint: dynamodbEndpoint }), tableName),
    exportFiles: bucketObjectRemoval(access, 'exports'),
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildHistoricalExportFailureDeps());
