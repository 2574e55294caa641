/** Task `RecordReportFailure` of the report state machine (the Catch of ReportFile): the file becomes Error, no partial object is left. */
import { recordReportFailure, type ReportFileTaskDeps } from '../../core/reports/file';
import type { ReportFileInput } from '../../core/shared/workflows';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as reportFailureDeps } from './deps';

export const reportFailureHandler = (deps: () => Pick<ReportFileTaskDeps, 'reportFiles' | 'files'> = reportFailureDeps) =>
  trigger(async ({ error, ...input }: ReportFileInput & { error?: { Error?: string; Cause?: string } }): Promise<void> => {
    logger.warn('report file failed', { ...input, error: error?.Error, cause: error?.Cause });
    await recordReportFailure(deps(), input);
  });

export const handler = reportFailureHandler();
