import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { MAX_AUDIT_TRAIL_CSV_ROWS } from '#schemas/audit';
import { MAX_ACTIVE_DATA_REQUESTS } from '#schemas/historical-data';
import { saveFile } from '../../../components/data-table/csv';
import { Spinner } from '../../../components/Spinner';
import { errorMessageId } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { useFormat } from '../../../lib/format';
import { ApiError } from '../../../lib/api';
import { createExportRequest, downloadExport, useExportRequest } from '../api/export-request';

/** A refusal of the request: the historical data's own limit, or the general messages. */
const exportErrorMessageId = (error: unknown) =>
  error instanceof ApiError && error.code === 'TooManyActiveDataRequestsException' ? 'errors.TooManyActiveDataRequestsException' : errorMessageId(error);

/**
 * The selection holds more entries than one direct CSV (MAX_AUDIT_TRAIL_CSV_ROWS): the trail of its days is exported
 * through historical data (dataType AuditTrail, the same path as the other large exports): the file is written in
 * the background, its progress shown here, then downloaded from here or from the historical data screen.
 */
export function LargeExport({ merchantId, startDate, endDate }: { merchantId: string; startDate: string; endDate: string }) {
  const format = useFormat();
  const { showToast } = useToast();
  const [requestId, setRequestId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: request, error } = useExportRequest(merchantId, requestId);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      showToast({ kind: 'error', messageId: exportErrorMessageId(failure), values: { maxActive: MAX_ACTIVE_DATA_REQUESTS } });
    } finally {
      setBusy(false);
    }
  }
  const start = () => run(async () => setRequestId((await createExportRequest(merchantId, startDate, endDate)).id));
  const download = () =>
    run(async () => {
      const file = await downloadExport(merchantId, requestId!);
      saveFile(file.fileName ?? `audittrail-${merchantId}-${startDate}-${endDate}.csv`, file.blob);
    });

  const status =
    requestId === null
      ? 'offer'
      : error || request?.status === 'Error' || request?.status === 'Expired'
        ? 'failed'
        : request?.status === 'Completed'
          ? 'ready'
          : 'preparing';
  return (
    <section className="card state" role="status" data-testid="audit-log-large-export" data-status={status}>
      <p>
        <FormattedMessage id="auditLog.largeExport.offer" values={{ max: format.number(MAX_AUDIT_TRAIL_CSV_ROWS), startDate, endDate }} />
      </p>
      {status === 'offer' && (
        <button type="button" className="button" onClick={() => void start()} disabled={busy} data-testid="audit-log-large-export-start">
          {busy ? <Spinner size="small" /> : <FormattedMessage id="auditLog.largeExport.start" />}
        </button>
      )}
      {status === 'preparing' && (
        <p>
          <Spinner size="small" /> <FormattedMessage id="auditLog.largeExport.preparing" />
        </p>
      )}
      {status === 'ready' && (
        <p>
          <FormattedMessage id="auditLog.largeExport.ready" values={{ rows: format.number(request?.rows ?? 0) }} />{' '}
          <button type="button" className="button" onClick={() => void download()} disabled={busy} data-testid="audit-log-large-export-download">
            {busy ? <Spinner size="small" /> : <FormattedMessage id="auditLog.largeExport.download" />}
          </button>
        </p>
      )}
      {status === 'failed' && (
        <p className="state--error">
          <FormattedMessage id="auditLog.largeExport.failed" />
        </p>
      )}
      {requestId !== null && (
        <p className="muted">
          <Link to="/manage/data-retrieval-requests">
            <FormattedMessage id="auditLog.largeExport.historicalData" />
          </Link>
        </p>
      )}
    </section>
  );
}
