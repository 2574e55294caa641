import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LICENSE_STATUSES, LICENSE_STATUS as S, type License, type LicenseStatus } from '#schemas/licence';
import { DataTable } from '../../components/data-table/DataTable';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useMayCall } from '../../components/use-may-call';
import { formatDateTime } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useLicensePage } from './api/get-license-page';
import { AssignLicenseDialog } from './components/AssignLicenseDialog';
import { LicenseActionDialogs, type LicenseAction } from './components/LicenseActionDialogs';
import { licenceErrorMessageId, STATUS_MESSAGES, STATUS_TONE, TYPE_MESSAGES } from './messages';

const DEFAULT_SORT = { ord: 'serial', ordType: 'asc' } as const;
const LIVE: readonly number[] = [S.pending, S.sent, S.confirmed, S.activated];
const ACTION_LABELS = { send: 'licence.action.send', changeClient: 'licence.action.changeClient', unassign: 'licence.action.unassign' } as const;

/** /service-manager (super admin, merchant admin, merchant user): the merchant's machines by licence state, with the licences' actions. */
export function ServiceManagerPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  const [assigning, setAssigning] = useState(false);
  const mayAssign = useMayCall('serviceManager.assign');
  return (
    <Page
      title={<FormattedMessage id="licence.serviceManager.title" />}
      actions={
        mayAssign && merchantId ? (
          <button type="button" className="button button--primary" onClick={() => setAssigning(true)} data-testid="assign-license-open">
            <FormattedMessage id="licence.assign.title" />
          </button>
        ) : undefined
      }
      testId="service-manager-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="licence.chooseMerchant">
        {(id) => (
          <>
            <LicensesTable key={id} merchantId={id} />
            <AssignLicenseDialog merchantId={id} open={assigning} onClose={() => setAssigning(false)} />
          </>
        )}
      </ForOneMerchant>
    </Page>
  );
}

function LicensesTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const [action, setAction] = useState<LicenseAction>(null);
  const may = {
    send: useMayCall('serviceManager.send'),
    changeClient: useMayCall('serviceManager.changeClient'),
    unassign: useMayCall('serviceManager.unassign'),
  };
  const columns = useMemo<Column<License>[]>(() => {
    const status = (l: License) => STATUS_MESSAGES[l.status as LicenseStatus];
    const button = (l: License, kind: 'send' | 'changeClient' | 'unassign') => (
      <button type="button" className="button button--secondary button--small" onClick={() => setAction({ kind, license: l })} data-testid={`license-${kind}`}>
        <FormattedMessage id={ACTION_LABELS[kind]} />
      </button>
    );
    return [
      { id: 'serial', messageId: 'licence.field.serial', ord: 'serial', value: (l) => l.serial },
      { id: 'posName', messageId: 'licence.field.machineName', value: (l) => l.posName },
      {
        id: 'status',
        messageId: 'licence.field.status',
        value: (l) => intl.formatMessage({ id: status(l) }),
        render: (l) => (
          <span className={`badge badge--${STATUS_TONE[l.status as LicenseStatus]}`} data-license-status={l.status}>
            <FormattedMessage id={status(l)} />
          </span>
        ),
      },
      { id: 'type', messageId: 'licence.field.type', value: (l) => intl.formatMessage({ id: TYPE_MESSAGES[l.type] ?? 'licence.type.none' }) },
      { id: 'client', messageId: 'licence.field.client', value: (l) => l.client.name },
      { id: 'organisation', messageId: 'licence.field.organisation', value: (l) => l.organisation },
      { id: 'expiresOn', messageId: 'licence.field.expiresOn', value: (l) => l.expiresOn ?? '' },
      { id: 'sentAt', messageId: 'licence.field.sentAt', value: (l) => formatDateTime(l.sentAt, intl.locale) },
      { id: 'features', messageId: 'licence.field.features', value: (l) => l.features.join(', '), hidden: true },
      {
        id: 'actions',
        messageId: 'licence.field.actions',
        value: () => '',
        render: (l) => (
          <span className="row-actions">
            {may.send && (l.status === S.pending || l.status === S.sent) && button(l, 'send')}
            {may.changeClient && LIVE.includes(l.status) && button(l, 'changeClient')}
            {may.unassign && l.status !== S.unassigned && button(l, 'unassign')}
          </span>
        ),
      },
    ];
  }, [intl, may.send, may.changeClient, may.unassign]);
  const table = useDataTable({ tableId: 'service-manager-licences', columns, defaultSort: DEFAULT_SORT });
  const page = useLicensePage(merchantId, table.query);
  return (
    <>
      <DataTable
        table={table}
        result={page}
        rowKey={(l) => l.serial}
        emptyMessageId="licence.list.empty"
        errorMessageId={licenceErrorMessageId}
        filters={
          <SelectFilter
            table={table}
            field="status"
            messageId="licence.field.status"
            allLabel={intl.formatMessage({ id: 'licence.filter.allStatuses' })}
            options={LICENSE_STATUSES.map((s) => ({ value: String(s), label: intl.formatMessage({ id: STATUS_MESSAGES[s] }) }))}
          />
        }
      />
      <LicenseActionDialogs merchantId={merchantId} action={action} onClose={() => setAction(null)} />
    </>
  );
}
