import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { AuditSummary } from '#schemas/pos-history';
import { saveFile } from '../../../components/data-table/csv';
import { DataTable } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { useToast } from '../../../components/toasts';
import { formatDateTime } from '../../../lib/format';
import { downloadAudit, useAuditPage } from '../api/get-audit-page';
import { AUDIT_INTEGRITY_MESSAGES, AUDIT_ORIGIN_MESSAGES, AUDIT_PORT_MESSAGES } from '../history-labels';
import { deviceErrorMessageId } from '../messages';
import { DateRangeFilter } from '../../../components/data-table/DateRangeFilter';

const DEFAULT_SORT = { ord: 'readAt', ordType: 'desc' } as const;

/** /devices/{serial}/audits: the machine's audits, newest first; the EVA-DTS text downloads as a .dex file. */
export function AuditsTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const { showToast } = useToast();
  const [downloading, setDownloading] = useState<string | null>(null);

  const columns = useMemo<Column<AuditSummary>[]>(() => {
    async function download(audit: AuditSummary) {
      setDownloading(audit.id);
      try {
        const file = await downloadAudit(serial, audit.id);
        saveFile(file.fileName ?? `${serial}.dex`, file.blob);
      } catch (error) {
        showToast({ kind: 'error', messageId: deviceErrorMessageId(error) });
      } finally {
        setDownloading(null);
      }
    }
    return [
      { id: 'readAt', messageId: 'devices.audits.readAt', ord: 'readAt', value: (a) => formatDateTime(a.readAt, intl.locale) },
      {
        id: 'origin',
        messageId: 'devices.audits.origin',
        value: (a) => intl.formatMessage({ id: AUDIT_ORIGIN_MESSAGES[a.origin] ?? AUDIT_ORIGIN_MESSAGES[0]! }),
      },
      { id: 'port', messageId: 'devices.audits.port', value: (a) => intl.formatMessage({ id: AUDIT_PORT_MESSAGES[a.port] }) },
      { id: 'receivedAt', messageId: 'devices.audits.receivedAt', value: (a) => formatDateTime(a.receivedAt, intl.locale) },
      {
        id: 'dex',
        messageId: 'devices.audits.dex',
        value: (a) => intl.formatMessage({ id: a.hasDex ? 'devices.yes' : 'devices.no' }),
        render: (a) =>
          a.hasDex ? (
            <span className="inline-status">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void download(a)}
                disabled={downloading === a.id}
                data-testid="audit-download"
              >
                <FormattedMessage id="devices.audits.download" />
              </button>
              {a.integrity && a.integrity !== 'whole' && (
                <span className="badge badge--warn" data-testid="audit-not-whole">
                  <FormattedMessage id={AUDIT_INTEGRITY_MESSAGES[a.integrity]} />
                </span>
              )}
            </span>
          ) : (
            <span className="muted">
              <FormattedMessage id="devices.audits.noDex" />
            </span>
          ),
      },
    ];
  }, [intl, serial, downloading, showToast]);
  const table = useDataTable({ tableId: 'device-audits', columns, defaultSort: DEFAULT_SORT });
  const page = useAuditPage(serial, table.query);
  const originOptions = Object.entries(AUDIT_ORIGIN_MESSAGES).map(([value, id]) => ({ value, label: intl.formatMessage({ id }) }));
  return (
    <div className="device-tab" data-testid="device-audits">
      <DataTable
        table={table}
        result={page}
        rowKey={(a) => a.id}
        emptyMessageId="devices.audits.empty"
        errorMessageId={deviceErrorMessageId}
        filters={
          <>
            <DateRangeFilter table={table} testId="history-range" optional />
            <SelectFilter
              table={table}
              field="origin"
              messageId="devices.audits.origin"
              allLabel={intl.formatMessage({ id: 'devices.audits.allOrigins' })}
              options={originOptions}
            />
          </>
        }
      />
    </div>
  );
}
