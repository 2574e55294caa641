import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Notification } from '#schemas/notification';
import { NOTIFICATION_STATUSES } from '#schemas/notification-constants';
import { DataTable } from '../../components/data-table/DataTable';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../components/data-table/DateRangeFilter';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportNotificationsCsv } from './api/export-notifications-csv';
import { useNotificationPage } from './api/get-notification-page';
import { notificationErrorMessageId, STATUS_MESSAGES, STATUS_TONE } from './messages';

const DEFAULT_SORT = { ord: 'at', ordType: 'desc' } as const;

/** /manage/notifications (super admin, merchant admin): who was told about which alarm, when, delivered or failed. */
export function NotificationLogPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="notifications.log.title" />} testId="notification-log-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="alarms.chooseMerchant">
        {(merchantId) => <NotificationsTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function NotificationsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<Notification>[]>(() => {
    const date = (value: string | null) => formatDateTime(value, intl.locale);
    return [
      { id: 'at', messageId: 'notifications.field.at', ord: 'at', value: (n) => date(n.at) },
      { id: 'email', messageId: 'notifications.field.email', value: (n) => n.email },
      { id: 'kind', messageId: 'notifications.field.kind', value: (n) => intl.formatMessage({ id: `notifications.kind.${n.kind}` }) },
      {
        id: 'device',
        messageId: 'alarms.field.device',
        value: (n) => (n.serial ? `${n.posName} · ${n.serial}` : ''),
        render: (n) => (n.serial ? <Link to={`/devices/${encodeURIComponent(n.serial)}/pos-alarms`}>{n.posName || n.serial}</Link> : null),
      },
      { id: 'code', messageId: 'alarms.field.code', value: (n) => n.code },
      {
        id: 'status',
        messageId: 'notifications.field.status',
        value: (n) => intl.formatMessage({ id: STATUS_MESSAGES[n.status] }),
        render: (n) => (
          <span className={`badge badge--${STATUS_TONE[n.status]}`} data-notification-status={n.status}>
            <FormattedMessage id={STATUS_MESSAGES[n.status]} />
          </span>
        ),
      },
      { id: 'reason', messageId: 'notifications.field.reason', value: (n) => n.reason ?? '' },
      { id: 'attempts', messageId: 'notifications.field.attempts', value: (n) => formatNumber(n.attempts, intl.locale) },
      { id: 'sentAt', messageId: 'notifications.field.sentAt', value: (n) => date(n.sentAt) },
      { id: 'subject', messageId: 'notifications.field.subject', value: (n) => n.subject },
    ];
  }, [intl]);
  const table = useDataTable({ tableId: 'manage-notifications', columns, defaultSort: DEFAULT_SORT });
  const page = useNotificationPage(merchantId, table.query);
  const { query } = table;
  const exportFile = useCallback(() => exportNotificationsCsv(merchantId, query), [merchantId, query]);
  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(n) => n.id}
      emptyMessageId="notifications.log.empty"
      exportFile={exportFile}
      errorMessageId={notificationErrorMessageId}
      filters={
        <>
          <SelectFilter
            table={table}
            field="status"
            messageId="notifications.field.status"
            allLabel={intl.formatMessage({ id: 'notifications.filter.allStatuses' })}
            options={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: STATUS_MESSAGES[s] }) }))}
          />
          <DateRangeFilter table={table} testId="history-range" optional />
        </>
      }
    />
  );
}
