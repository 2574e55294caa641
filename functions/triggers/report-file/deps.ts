/**
 * Composition of the report workflow's ReportFile Task: the table (report files, merchants, the counters and
 * transactions a report reads), the exports bucket, the PDF writer.
 */
import { reportPdf } from '../../adapters/pdf/report-pdf';
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoReportFileRepository } from '../../adapters/dynamodb/report-file-repository';
import { DynamoReportSource } from '../../adapters/dynamodb/report-source';
import type { ReportFileTaskDeps } from '../../core/reports/file';
import { tableConfig } from '../../runtime/config';
import { bucketFiles } from '../../runtime/files';
import { historicalExportAccess as access } from '../historical-export-access';
import { lazy } from '../../runtime/lazy';

export { access };

export function buildReportFileDeps(env: NodeJS.ProcessEnv = process.env): ReportFileTaskDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    merchants: new DynamoMerchantRepository(doc, tableName),
    source: new DynamoReportSource(doc, tableName),
    reportFiles: new DynamoReportFileRepository(doc, tableName),
    files: bucketFiles(access, 'exports'),
    pdf: reportPdf,
    now: () => new Date().toISOString(),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildReportFileDeps());
