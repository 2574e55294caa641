import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as z from 'zod/mini';
import { DEMO_LICENSE_TYPE, LICENSE_FEATURES, LICENSE_TYPES, LicenseInput, MAINTENANCE_TYPES, OPERATION_MODES } from '#schemas/licence';
import { FormDialog } from '../../../components/FormDialog';
import { CheckboxField, SelectField, TextField } from '../../../components/form/fields';
import { useToast } from '../../../components/toasts';
import { useMerchantClients } from '../../../lib/resources/get-merchant-clients';
import { useMerchantMachines } from '../../../lib/resources/get-merchant-machines';
import { assignLicense } from '../api/assign-license';
import { licenceErrorMessageId, MAINTENANCE_MESSAGES, OPERATION_MESSAGES, TYPE_MESSAGES } from '../messages';

const EMPTY = {
  serial: '',
  type: '1',
  features: [] as string[],
  organisation: '',
  clientId: '',
  email: '',
  maintenanceType: '0',
  operationMode: '0',
  expiresOn: '',
};
type Errors = Partial<Record<string, string>>;

/** Assigns a licence to one of the merchant's machines: a demo asks for its expiry date (at most 90 days on). */
export function AssignLicenseDialog({ merchantId, open, onClose }: { merchantId: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const machines = useMerchantMachines(open ? merchantId : null);
  const clients = useMerchantClients(open ? merchantId : null);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const error = (k: string) => (errors[k] ? { messageId: errors[k]! } : undefined);
  const label = (id: string) => intl.formatMessage({ id });

  async function submit() {
    const parsed = z.safeParse(LicenseInput, {
      ...draft,
      type: Number(draft.type),
      maintenanceType: Number(draft.maintenanceType),
      operationMode: Number(draft.operationMode),
      expiresOn: Number(draft.type) === DEMO_LICENSE_TYPE ? draft.expiresOn || null : null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), FIELD_MESSAGES[String(i.path[0])] ?? 'licence.form.invalid'])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await assignLicense(parsed.data);
      showToast({ kind: 'success', messageId: 'licence.assigned' });
      setDraft(EMPTY);
      onClose();
    } catch (e) {
      showToast({ kind: 'error', messageId: licenceErrorMessageId(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      titleId="licence.assign.title"
      submitLabelId="licence.assign.submit"
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
      wide
      testId="assign-license"
    >
      <div className="form-grid">
        <SelectField
          name="serial"
          labelId="licence.field.machine"
          value={draft.serial}
          onChange={set('serial')}
          error={error('serial')}
          placeholder={label('licence.form.choose')}
          options={(machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.name} · ${m.serial}` }))}
        />
        <SelectField
          name="clientId"
          labelId="licence.field.client"
          value={draft.clientId}
          onChange={set('clientId')}
          error={error('clientId')}
          placeholder={label('licence.form.choose')}
          options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <TextField
          name="organisation"
          labelId="licence.field.organisation"
          value={draft.organisation}
          onChange={set('organisation')}
          error={error('organisation')}
        />
        <TextField name="email" type="email" labelId="licence.field.email" value={draft.email} onChange={set('email')} error={error('email')} />
        <SelectField
          name="type"
          labelId="licence.field.type"
          value={draft.type}
          onChange={set('type')}
          options={LICENSE_TYPES.map((t) => ({ value: String(t), label: label(TYPE_MESSAGES[t]!) }))}
        />
        {Number(draft.type) === DEMO_LICENSE_TYPE && (
          <TextField
            name="expiresOn"
            type="date"
            labelId="licence.field.expiresOn"
            value={draft.expiresOn}
            onChange={set('expiresOn')}
            error={error('expiresOn')}
          />
        )}
        <SelectField
          name="maintenanceType"
          labelId="licence.field.maintenanceType"
          value={draft.maintenanceType}
          onChange={set('maintenanceType')}
          options={MAINTENANCE_TYPES.map((t) => ({ value: String(t), label: label(MAINTENANCE_MESSAGES[t]!) }))}
        />
        <SelectField
          name="operationMode"
          labelId="licence.field.operationMode"
          value={draft.operationMode}
          onChange={set('operationMode')}
          options={OPERATION_MODES.map((t) => ({ value: String(t), label: label(OPERATION_MESSAGES[t]!) }))}
        />
      </div>
      <fieldset className="form__group">
        <legend>{label('licence.field.features')}</legend>
        {LICENSE_FEATURES.map((f) => (
          <CheckboxField
            key={f}
            name={`feature-${f}`}
            label={f}
            checked={draft.features.includes(f)}
            onChange={(on) => setDraft((d) => ({ ...d, features: on ? [...d.features, f] : d.features.filter((x) => x !== f) }))}
          />
        ))}
      </fieldset>
    </FormDialog>
  );
}

/** The message of an invalid field. */
const FIELD_MESSAGES: Partial<Record<string, string>> = {
  serial: 'licence.form.machineRequired',
  clientId: 'licence.form.clientRequired',
  organisation: 'licence.form.organisationRequired',
  email: 'licence.form.emailInvalid',
  expiresOn: 'licence.form.expiryRequired',
};
