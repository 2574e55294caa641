import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FirmwareRuleCreate } from '#schemas/firmware-rule';
import { CheckboxField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { useRuleFirmwares } from '../api/get-rule-firmwares';
import { createRule } from '../api/save-rule';
import { RULE_FORM_MESSAGES } from '../messages';

const number = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text);
/** Today in the browser's calendar (YYYY-MM-DD). */
const today = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};
/** The rule date's start, in the browser's time zone: no wave goes out before it. */
const startOf = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00`).toISOString() : day);

/** A new firmware rule of the merchant: the firmware, its target, the rule date and the rollout's waves and limits. */
export function RuleForm({ merchantId, onCreated }: { merchantId: string; onCreated: () => void }) {
  const intl = useIntl();
  const firmwares = useRuleFirmwares();
  const groups = useGroupsOfMerchants([merchantId]);
  const { errors, saving, submit } = useFormSubmit(FirmwareRuleCreate, 'firmwareRules.created', RULE_FORM_MESSAGES);
  const { draft, field } = useDraft(
    {
      firmwareId: '',
      targetKind: 'deviceType',
      groupId: '',
      serials: '',
      startAt: today(),
      wavesKind: 'count',
      waves: '3',
      minMachines: '10',
      failureThresholdPercent: '20',
      machineTimeoutMinutes: '60',
      windowFrom: '02:00',
      windowTo: '05:00',
    },
    errors,
  );
  const [useWindow, setUseWindow] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const target =
      draft.targetKind === 'group'
        ? { kind: 'group', groupId: draft.groupId }
        : draft.targetKind === 'machines'
          ? { kind: 'machines', serials: draft.serials.split(/[\s,;]+/).filter(Boolean) }
          : { kind: 'deviceType' };
    const minutes = number(draft.machineTimeoutMinutes);
    const body = {
      firmwareId: draft.firmwareId,
      target,
      startAt: startOf(draft.startAt),
      waves: draft.wavesKind === 'rate' ? { kind: 'rate', perHour: number(draft.waves) } : { kind: 'count', count: number(draft.waves) },
      minMachines: number(draft.minMachines),
      failureThresholdPercent: number(draft.failureThresholdPercent),
      machineTimeoutSeconds: typeof minutes === 'number' ? minutes * 60 : minutes,
      maintenanceWindow: useWindow ? { from: draft.windowFrom, to: draft.windowTo } : null,
    };
    void submit(body, async (input) => {
      await createRule(merchantId, input);
      onCreated();
    });
  }

  const firmwareOptions = (firmwares.data?.items ?? []).map((f) => ({
    value: f.id,
    label: `${f.deviceType} ${f.version} (${intl.formatMessage({ id: `firmwares.level.${f.level}` })})`,
  }));
  const windowError = errors.maintenanceWindow;
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="rule-form">
      <div className="form-grid">
        <SelectField
          {...field('firmwareId')}
          labelId="firmwareRules.field.firmware"
          placeholder={intl.formatMessage({ id: firmwareOptions.length ? 'firmwareRules.chooseFirmware' : 'firmwareRules.noFirmware' })}
          options={firmwareOptions}
        />
        <SelectField
          {...field('targetKind')}
          error={errors.target}
          labelId="firmwareRules.field.target"
          options={(['deviceType', 'group', 'machines'] as const).map((k) => ({ value: k, label: intl.formatMessage({ id: `firmwareRules.target.${k}` }) }))}
        />
        {draft.targetKind === 'group' && (
          <SelectField
            {...field('groupId')}
            labelId="firmwareRules.field.group"
            placeholder={intl.formatMessage({ id: 'firmwareRules.chooseGroup' })}
            options={(groups.data?.[merchantId] ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        )}
        {draft.targetKind === 'machines' && <TextField {...field('serials')} labelId="firmwareRules.field.serials" multiline />}
        <TextField {...field('startAt')} labelId="firmwareRules.field.startAt" type="date" required />
        <SelectField
          {...field('wavesKind')}
          labelId="firmwareRules.field.wavesKind"
          options={(['count', 'rate'] as const).map((k) => ({ value: k, label: intl.formatMessage({ id: `firmwareRules.waves.${k}` }) }))}
        />
        <TextField
          {...field('waves')}
          error={errors.waves}
          labelId={draft.wavesKind === 'rate' ? 'firmwareRules.field.perHour' : 'firmwareRules.field.count'}
          required
        />
        <TextField {...field('minMachines')} labelId="firmwareRules.field.minMachines" required />
        <TextField {...field('failureThresholdPercent')} labelId="firmwareRules.field.failureThresholdPercent" required />
        <TextField {...field('machineTimeoutMinutes')} error={errors.machineTimeoutSeconds} labelId="firmwareRules.field.machineTimeoutMinutes" required />
      </div>
      <CheckboxField name="useWindow" labelId="firmwareRules.field.window" checked={useWindow} onChange={setUseWindow} />
      {useWindow && (
        <div className="form-grid">
          <TextField {...field('windowFrom')} error={windowError} labelId="firmwareRules.field.windowFrom" />
          <TextField {...field('windowTo')} labelId="firmwareRules.field.windowTo" />
        </div>
      )}
      <p className="form__hint">
        <FormattedMessage id="firmwareRules.window.hint" />
      </p>
      <div className="form__actions">
        <SubmitButton labelId="firmwareRules.create.submit" busy={saving} testId="rule-submit" />
      </div>
    </form>
  );
}
