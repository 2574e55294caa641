import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CURRENCIES, LANGUAGES } from '../../../../../schemas/collections';
import { MerchantInput, type Merchant } from '../../../../../schemas/merchant';
import { Spinner } from '../../../components/Spinner';
import { useCollections } from '../../../lib/resources/get-collections';
import { useFormSubmit } from '../use-form-submit';
import { CheckboxField, NumberField, SelectField, TextField } from './fields';

/** The editable merchant fields as the form holds them; features are edited on the settings screen. */
export interface MerchantDraft {
  name: string;
  screenConfigurationManagement: boolean;
  country: string;
  language: string;
  timezone: string;
  currency: string;
  legalInfo: string;
  contactPerson: string;
  contactEmail: string;
  licence: string;
  defaultWarranty: number;
  extendedWarranty: number;
}

export function draftOf(m: Merchant): MerchantDraft {
  const { name, screenConfigurationManagement, country, language, timezone, currency, legalInfo, contactPerson, contactEmail, licence, defaultWarranty, extendedWarranty } = m;
  return { name, screenConfigurationManagement, country, language, timezone, currency, legalInfo, contactPerson, contactEmail, licence, defaultWarranty, extendedWarranty };
}

export function newDraft(language: string): MerchantDraft {
  return {
    name: '',
    screenConfigurationManagement: false,
    country: '',
    language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    currency: 'EUR',
    legalInfo: '',
    contactPerson: '',
    contactEmail: '',
    licence: '',
    defaultWarranty: 24,
    extendedWarranty: 0,
  };
}

const WARRANTY_MAX_MONTHS = 120;

interface MerchantFormProps {
  initial: MerchantDraft;
  features: readonly string[];
  submitLabelId: string;
  successMessageId: string;
  send: (input: MerchantInput) => Promise<unknown>;
}

export function MerchantForm({ initial, features, submitLabelId, successMessageId, send }: MerchantFormProps) {
  const intl = useIntl();
  const collections = useCollections();
  const [draft, setDraft] = useState(initial);
  const { errors, saving, submit } = useFormSubmit(MerchantInput, successMessageId);
  const set = <K extends keyof MerchantDraft>(key: K) => (value: MerchantDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const options = useMemo(() => {
    const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
    const languages = new Intl.DisplayNames([intl.locale], { type: 'language' });
    return {
      countries: (collections.data?.countries ?? [])
        .map((c) => ({ value: c.code, label: regions.of(c.code) ?? c.name }))
        .sort((a, b) => a.label.localeCompare(b.label, intl.locale)),
      languages: LANGUAGES.map((code) => ({ value: code, label: languages.of(code) ?? code })),
      timezones: (collections.data?.timezones ?? []).map((tz) => ({ value: tz.id, label: `${tz.id} (${tz.offset})` })),
      currencies: CURRENCIES.map((code) => ({ value: code, label: code })),
    };
  }, [collections.data, intl.locale]);
  // A zone the list does not name (e.g. the browser's 'UTC') stays selectable rather than silently replaced.
  const timezones = options.timezones.some((o) => o.value === draft.timezone) ? options.timezones : [{ value: draft.timezone, label: draft.timezone }, ...options.timezones];

  // A new country suggests its currency.
  function pickCountry(code: string) {
    const currency = collections.data?.countries.find((c) => c.code === code)?.currency;
    setDraft((d) => ({ ...d, country: code, currency: currency && (CURRENCIES as readonly string[]).includes(currency) ? currency : d.currency }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ ...draft, features: [...features] }, send);
  }

  const months = intl.formatMessage({ id: 'merchants.field.months' });
  return (
    <form className="card form merchant-form" onSubmit={onSubmit} noValidate data-testid="merchant-form">
      <div className="form-grid">
        <TextField name="name" labelId="merchants.field.name" value={draft.name} onChange={set('name')} error={errors.name} />
        <TextField name="contactEmail" labelId="merchants.field.contactEmail" type="email" value={draft.contactEmail} onChange={set('contactEmail')} error={errors.contactEmail} />
        <TextField name="contactPerson" labelId="merchants.field.contactPerson" value={draft.contactPerson} onChange={set('contactPerson')} error={errors.contactPerson} />
        <SelectField
          name="country"
          labelId="merchants.field.country"
          value={draft.country}
          onChange={pickCountry}
          options={options.countries}
          placeholder={intl.formatMessage({ id: 'merchants.field.choose' })}
          error={errors.country}
        />
        <SelectField name="currency" labelId="merchants.field.currency" value={draft.currency} onChange={set('currency')} options={options.currencies} error={errors.currency} />
        <SelectField name="language" labelId="merchants.field.language" value={draft.language} onChange={set('language')} options={options.languages} error={errors.language} />
        <SelectField
          name="timezone"
          labelId="merchants.field.timezone"
          value={draft.timezone}
          onChange={set('timezone')}
          options={timezones}
          placeholder={intl.formatMessage({ id: 'merchants.field.choose' })}
          error={errors.timezone}
        />
        <TextField name="licence" labelId="merchants.field.licence" value={draft.licence} onChange={set('licence')} error={errors.licence} />
        <NumberField
          name="defaultWarranty"
          labelId="merchants.field.defaultWarranty"
          value={draft.defaultWarranty}
          onChange={set('defaultWarranty')}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          hint={months}
          error={errors.defaultWarranty}
        />
        <NumberField
          name="extendedWarranty"
          labelId="merchants.field.extendedWarranty"
          value={draft.extendedWarranty}
          onChange={set('extendedWarranty')}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          hint={months}
          error={errors.extendedWarranty}
        />
      </div>
      <TextField name="legalInfo" labelId="merchants.field.legalInfo" multiline value={draft.legalInfo} onChange={set('legalInfo')} error={errors.legalInfo} />
      <CheckboxField
        name="screenConfigurationManagement"
        labelId="merchants.field.screenConfigurationManagement"
        checked={draft.screenConfigurationManagement}
        onChange={set('screenConfigurationManagement')}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving} data-testid="merchant-submit">
          {saving ? <Spinner size="small" /> : <FormattedMessage id={submitLabelId} />}
        </button>
      </div>
    </form>
  );
}
