import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ReportColumn, ReportFormat, ReportResult } from '#schemas/report';
import { saveFile } from '../../components/data-table/csv';
import { HeaderRow } from '../../components/HeaderRow';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { EmptyState, ErrorState, ForOneMerchant } from '../../components/states';
import { useToast } from '../../components/toasts';
import { formatCalendarDay, useFormat } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useReport } from './api/get-report';
import { createReportFile, downloadReportFile, getReportFile } from './api/report-files';
import { isNoData, PARAMETER_MESSAGES, reportErrorMessageId, TYPE_MESSAGES } from './messages';
import { readChoice, type ReportChoice } from './state';
import './reports.css';

/**
 * /transactions/reports/result (all roles): the report chosen on /transactions/reports, as a table with its totals,
 * and its PDF and CSV, made by the report workflow (progress shown) and downloaded by a short-lived link.
 */
export function ReportResultPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  const [choice] = useState(readChoice);
  return (
    <Page
      title={<FormattedMessage id={TYPE_MESSAGES[choice.type]} />}
      actions={
        <Link to="/transactions/reports" className="button button--secondary" data-testid="report-change">
          <FormattedMessage id="reports.change" />
        </Link>
      }
      testId="report-result-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="reports.chooseMerchant">
        {(merchantId) => <Result key={merchantId} merchantId={merchantId} choice={choice} />}
      </ForOneMerchant>
    </Page>
  );
}

function Result({ merchantId, choice }: { merchantId: string; choice: ReportChoice }) {
  const report = useReport(merchantId, choice);
  if (report.error && isNoData(report.error))
    return (
      <section className="card">
        <Summary choice={choice} />
        <EmptyState messageId="reports.error.noData" testId="report-no-data" />
      </section>
    );
  if (report.error) return <ErrorState error={report.error} messageId={reportErrorMessageId(report.error)} onRetry={() => void report.mutate()} />;
  if (!report.data)
    return (
      <div className="state" aria-busy="true">
        <Spinner />
      </div>
    );
  return (
    <section className="card">
      <Summary choice={choice} merchantName={report.data.merchantName} />
      <Downloads merchantId={merchantId} choice={choice} />
      <ReportTable report={report.data} />
    </section>
  );
}

function Summary({ choice, merchantName }: { choice: ReportChoice; merchantName?: string }) {
  const intl = useIntl();
  return (
    <p className="reports__summary" data-testid="report-summary">
      {merchantName && <strong>{merchantName}</strong>}
      <span>
        {formatCalendarDay(choice.from, intl.locale)} – {formatCalendarDay(choice.to, intl.locale)}
      </span>
      {choice.parameter && (
        <span>
          <FormattedMessage id={PARAMETER_MESSAGES[choice.parameter.name]} />: {choice.parameter.value}
        </span>
      )}
    </p>
  );
}

const POLL_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Downloads({ merchantId, choice }: { merchantId: string; choice: ReportChoice }) {
  const intl = useIntl();
  const format = useFormat();
  const { showToast } = useToast();
  const [making, setMaking] = useState<{ format: ReportFormat; rows: number; expected: number | null } | null>(null);
  const make = async (fileFormat: ReportFormat) => {
    setMaking({ format: fileFormat, rows: 0, expected: null });
    try {
      let file = await createReportFile(merchantId, choice, fileFormat, intl.locale.slice(0, 2));
      while (file.status === 'Created') {
        setMaking({ format: fileFormat, rows: file.rows, expected: file.expectedRows });
        await sleep(POLL_MS);
        file = await getReportFile(merchantId, file.id);
      }
      if (file.status !== 'Completed') throw new Error('the report file failed');
      const { blob, fileName } = await downloadReportFile(merchantId, file.id);
      saveFile(fileName ?? `report-${choice.type}-${choice.from}-${choice.to}.${fileFormat}`, blob);
    } catch (error) {
      showToast({ kind: 'error', messageId: isNoData(error) ? 'reports.error.noData' : 'reports.error.pdf' });
    } finally {
      setMaking(null);
    }
  };
  return (
    <div className="reports__actions">
      {(['pdf', 'csv'] as const).map((f) => (
        <button
          key={f}
          type="button"
          className="button button--secondary"
          disabled={making !== null}
          onClick={() => void make(f)}
          data-testid={`report-download-${f}`}
        >
          {making?.format === f && <Spinner />}
          <FormattedMessage id={f === 'pdf' ? 'reports.download.pdf' : 'reports.download.csv'} />
        </button>
      ))}
      {making && (
        <p className="reports__progress" role="status" data-testid="report-progress">
          <FormattedMessage
            id="reports.progress"
            values={{ rows: format.number(making.rows), total: making.expected === null ? '…' : format.number(making.expected) }}
          />
        </p>
      )}
    </div>
  );
}

function ReportTable({ report }: { report: ReportResult }) {
  const intl = useIntl();
  const format = useFormat();
  const cell = (c: ReportColumn, v: string | number | null | undefined): string => {
    if (v === null || v === undefined || v === '') return '';
    if (c.kind === 'money') return format.money(Number(v), report.currency);
    if (c.kind === 'count') return format.number(Number(v));
    if (c.kind === 'share') return format.percent(Number(v));
    if (c.kind === 'instant') return format.dateTime(String(v));
    if (c.kind === 'duration')
      return intl.formatMessage({ id: 'reports.duration' }, { hours: Math.floor(Number(v) / 3600), minutes: Math.floor((Number(v) % 3600) / 60) });
    return String(v);
  };
  const label = (c: ReportColumn) => `reports.column.${c.id}`;
  return (
    <>
      {report.rows.length < report.rowCount && (
        <p data-testid="report-partial">
          <FormattedMessage id="reports.partial" values={{ shown: format.number(report.rows.length), total: format.number(report.rowCount) }} />
        </p>
      )}
      <div className="table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: TYPE_MESSAGES[report.type] })}>
        <table className="table reports__table" data-testid="report-table">
          <HeaderRow cells={report.columns.map(label)} />
          <tbody>
            {report.rows.map((row, i) => (
              <tr key={i}>
                {report.columns.map((c) => (
                  <td key={c.id} data-kind={c.kind} data-column={c.id}>
                    {cell(c, row[c.id])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot data-testid="report-totals">
            <tr>
              {report.columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.id} scope="row">
                    <FormattedMessage id="reports.totals" />
                  </th>
                ) : (
                  <td key={c.id} data-kind={c.kind} data-column={c.id}>
                    {cell(c, report.totals[c.id])}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
