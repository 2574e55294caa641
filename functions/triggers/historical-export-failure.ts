/**
 * Task `RecordFailure` of the historical-data state machine (the Catch of Export): the request becomes Error with
 * the spec's technical failure message, and no file of the attempt is left behind.
 */
import type { Context } from 'aws-lambda';
import { recordExportFailure, type ExportFailureDeps } from '../core/historical-data/export-failure';
import type { HistoricalExportInput } from '../core/shared/workflows';
import { historicalExportFailureDeps } from '../shared/historical-export-failure';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';

export type ExportFailureInput = HistoricalExportInput & { error: { Error?: string; Cause?: string } };

export function historicalExportFailureHandler(deps: () => ExportFailureDeps = historicalExportFailureDeps) {
  const metrics = new OperatorMetrics();
  return async ({ error, ...input }: ExportFailureInput, context?: Context): Promise<void> => {
    logger.startInvocation(context);
    await metrics.around(async () => {
      if (await recordExportFailure(deps(), input, [error?.Error, error?.Cause].filter(Boolean).join(': '))) metrics.count(METRIC.historicalExportFailures);
    });
  };
}

export const handler = historicalExportFailureHandler();
