import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import * as z from 'zod/mini';
import { VpConfigurationDownloadQuery, type VpConfiguration } from '#schemas/vp-configuration';
import { saveFile } from '../../../components/data-table/csv';
import { CheckboxField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/form-errors';
import { downloadVpConfiguration, type VpDownloadOptions } from '../api/download-vp-configuration';
import { vpErrorMessageId } from '../messages';

const FIELDS = ['expiresOn', 'deviceSerial', 'usbSerial'] as const;
const EMPTY: VpDownloadOptions = { expiresOn: '', deviceSerial: '', usbSerial: '', includeDeviceType: true };

/** The fields the shared query schema refuses (empty ones are left out of the request). */
function check(o: VpDownloadOptions): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of FIELDS) {
    const value = o[f].trim();
    if (value && !z.safeParse(VpConfigurationDownloadQuery.shape[f], value).success) errors[f] = { messageId: `vpConfigurations.download.invalid.${f}` };
  }
  return errors;
}

/** Downloads the current version as the file a machine takes from a USB key, with the spec's options (§3). */
export function VpDownloadCard({ configuration: c }: { configuration: VpConfiguration }) {
  const { showToast } = useToast();
  const [options, setOptions] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof VpDownloadOptions) => (value: string | boolean) => setOptions((o) => ({ ...o, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = check(options);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const file = await downloadVpConfiguration(c.merchantId, c.id, options);
      saveFile(file.fileName ?? `${c.name}.vpc.json`, file.blob);
      showToast({ kind: 'success', messageId: 'vpConfigurations.downloaded' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400)
        setErrors(Object.fromEntries((e.details ?? []).map((d) => [d.path.replace(/^query\./, ''), { messageId: 'errors.validation.invalid' }])));
      showToast({ kind: 'error', messageId: vpErrorMessageId(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="vp-download">
      <h2>
        <FormattedMessage id="vpConfigurations.download.title" />
      </h2>
      <div className="form-grid">
        <TextField
          name="expiresOn"
          type="date"
          value={options.expiresOn}
          onChange={set('expiresOn')}
          error={errors.expiresOn}
          labelId="vpConfigurations.download.expiresOn"
        />
        <TextField
          name="deviceSerial"
          value={options.deviceSerial}
          onChange={set('deviceSerial')}
          error={errors.deviceSerial}
          labelId="vpConfigurations.download.deviceSerial"
          hint={<FormattedMessage id="vpConfigurations.download.deviceSerialHint" values={{ example: `${c.deviceType}-00000001` }} />}
        />
        <TextField
          name="usbSerial"
          value={options.usbSerial}
          onChange={set('usbSerial')}
          error={errors.usbSerial}
          labelId="vpConfigurations.download.usbSerial"
        />
      </div>
      <CheckboxField
        name="includeDeviceType"
        checked={options.includeDeviceType}
        onChange={set('includeDeviceType')}
        labelId="vpConfigurations.download.includeDeviceType"
      />
      <div className="form__actions">
        <SubmitButton labelId="vpConfigurations.download.submit" busy={busy} testId="vp-download-submit" />
      </div>
    </form>
  );
}
