/**
 * Task `Export` of the historical-data state machine: streams one attempt of one request as CSV to the exports
 * bucket and marks it Completed (core/historical-data/export.ts). A thrown error is the Task's failure: retried
 * with backoff, then caught by RecordFailure.
 */
import type { Context } from 'aws-lambda';
import { runExport, type ExportDeps, type ExportOutcome } from '../core/historical-data/export';
import type { HistoricalExportInput } from '../core/shared/workflows';
import { historicalExportDeps } from '../shared/historical-export';
import { logger } from '../shared/logger';

export function historicalExportHandler(deps: () => ExportDeps = historicalExportDeps) {
  return async (input: HistoricalExportInput, context?: Context): Promise<ExportOutcome> => {
    logger.startInvocation(context);
    const started = performance.now();
    const outcome = await runExport(deps(), input);
    logger.info('historical export', { ...input, ...outcome, ms: Math.round(performance.now() - started) });
    return outcome;
  };
}

export const handler = historicalExportHandler();
