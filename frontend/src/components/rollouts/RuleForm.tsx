import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type * as z from 'zod/mini';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { CheckboxField, SelectField, TextField } from '../form/fields';
import { SubmitButton } from '../form/SubmitButton';
import { useDraft } from '../form/use-draft';
import { useFormSubmit } from '../form/use-form-submit';
import type { RuleKindView, RuleRow } from './rule-kind';

const number = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text);
/** Today in the browser's calendar (YYYY-MM-DD). */
const today = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};
/** The rule date's start, in the browser's time zone: no wave goes out before it. */
const startOf = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00`).toISOString() : day);

/** A new rule of the merchant, of any kind: the release it rolls out, its target, the rule date and the rollout's waves and limits. */
export function RuleForm<S extends z.ZodMiniType, R extends RuleRow>({
  kind,
  merchantId,
  onCreated,
}: {
  kind: RuleKindView<S, R>;
  merchantId: string;
  onCreated: () => void;
}) {
  const intl = useIntl();
  const releases = kind.useReleases(merchantId);
  const groups = useGroupsOfMerchants([merchantId]);
  const { errors, saving, submit } = useFormSubmit(kind.createSchema, kind.messages.created, kind.formMessages);
  const { draft, field } = useDraft(
    {
      release: '',
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
      [kind.releaseField]: draft.release,
      target,
      startAt: startOf(draft.startAt),
      waves: draft.wavesKind === 'rate' ? { kind: 'rate', perHour: number(draft.waves) } : { kind: 'count', count: number(draft.waves) },
      minMachines: number(draft.minMachines),
      failureThresholdPercent: number(draft.failureThresholdPercent),
      machineTimeoutSeconds: typeof minutes === 'number' ? minutes * 60 : minutes,
      maintenanceWindow: useWindow ? { from: draft.windowFrom, to: draft.windowTo } : null,
    };
    void submit(body, async (input) => {
      await kind.create(merchantId, input);
      onCreated();
    });
  }

  const releaseOptions = releases.options;
  const windowError = errors.maintenanceWindow;
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="rule-form">
      <div className="form-grid">
        <SelectField
          {...field('release')}
          name={kind.releaseField}
          error={errors[kind.releaseField]}
          labelId={kind.messages.release}
          placeholder={intl.formatMessage({ id: releaseOptions.length ? kind.messages.chooseRelease : kind.messages.noRelease })}
          options={releaseOptions}
        />
        <SelectField
          {...field('targetKind')}
          error={errors.target}
          labelId="rollouts.field.target"
          options={[
            { value: 'deviceType', label: intl.formatMessage({ id: kind.messages.everyOfDeviceType }) },
            { value: 'group', label: intl.formatMessage({ id: 'rollouts.target.group' }) },
            { value: 'machines', label: intl.formatMessage({ id: 'rollouts.target.machines' }) },
          ]}
        />
        {draft.targetKind === 'group' && (
          <SelectField
            {...field('groupId')}
            labelId="rollouts.field.group"
            placeholder={intl.formatMessage({ id: 'rollouts.chooseGroup' })}
            options={(groups.data?.[merchantId] ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        )}
        {draft.targetKind === 'machines' && <TextField {...field('serials')} labelId="rollouts.field.serials" multiline />}
        <TextField {...field('startAt')} labelId="rollouts.field.startAt" type="date" required />
        <SelectField
          {...field('wavesKind')}
          labelId="rollouts.field.wavesKind"
          options={(['count', 'rate'] as const).map((k) => ({ value: k, label: intl.formatMessage({ id: `rollouts.waves.${k}` }) }))}
        />
        <TextField {...field('waves')} error={errors.waves} labelId={draft.wavesKind === 'rate' ? 'rollouts.field.perHour' : 'rollouts.field.count'} required />
        <TextField {...field('minMachines')} labelId="rollouts.field.minMachines" required />
        <TextField {...field('failureThresholdPercent')} labelId="rollouts.field.failureThresholdPercent" required />
        <TextField {...field('machineTimeoutMinutes')} error={errors.machineTimeoutSeconds} labelId="rollouts.field.machineTimeoutMinutes" required />
      </div>
      <CheckboxField name="useWindow" labelId="rollouts.field.window" checked={useWindow} onChange={setUseWindow} />
      {useWindow && (
        <div className="form-grid">
          <TextField {...field('windowFrom')} error={windowError} labelId="rollouts.field.windowFrom" />
          <TextField {...field('windowTo')} labelId="rollouts.field.windowTo" />
        </div>
      )}
      <p className="form__hint">
        <FormattedMessage id="rollouts.window.hint" />
      </p>
      <div className="form__actions">
        <SubmitButton labelId="rollouts.create.submit" busy={saving} testId="rule-submit" />
      </div>
    </form>
  );
}
