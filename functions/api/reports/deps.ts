import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoReportFileRepository } from '../../adapters/dynamodb/report-file-repository';
import { DynamoReportSource } from '../../adapters/dynamodb/report-source';
import type { WorkflowStarter } from '../../core/shared/workflows';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSignedFiles } from '../../runtime/bucket-access';
import { lazy } from '../../runtime/lazy';
import { workflowStarter } from '../../runtime/workflows';

/** Reads counters and transactions, stores report files, signs their download links, starts the report workflow. */
export const access = { table: 'readWrite', buckets: { exports: 'read' }, startReports: true } as const satisfies FunctionAccess;

/** The reports group: merchants (name, time zone, currency), the report source, report files, download links, the workflow starter. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => {
  // Only a file's creation starts the workflow: the tables are read without it.
  const starter = lazy(() => workflowStarter(process.env, ['report']));
  return {
    merchants: new DynamoMerchantRepository(doc, tableName),
    source: new DynamoReportSource(doc, tableName),
    reportFiles: new DynamoReportFileRepository(doc, tableName),
    files: bucketSignedFiles(access, 'exports'),
    workflows: { start: (workflow, input, executionName) => starter().start(workflow, input, executionName) } satisfies WorkflowStarter,
  };
});

export type ReportsGroupDeps = ReturnType<typeof deps>;
