/**
 * Composition of the historical-data workflow's Task functions (Export, RecordFailure): the table (requests,
 * merchants, the data exported) and the exports bucket.
 */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoAlarmReader } from '../../adapters/dynamodb/alarm-records';
import { DynamoExportSource } from '../../adapters/dynamodb/export-source';
import { DynamoDataRequestRepository } from '../../adapters/dynamodb/historical-data-repository';
import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import type { ExportDeps } from '../../core/historical-data/export';
import { tableConfig } from '../../runtime/config';
import { bucketFiles } from '../../runtime/files';
import { historicalExportAccess as access } from '../historical-export-access';
import { lazy } from '../../runtime/lazy';

export { access };
import { logger } from '../../runtime/logger';

export function buildHistoricalExportDeps(env: NodeJS.ProcessEnv = process.env): ExportDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    merchants: new DynamoMerchantReader(doc, tableName),
    dataRequests: new DynamoDataRequestRepository(doc, tableName),
    exportSource: new DynamoExportSource(doc, tableName),
    alarms: new DynamoAlarmReader(doc, tableName),
    exportFiles: bucketFiles(access, 'exports'),
    now: () => new Date().toISOString(),
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildHistoricalExportDeps());
