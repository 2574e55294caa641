import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateAlarmSettingNameException: 'alarmSettings.error.duplicate',
  AlarmSettingNotFoundException: 'alarmSettings.error.notFound',
  AdvancedAlarmsNotEnabledException: 'alarmSettings.error.advanced',
  InvalidAlarmSettingRecipientsException: 'alarmSettings.error.recipients',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

export function settingErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const SETTING_FORM_MESSAGES: FormMessages = {
  errorMessageId: settingErrorMessageId,
  fieldMessages: { userIds: 'alarmSettings.error.users', alarmCodes: 'alarmSettings.error.codes' },
  codeFields: { DuplicateAlarmSettingNameException: 'name', InvalidAlarmSettingRecipientsException: 'userIds' },
};

/** A setting's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const settingPath = (merchantId: string, id: string) =>
  `/manage/merchant-alarms-settings/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;
