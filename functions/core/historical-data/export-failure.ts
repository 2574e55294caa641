/**
 * The historical data workflow's RecordFailure task (the Catch of Export): apart from export.ts so that its
 * function bundles nothing of the export itself.
 */
import { TECHNICAL_FAILURE } from '#schemas/historical-data-constants';
import type { HistoricalExportInput } from '../shared/workflows';
import { exportFileKey } from './model';
import type { DataRequestRepository, ExportFiles } from './ports';

export interface ExportFailureDeps {
  dataRequests: DataRequestRepository;
  exportFiles: Pick<ExportFiles, 'remove'>;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** Task `RecordFailure`: Error with the spec's technical failure, and no object left of this attempt; false when the attempt no longer counted. */
export async function recordExportFailure(deps: ExportFailureDeps, input: HistoricalExportInput, cause?: string): Promise<boolean> {
  const { merchantId, requestId, attempt } = input;
  // Only while the attempt is still Created: a task that failed after completing must not take the file away.
  const marked = await deps.dataRequests.fail(merchantId, requestId, attempt, TECHNICAL_FAILURE);
  if (marked) await deps.exportFiles.remove(exportFileKey(merchantId, requestId, attempt));
  deps.log?.('warn', 'historical export failed', { merchantId, requestId, attempt, marked, cause });
  return marked;
}
