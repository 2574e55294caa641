/**
 * Task `Export` of the historical-data state machine: streams one attempt of one request as CSV to the exports
 * bucket and marks it Completed (core/historical-data/export.ts). A thrown error is the Task's failure: retried
 * with backoff, then caught by RecordFailure.
 */
import type { Context } from 'aws-lambda';
import { runExport, type ExportDeps, type ExportOutcome } from '../core/historical-data/export';
import type { HistoricalExportInput } from '../core/shared/workflows';
import { historicalExportDeps } from '../shared/historical-export';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';

export function historicalExportHandler(deps: () => ExportDeps = historicalExportDeps) {
  const metrics = new OperatorMetrics();
  return async (input: HistoricalExportInput, context?: Context): Promise<ExportOutcome> => {
    logger.startInvocation(context);
    return metrics.around(async () => {
      const started = performance.now();
      const outcome = await runExport(deps(), input);
      logger.info('historical export', { ...input, ...outcome, ms: Math.round(performance.now() - started) });
      if (outcome.completed) {
        metrics.count(METRIC.historicalExports);
        metrics.count(METRIC.historicalExportRows, outcome.rows);
      }
      return outcome;
    });
  };
}

export const handler = historicalExportHandler();
