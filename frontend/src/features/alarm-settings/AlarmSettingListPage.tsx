import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AlarmSetting } from '#schemas/alarm';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatNumber } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSettingPage } from './api/get-setting-page';
import { settingErrorMessageId, settingPath } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/merchant-alarms-settings: which alarm codes notify which users, for the merchant picked in the app bar. */
export function AlarmSettingListPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="alarmSettings.list.title" />}
      actions={
        merchantId && (
          <Link to="/manage/merchant-alarms-settings/create" className="button button--primary" data-testid="alarm-setting-create">
            <FormattedMessage id="alarmSettings.create.action" />
          </Link>
        )
      }
      testId="alarm-setting-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="alarms.chooseMerchant">
        {(merchantId) => <SettingsTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function SettingsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<AlarmSetting>[]>(
    () => [
      {
        id: 'name',
        messageId: 'alarmSettings.field.name',
        ord: 'name',
        value: (s) => s.name,
        render: (s) => (
          <Link to={settingPath(s.merchantId, s.id)} data-testid="alarm-setting-link">
            {s.name}
          </Link>
        ),
      },
      {
        id: 'alarmCodes',
        messageId: 'alarmSettings.field.alarmCodes',
        value: (s) => (s.alarmCodes.length ? s.alarmCodes.join(', ') : intl.formatMessage({ id: 'alarmSettings.allCodes' })),
      },
      { id: 'users', messageId: 'alarmSettings.field.users', value: (s) => formatNumber(s.userIds.length, intl.locale) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-alarm-settings', columns, defaultSort: DEFAULT_SORT });
  const page = useSettingPage(merchantId, table.query);
  return <DataTable table={table} result={page} rowKey={(s) => s.id} emptyMessageId="alarmSettings.list.empty" errorMessageId={settingErrorMessageId} />;
}
