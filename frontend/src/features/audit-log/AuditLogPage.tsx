import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditTrailEntry, AuditTrailTarget } from '#schemas/audit';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { ForOneMerchant } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportAuditCsv } from './api/export-audit-csv';
import { useAuditPage } from './api/get-audit-page';
import { linkedFilters, recentRange } from './audit-filters';
import { AuditFilters } from './components/AuditFilters';
import { EntryDetails } from './components/EntryDetails';
import { LargeExport } from './components/LargeExport';
import { ACTOR_MESSAGES, auditErrorMessageId, isPastTheCap, OUTCOME_MESSAGES, OUTCOME_TONE, TARGET_MESSAGES } from './messages';
import './audit-log.css';

const DEFAULT_SORT = { ord: 'at', ordType: 'desc' } as const;

/**
 * /manage/audit-log (super admin, merchant admin): who changed what in the merchant picked in the app bar, newest first,
 * each entry opening to its before → after. `?serial=`, `?mediaId=` or `?targetUserId=` (a link from a machine's, media's
 * or user's screen) opens it filtered to that target.
 */
export function AuditLogPage() {
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  return (
    <Page title={<FormattedMessage id="auditLog.title" />} testId="audit-log-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="auditLog.chooseMerchant">
        {(merchantId) => <AuditLogTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

/** Where a target's own screen is, for the kinds the console has one of. */
function targetPath(target: AuditTrailTarget): string | null {
  const id = encodeURIComponent(target.id);
  if (target.type === 'pos') return `/devices/${id}`;
  if (target.type === 'media') return `/customers-medias/medias/${id}`;
  if (target.type === 'user') return `/manage/users/${id}`;
  return null;
}

function Targets({ entry }: { entry: AuditTrailEntry }) {
  const intl = useIntl();
  return (
    <ul className="audit-log__targets">
      {entry.targets.map((target) => {
        const kind = TARGET_MESSAGES[target.type];
        const path = targetPath(target);
        return (
          <li key={`${target.type}:${target.id}`} data-target-type={target.type}>
            <span className="muted">{kind ? intl.formatMessage({ id: kind }) : target.type}</span>{' '}
            <span className="nowrap">{path ? <Link to={path}>{target.id}</Link> : target.id}</span>
          </li>
        );
      })}
    </ul>
  );
}

function useColumns(): Column<AuditTrailEntry>[] {
  const intl = useIntl();
  return useMemo(() => {
    const text = (id: string) => intl.formatMessage({ id });
    const actor = (e: AuditTrailEntry) => (e.actor.kind === 'user' ? (e.actor.email ?? e.actor.userId ?? '') : text(ACTOR_MESSAGES[e.actor.kind]));
    return [
      { id: 'at', messageId: 'auditLog.field.at', ord: 'at', value: (e) => formatDateTime(e.at, intl.locale) },
      {
        id: 'actor',
        messageId: 'auditLog.field.actor',
        value: actor,
        render: (e) => (
          <>
            {actor(e)}
            {e.actor.role && <div className="muted">{text(`roles.${e.actor.role}`)}</div>}
          </>
        ),
      },
      {
        id: 'action',
        messageId: 'auditLog.field.action',
        value: (e) => e.action,
        render: (e) => (
          <>
            <code>{e.action}</code>
            <div className="muted nowrap">
              {e.method} {e.path}
            </div>
          </>
        ),
      },
      {
        id: 'targets',
        messageId: 'auditLog.field.targets',
        value: (e) => e.targets.map((t) => `${t.type}:${t.id}`).join(' '),
        render: (e) => <Targets entry={e} />,
      },
      {
        id: 'outcome',
        messageId: 'auditLog.field.outcome',
        value: (e) => text(OUTCOME_MESSAGES[e.outcome]),
        render: (e) => (
          <>
            <span className={`badge badge--${OUTCOME_TONE[e.outcome]}`} data-outcome={e.outcome}>
              {text(OUTCOME_MESSAGES[e.outcome])}
            </span>
            {e.errorCode && <div className="muted">{e.errorCode}</div>}
          </>
        ),
      },
      { id: 'changes', messageId: 'auditLog.field.changes', value: (e) => String(e.changes.length), render: (e) => <EntryDetails entry={e} /> },
      { id: 'correlationId', messageId: 'auditLog.field.correlationId', value: (e) => e.correlationId, hidden: true },
      { id: 'sourceIp', messageId: 'auditLog.field.sourceIp', value: (e) => e.sourceIp ?? '', hidden: true },
      { id: 'userAgent', messageId: 'auditLog.field.userAgent', value: (e) => e.userAgent ?? '', hidden: true },
    ];
  }, [intl]);
}

function AuditLogTable({ merchantId }: { merchantId: string }) {
  const columns = useColumns();
  const [params, setParams] = useSearchParams();
  // A link's target replaces the remembered filters once; until then nothing is read with the old ones.
  const [linked] = useState(() => linkedFilters(params));
  const [applying, setApplying] = useState(linked !== null);
  const defaultFilter = useMemo(() => ({ ...recentRange() }), []);
  const table = useDataTable<AuditTrailEntry>({ tableId: 'audit-log', columns, defaultSort: DEFAULT_SORT, defaultFilter });
  const { setFilter, query } = table;
  useEffect(() => {
    if (!linked || !applying) return;
    for (const [field, value] of Object.entries(linked)) setFilter(field, value);
    setApplying(false);
    setParams({}, { replace: true });
  }, [linked, applying, setFilter, setParams]);
  const page = useAuditPage(merchantId, applying ? null : query);

  const [pastTheCap, setPastTheCap] = useState(false);
  const filterKey = JSON.stringify(table.state.filter);
  useEffect(() => setPastTheCap(false), [filterKey]);
  const exportFile = useCallback(async () => {
    try {
      return await exportAuditCsv(merchantId, query);
    } catch (error) {
      if (isPastTheCap(error)) setPastTheCap(true);
      throw error;
    }
  }, [merchantId, query]);

  // The filter bar shows the link's filters from the start.
  if (applying) return <PageSpinner />;
  return (
    <>
      {pastTheCap && <LargeExport merchantId={merchantId} {...exportDays(table.state.filter)} />}
      <DataTable
        table={table}
        result={page}
        rowKey={(e) => String(e.seq)}
        emptyMessageId="auditLog.empty"
        exportFile={exportFile}
        errorMessageId={auditErrorMessageId}
        filters={<AuditFilters table={table} merchantId={merchantId} />}
      />
    </>
  );
}

/** The days of the log's range (its defaults when the range was cleared), for a large export through historical data. */
function exportDays(filter: Record<string, unknown>): { startDate: string; endDate: string } {
  const recent = recentRange();
  const day = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  return { startDate: day(filter.startDate, recent.startDate), endDate: day(filter.endDate, recent.endDate) };
}
