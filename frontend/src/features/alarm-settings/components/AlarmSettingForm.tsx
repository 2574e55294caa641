import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALARM_CRITICITIES, AlarmSettingInput } from '#schemas/alarm';
import { CheckboxField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Loaded } from '../../../components/states';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { useMerchantUsers } from '../../../lib/resources/get-merchant-users';
import { SETTING_FORM_MESSAGES } from '../messages';

export interface SettingDraft {
  name: string;
  /** Codes as typed: separated by commas or spaces. */
  alarmCodes: string;
  userIds: string[];
  criticities: number[];
  groupIds: string[];
  notifyRepaired: boolean;
}

export const NEW_SETTING: SettingDraft = { name: '', alarmCodes: '', userIds: [], criticities: [], groupIds: [], notifyRepaired: false };

const toggled = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

interface Props {
  merchantId: string;
  /** The merchant has ADVANCED_ALARMS: criticity and group conditions are offered. */
  advanced: boolean;
  initial: SettingDraft;
  submitLabelId: string;
  successMessageId: string;
  send: (input: AlarmSettingInput) => Promise<unknown>;
}

/** Which alarm codes (none = every code) notify which users of the merchant; with advanced alarms, only some criticities or groups. */
export function AlarmSettingForm({ merchantId, advanced, initial, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const users = useMerchantUsers(merchantId);
  const groups = useGroupsOfMerchants(advanced ? [merchantId] : []);
  const { errors, saving, submit } = useFormSubmit(AlarmSettingInput, successMessageId, SETTING_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const alarmCodes = draft.alarmCodes.split(/[\s,;]+/).filter(Boolean);
    void submit({ ...draft, alarmCodes, ...(advanced ? {} : { criticities: [], groupIds: [] }) }, send);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="alarm-setting-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="alarmSettings.field.name" required />
        <TextField {...field('alarmCodes')} labelId="alarmSettings.field.alarmCodes" hint={<FormattedMessage id="alarmSettings.alarmCodes.hint" />} />
      </div>
      <CheckboxField
        name="notifyRepaired"
        labelId="alarmSettings.field.notifyRepaired"
        checked={draft.notifyRepaired}
        onChange={(on) => setDraft((d) => ({ ...d, notifyRepaired: on }))}
      />
      <fieldset data-testid="alarm-setting-users">
        <legend>
          <FormattedMessage id="alarmSettings.field.users" />
        </legend>
        <Loaded result={users}>
          {(list) => (
            <>
              {list.map((u) => (
                <CheckboxField
                  key={u.id}
                  name={`user-${u.id}`}
                  label={u.email}
                  checked={draft.userIds.includes(u.id)}
                  onChange={(on) => setDraft((d) => ({ ...d, userIds: toggled(d.userIds, u.id, on) }))}
                />
              ))}
            </>
          )}
        </Loaded>
        {errors.userIds && (
          <p className="form__error" role="alert" data-testid="error-userIds">
            <FormattedMessage id={errors.userIds.messageId} />
          </p>
        )}
      </fieldset>
      {advanced && (
        <fieldset data-testid="alarm-setting-advanced">
          <legend>
            <FormattedMessage id="alarmSettings.advanced" />
          </legend>
          <p className="form__hint">
            <FormattedMessage id="alarmSettings.advanced.hint" />
          </p>
          {ALARM_CRITICITIES.map((c) => (
            <CheckboxField
              key={c}
              name={`criticity-${c}`}
              label={intl.formatMessage({ id: `alarms.criticity.${c}` })}
              checked={draft.criticities.includes(c)}
              onChange={(on) => setDraft((d) => ({ ...d, criticities: toggled(d.criticities, c, on) }))}
            />
          ))}
          {(groups.data?.[merchantId] ?? []).map((g) => (
            <CheckboxField
              key={g.id}
              name={`group-${g.id}`}
              label={g.name}
              checked={draft.groupIds.includes(g.id)}
              onChange={(on) => setDraft((d) => ({ ...d, groupIds: toggled(d.groupIds, g.id, on) }))}
            />
          ))}
        </fieldset>
      )}
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="alarm-setting-submit" />
      </div>
    </form>
  );
}
