/** Composition of the report workflow's RecordReportFailure Task: the report files and a delete in the exports bucket. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoReportFileRepository } from '../../adapters/dynamodb/report-file-repository';
import type { ReportFileTaskDeps } from '../../core/reports/file';
import { tableConfig } from '../../runtime/config';
import { bucketObjectRemoval } from '../../runtime/bucket-access';
import { historicalExportAccess as access } from '../historical-export-access';
import { lazy } from '../../runtime/lazy';

export { access };

export function buildReportFailureDeps(env: NodeJS.ProcessEnv = process.env): Pick<ReportFileTaskDeps, 'reportFiles' | 'files'> {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const removal = bucketObjectRemoval(access, 'exports');
  return {
    reportFiles: new DynamoReportFileRepository(createDocumentClient({ region, endpoint: dynamodbEndpoint }), tableName),
    files: { upload: () => Promise.reject(new Error('the failure record writes no file')), remove: (key) => removal.remove(key) },
  };
}

export const deps = lazy(() => buildReportFailureDeps());
