/**
 * Task `Export` of the historical-data state machine: streams one attempt of one request as CSV to the exports
 * bucket and marks it Completed (core/historical-data/export.ts). A thrown error is the Task's failure: retried
 * with backoff, then caught by RecordFailure.
 */
import { runExport, type ExportDeps, type ExportOutcome } from '../../core/historical-data/export';
import type { HistoricalExportInput } from '../../core/shared/workflows';
import { logger } from '../../runtime/logger';
import { METRIC } from '../../runtime/metrics';
import { trigger } from '../trigger';
import { deps as historicalExportDeps } from './deps';

export const historicalExportHandler = (deps: () => ExportDeps = historicalExportDeps) =>
  trigger(async (input: HistoricalExportInput, { metrics }): Promise<ExportOutcome> => {
    const started = performance.now();
    const outcome = await runExport(deps(), input);
    logger.info('historical export', { ...input, ...outcome, ms: Math.round(performance.now() - started) });
    if (outcome.completed) {
      metrics.count(METRIC.historicalExports);
      metrics.count(METRIC.historicalExportRows, outcome.rows);
    }
    return outcome;
  });

export const handler = historicalExportHandler();
