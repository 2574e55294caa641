/**
 * Task `ReportFile` of the report state machine (the historical-data workflow's pattern): one report's PDF or CSV streamed to the
 * exports bucket (core/reports/file.ts). A thrown error is the Task's failure: retried, then RecordReportFailure.
 */
import { runReportFile, type ReportFileTaskDeps } from '../../core/reports/file';
import type { ReportFileInput } from '../../core/shared/workflows';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as reportFileDeps } from './deps';

export const reportFileHandler = (deps: () => ReportFileTaskDeps = reportFileDeps) =>
  trigger(async (input: ReportFileInput) => {
    const started = performance.now();
    const outcome = await runReportFile(deps(), input);
    logger.info('report file', { ...input, ...outcome, ms: Math.round(performance.now() - started) });
    return outcome;
  });

export const handler = reportFileHandler();
