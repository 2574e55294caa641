import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { SuperAdminSettingsInput, type SuperAdminSettings } from '#schemas/merchant-settings';
import { CheckboxField, NumberField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { saveSuperAdminSettings } from '../api/save-super-admin-settings';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../use-form-submit';

const NO_OCF_SERVICE = 'NONE';

type Draft = Omit<SuperAdminSettingsInput, 'demoExpiration' | 'externalOcfService'> & { demoExpiration: string; ocfService: boolean; ocfProvider: string };

/** Settings only the super admin sees (spec §3): demo, SAP code, portals, service URLs, external OCF service. */
export function SuperAdminSettingsForm({ merchantId, settings }: { merchantId: string; settings: SuperAdminSettings }) {
  const { errors, saving, submit } = useFormSubmit(SuperAdminSettingsInput, 'superAdminSettings.saved');
  const { draft, set, field } = useDraft<Draft>(
    () => ({
      demo: settings.demo,
      demoExpiration: settings.demoExpiration ?? '',
      sapCode: settings.sapCode,
      webPortal: settings.webPortal,
      webSocketUrl: settings.webSocketUrl,
      creditCardPmtUrl: settings.creditCardPmtUrl,
      erpApi: settings.erpApi,
      cogesKeyPortal: settings.cogesKeyPortal,
      screenConfigurationWhitelistExpiryDays: settings.screenConfigurationWhitelistExpiryDays,
      mobileApp: settings.mobileApp,
      ocfService: settings.externalOcfService !== NO_OCF_SERVICE,
      ocfProvider: settings.externalOcfService === NO_OCF_SERVICE ? '' : settings.externalOcfService,
      creditBackup: settings.creditBackup,
    }),
    errors,
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { ocfService, ocfProvider, ...rest } = draft;
    const input = { ...rest, demoExpiration: draft.demoExpiration || null, externalOcfService: ocfService ? ocfProvider : NO_OCF_SERVICE };
    void submit(input, (body) => saveSuperAdminSettings(merchantId, body));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="super-admin-settings-title" data-testid="super-admin-settings-form">
      <h2 id="super-admin-settings-title">
        <FormattedMessage id="superAdminSettings.title" />
      </h2>
      <div className="form-grid">
        <div className="form-stack">
          <CheckboxField name="demo" labelId="superAdminSettings.demo" checked={draft.demo} onChange={set('demo')} />
          {draft.demo && <TextField {...field('demoExpiration')} labelId="superAdminSettings.demoExpiration" type="date" />}
        </div>
        <TextField {...field('sapCode')} labelId="superAdminSettings.sapCode" />
        <TextField {...field('webSocketUrl')} labelId="superAdminSettings.webSocketUrl" type="url" />
        <TextField {...field('creditCardPmtUrl')} labelId="superAdminSettings.creditCardPmtUrl" type="url" />
        <NumberField
          {...field('screenConfigurationWhitelistExpiryDays')}
          labelId="superAdminSettings.screenConfigurationWhitelistExpiryDays"
          min={0}
          hint={<FormattedMessage id="superAdminSettings.unit.days" />}
        />
        <div className="form-stack">
          <CheckboxField name="ocfService" labelId="superAdminSettings.externalOcfService" checked={draft.ocfService} onChange={set('ocfService')} />
          {draft.ocfService && (
            <TextField
              name="externalOcfService"
              labelId="superAdminSettings.externalOcfProvider"
              value={draft.ocfProvider}
              onChange={set('ocfProvider')}
              error={errors.externalOcfService}
            />
          )}
        </div>
      </div>
      <div className="checkbox-grid">
        <CheckboxField name="webPortal" labelId="superAdminSettings.webPortal" checked={draft.webPortal} onChange={set('webPortal')} />
        <CheckboxField name="erpApi" labelId="superAdminSettings.erpApi" checked={draft.erpApi} onChange={set('erpApi')} />
        <CheckboxField name="cogesKeyPortal" labelId="superAdminSettings.cogesKeyPortal" checked={draft.cogesKeyPortal} onChange={set('cogesKeyPortal')} />
        <CheckboxField name="mobileApp" labelId="superAdminSettings.mobileApp" checked={draft.mobileApp} onChange={set('mobileApp')} />
        <CheckboxField name="creditBackup" labelId="superAdminSettings.creditBackup" checked={draft.creditBackup} onChange={set('creditBackup')} />
      </div>
      <div className="form__actions">
        <SubmitButton labelId="merchants.save" busy={saving} testId="super-admin-settings-submit" />
      </div>
    </form>
  );
}
