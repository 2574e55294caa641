import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ALARM_CATEGORIES,
  ALARM_CRITICITIES,
  ALARM_GROUPS,
  ALARM_SOURCES,
  MACHINE_TYPES,
  MasterAlarmCreate,
  MasterAlarmInput,
  MAX_TROUBLESHOOTING_BYTES,
  MCBF_VALUES,
  type MasterAlarm,
} from '#schemas/alarm';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { MASTER_ALARM_FORM_MESSAGES } from '../messages';

export type MasterAlarmDraft = Omit<MasterAlarm, 'createdAt' | 'updatedAt' | 'criticity'> & { criticity: string };

export const NEW_MASTER_ALARM: MasterAlarmDraft = {
  code: '',
  criticity: '2',
  machineType: 'Nebular Vending',
  source: 'none',
  group: 'none',
  message: '',
  category: 'fault',
  mcbf: '',
  level1: '',
  level2: '',
};

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

interface Props {
  initial: MasterAlarmDraft;
  /** Creating: the code is editable (it is the id afterwards). */
  creating: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: MasterAlarmCreate) => Promise<unknown>;
}

/** A master alarm: classification of its code and the level 1 / level 2 troubleshooting content (HTML, images inlined). */
export function MasterAlarmForm({ initial, creating, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(creating ? MasterAlarmCreate : MasterAlarmInput, successMessageId, MASTER_ALARM_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const bytes = new Blob([draft.level1, draft.level2]).size;
  const options = (values: readonly string[], messageId?: (v: string) => string) =>
    values.map((v) => ({ value: v, label: messageId ? intl.formatMessage({ id: messageId(v) }) : v }));

  async function addImage(level: 'level1' | 'level2', file: File | undefined) {
    if (!file) return;
    const src = await readAsDataUrl(file);
    setDraft((d) => ({ ...d, [level]: `${d[level]}<p><img src="${src}" alt="${file.name.replace(/"/g, '')}"></p>` }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { code, criticity, ...rest } = draft;
    void submit({ ...rest, criticity: Number(criticity), ...(creating ? { code } : {}) }, (input) => send({ ...input, code: creating ? code : initial.code }));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="master-alarm-form">
      <div className="form-grid">
        <TextField {...field('code')} labelId="troubleshooting.field.code" readOnly={!creating} required />
        <SelectField
          {...field('criticity')}
          labelId="alarms.field.criticity"
          options={ALARM_CRITICITIES.map((c) => ({ value: String(c), label: intl.formatMessage({ id: `alarms.criticity.${c}` }) }))}
        />
        <SelectField
          {...field('category')}
          onChange={(v) => setDraft((d) => ({ ...d, category: v as MasterAlarm['category'] }))}
          labelId="alarms.field.category"
          options={options(ALARM_CATEGORIES, (v) => `alarms.category.${v}`)}
        />
        <SelectField
          {...field('machineType')}
          onChange={(v) => setDraft((d) => ({ ...d, machineType: v as MasterAlarm['machineType'] }))}
          labelId="troubleshooting.field.machineType"
          options={options(MACHINE_TYPES)}
        />
        <SelectField
          {...field('source')}
          onChange={(v) => setDraft((d) => ({ ...d, source: v as MasterAlarm['source'] }))}
          labelId="troubleshooting.field.source"
          options={options(ALARM_SOURCES, (v) => `troubleshooting.source.${v}`)}
        />
        <SelectField
          {...field('group')}
          onChange={(v) => setDraft((d) => ({ ...d, group: v as MasterAlarm['group'] }))}
          labelId="troubleshooting.field.group"
          options={options(ALARM_GROUPS, (v) => `troubleshooting.group.${v}`)}
        />
        <SelectField
          {...field('mcbf')}
          onChange={(v) => setDraft((d) => ({ ...d, mcbf: v as MasterAlarm['mcbf'] }))}
          labelId="troubleshooting.field.mcbf"
          options={options(MCBF_VALUES, (v) => `troubleshooting.mcbf.${v || 'empty'}`)}
        />
        <TextField {...field('message')} labelId="alarms.field.message" required />
      </div>
      {(['level1', 'level2'] as const).map((level) => (
        <div key={level} className="troubleshooting-level">
          <TextField {...field(level)} labelId={`troubleshooting.field.${level}`} multiline />
          <label className="troubleshooting-level__image">
            <FormattedMessage id="troubleshooting.addImage" />{' '}
            <input type="file" accept="image/*" onChange={(e) => void addImage(level, e.target.files?.[0])} data-testid={`image-${level}`} />
          </label>
        </div>
      ))}
      <p className={bytes > MAX_TROUBLESHOOTING_BYTES ? 'form__error' : 'form__hint'} data-testid="troubleshooting-size">
        <FormattedMessage id="troubleshooting.size" values={{ used: Math.ceil(bytes / 1024), max: MAX_TROUBLESHOOTING_BYTES / 1024 }} />
      </p>
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="master-alarm-submit" />
      </div>
    </form>
  );
}
