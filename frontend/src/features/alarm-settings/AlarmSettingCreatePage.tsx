import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { AlarmSettingInput } from '#schemas/alarm';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { createSetting } from './api/save-setting';
import { AlarmSettingForm, NEW_SETTING } from './components/AlarmSettingForm';
import { settingPath } from './messages';

/** /manage/merchant-alarms-settings/create: a setting of the merchant picked in the app bar, then its screen. */
export function AlarmSettingCreatePage() {
  const navigate = useNavigate();
  const { merchantId, merchant, merchants } = useCurrentMerchant();

  async function send(input: AlarmSettingInput) {
    const setting = await createSetting(merchantId!, input);
    navigate(settingPath(setting.merchantId, setting.id));
  }

  return (
    <Page
      title={<FormattedMessage id="alarmSettings.create.title" />}
      actions={
        <Link to="/manage/merchant-alarms-settings" className="button button--secondary">
          <FormattedMessage id="alarmSettings.backToList" />
        </Link>
      }
      testId="alarm-setting-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="alarms.chooseMerchant">
        {(merchantId) => (
          <AlarmSettingForm
            key={merchantId}
            merchantId={merchantId}
            advanced={merchant!.features.includes('ADVANCED_ALARMS')}
            initial={NEW_SETTING}
            submitLabelId="alarmSettings.create.submit"
            successMessageId="alarmSettings.created"
            send={send}
          />
        )}
      </ForOneMerchant>
    </Page>
  );
}
