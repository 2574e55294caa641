import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATA_REQUEST_STATUSES, DATA_TYPES, type DataRequestStatus, type HistoricalDataRequest } from '#schemas/historical-data';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveFile } from '../../../components/data-table/csv';
import { DataTable } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { formatBytes, formatCalendarDay, formatDateTime, formatNumber } from '../../../lib/format';
import { deleteRequest } from '../api/delete-request';
import { downloadRequest } from '../api/download-request';
import { useRequestPage } from '../api/get-request-page';
import { retryRequest } from '../api/retry-request';
import { DATA_TYPE_MESSAGES, dataRequestErrorMessageId, LIMIT_VALUES, requestMessageId, STATUS_MESSAGES, STATUS_TONE } from '../messages';

const DEFAULT_SORT = { ord: 'creationDate', ordType: 'desc' } as const;

/** The merchant's requests, newest first, live while one runs: download (Completed), retry (Error), delete. */
export function RequestsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const [toDelete, setToDelete] = useState<HistoricalDataRequest | null>(null);
  const { showToast } = useToast();
  const columns = useMemo<Column<HistoricalDataRequest>[]>(() => {
    const label = (ids: Partial<Record<string, string>>, value: string) => {
      const id = ids[value];
      return id ? intl.formatMessage({ id }) : value;
    };
    const day = (value: string) => formatCalendarDay(value, intl.locale);
    return [
      { id: 'creationDate', messageId: 'dataRequests.field.creationDate', ord: 'creationDate', value: (r) => formatDateTime(r.creationDate, intl.locale) },
      { id: 'dataType', messageId: 'dataRequests.field.dataType', value: (r) => label(DATA_TYPE_MESSAGES, r.dataType) },
      { id: 'range', messageId: 'dataRequests.field.range', value: (r) => `${day(r.startDate)} – ${day(r.endDate)}` },
      {
        id: 'status',
        messageId: 'dataRequests.field.status',
        value: (r) => [label(STATUS_MESSAGES, r.status), messageText(intl, r.message)].filter(Boolean).join(' '),
        render: (r) => <RequestStatus request={r} />,
      },
      { id: 'rows', messageId: 'dataRequests.field.rows', value: (r) => (r.rows === null ? '' : formatNumber(r.rows, intl.locale)) },
      { id: 'size', messageId: 'dataRequests.field.size', value: (r) => (r.size === null ? '' : formatBytes(r.size, intl.locale)) },
      { id: 'linkValidUntil', messageId: 'dataRequests.field.linkValidUntil', value: (r) => formatDateTime(r.linkValidUntil, intl.locale) },
      {
        id: 'actions',
        messageId: 'dataRequests.field.actions',
        value: () => '',
        render: (r) => <RequestActions merchantId={merchantId} request={r} onDelete={setToDelete} />,
      },
    ];
  }, [intl, merchantId]);
  const table = useDataTable({ tableId: 'data-requests', columns, defaultSort: DEFAULT_SORT });
  const page = useRequestPage(merchantId, table.query);
  const statusOptions = DATA_REQUEST_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: STATUS_MESSAGES[s] }) }));
  const typeOptions = DATA_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: DATA_TYPE_MESSAGES[t] }) }));

  async function confirmDelete(request: HistoricalDataRequest) {
    setToDelete(null);
    try {
      await deleteRequest(merchantId, request.id);
      showToast({ kind: 'success', messageId: 'dataRequests.deleted' });
    } catch (error) {
      showToast({ kind: 'error', messageId: dataRequestErrorMessageId(error), values: LIMIT_VALUES });
    }
  }

  return (
    <>
      <DataTable
        table={table}
        result={page}
        rowKey={(r) => r.id}
        emptyMessageId="dataRequests.list.empty"
        errorMessageId={dataRequestErrorMessageId}
        filters={
          <>
            <SelectFilter
              table={table}
              field="status"
              messageId="dataRequests.field.status"
              allLabel={intl.formatMessage({ id: 'dataRequests.allStatuses' })}
              options={statusOptions}
            />
            <SelectFilter
              table={table}
              field="dataType"
              messageId="dataRequests.field.dataType"
              allLabel={intl.formatMessage({ id: 'dataRequests.allDataTypes' })}
              options={typeOptions}
            />
          </>
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        titleId="dataRequests.delete.confirmTitle"
        messageId="dataRequests.delete.confirmMessage"
        confirmId="dataRequests.delete.confirm"
        cancelId="dataRequests.cancel"
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

function messageText(intl: ReturnType<typeof useIntl>, message: string | null): string {
  const id = requestMessageId(message);
  return id ? intl.formatMessage({ id }) : (message ?? '');
}

function RequestStatus({ request }: { request: HistoricalDataRequest }) {
  const intl = useIntl();
  const status = request.status as DataRequestStatus;
  const message = messageText(intl, request.message);
  return (
    <>
      <span className={`badge badge--${STATUS_TONE[status] ?? 'neutral'}`} data-request-status={status}>
        <FormattedMessage id={STATUS_MESSAGES[status]} />
      </span>
      {message && (
        <span className="data-requests__message" data-testid="request-message">
          {message}
        </span>
      )}
    </>
  );
}

function RequestActions({
  merchantId,
  request,
  onDelete,
}: {
  merchantId: string;
  request: HistoricalDataRequest;
  onDelete: (request: HistoricalDataRequest) => void;
}) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState<'download' | 'retry' | null>(null);

  async function run(action: 'download' | 'retry') {
    setBusy(action);
    try {
      if (action === 'download') {
        const file = await downloadRequest(merchantId, request.id);
        saveFile(file.fileName ?? `${request.dataType}-${request.startDate}-${request.endDate}.csv`, file.blob);
      } else {
        await retryRequest(merchantId, request.id);
        showToast({ kind: 'success', messageId: 'dataRequests.retried' });
      }
    } catch (error) {
      showToast({ kind: 'error', messageId: dataRequestErrorMessageId(error), values: LIMIT_VALUES });
    } finally {
      setBusy(null);
    }
  }

  return (
    <span className="data-requests__actions">
      {request.status === 'Completed' && (
        <button type="button" className="button button--secondary" onClick={() => void run('download')} disabled={busy !== null} data-testid="request-download">
          {busy === 'download' ? <Spinner size="small" /> : <FormattedMessage id="dataRequests.download" />}
        </button>
      )}
      {request.status === 'Error' && (
        <button type="button" className="button button--secondary" onClick={() => void run('retry')} disabled={busy !== null} data-testid="request-retry">
          {busy === 'retry' ? <Spinner size="small" /> : <FormattedMessage id="dataRequests.retry" />}
        </button>
      )}
      <button type="button" className="button button--danger" onClick={() => onDelete(request)} disabled={busy !== null} data-testid="request-delete">
        <FormattedMessage id="dataRequests.delete.action" />
      </button>
    </span>
  );
}
