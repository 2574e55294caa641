import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSetting } from './api/get-setting';
import { deleteSetting, updateSetting } from './api/save-setting';
import { AlarmSettingForm } from './components/AlarmSettingForm';
import { settingErrorMessageId } from './messages';

/** /manage/merchant-alarms-settings/{id}?merchantId=: the setting, editable and deleted after confirmation. */
export function AlarmSettingDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const merchants = useMyMerchants();
  const features = merchants.data?.find((m) => m.id === merchantId)?.features ?? [];
  const setting = useSetting(merchantId, id);

  return (
    <Page
      title={setting.data?.name ?? <FormattedMessage id="alarmSettings.detail.title" />}
      actions={
        <>
          <Link to="/manage/merchant-alarms-settings" className="button button--secondary">
            <FormattedMessage id="alarmSettings.backToList" />
          </Link>
          {setting.data && (
            <DeleteButton
              messages={{
                action: 'alarmSettings.delete.action',
                confirmTitle: 'alarmSettings.delete.confirmTitle',
                confirmMessage: 'alarmSettings.delete.confirmMessage',
                confirm: 'alarmSettings.delete.confirm',
                cancel: 'alarms.cancel',
                deleted: 'alarmSettings.deleted',
              }}
              remove={() => deleteSetting(merchantId!, id)}
              afterPath="/manage/merchant-alarms-settings"
              errorMessageId={settingErrorMessageId}
              testId="alarm-setting-delete"
            />
          )}
        </>
      }
      testId="alarm-setting-detail-page"
    >
      <Loaded result={setting} errorMessageId={settingErrorMessageId}>
        {(s) => (
          <AlarmSettingForm
            key={s.updatedAt}
            merchantId={s.merchantId}
            advanced={features.includes('ADVANCED_ALARMS')}
            initial={{
              name: s.name,
              alarmCodes: s.alarmCodes.join(', '),
              userIds: s.userIds,
              criticities: s.criticities,
              groupIds: s.groupIds,
              notifyRepaired: s.notifyRepaired ?? false,
            }}
            submitLabelId="alarmSettings.save"
            successMessageId="alarmSettings.updated"
            send={(input) => updateSetting(s.merchantId, s.id, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}
