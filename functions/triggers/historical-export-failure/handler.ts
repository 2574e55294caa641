/**
 * Task `RecordFailure` of the historical-data state machine (the Catch of Export): the request becomes Error with
 * the spec's technical failure message, and no file of the attempt is left behind.
 */
import { recordExportFailure, type ExportFailureDeps } from '../../core/historical-data/export-failure';
import type { HistoricalExportInput } from '../../core/shared/workflows';
import { METRIC } from '../../runtime/metrics';
import { trigger } from '../trigger';
import { deps as historicalExportFailureDeps } from './deps';

export type ExportFailureInput = HistoricalExportInput & { error: { Error?: string; Cause?: string } };

export const historicalExportFailureHandler = (deps: () => ExportFailureDeps = historicalExportFailureDeps) =>
  trigger(async ({ error, ...input }: ExportFailureInput, { metrics }): Promise<void> => {
    if (await recordExportFailure(deps(), input, [error?.Error, error?.Cause].filter(Boolean).join(': '))) metrics.count(METRIC.historicalExportFailures);
  });

export const handler = historicalExportFailureHandler();
