import { useMemo, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { CURRENCIES, LANGUAGES } from '#schemas/collections';
import { MerchantInput, type Merchant } from '#schemas/merchant';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useFormat } from '../../../lib/format';
import { useCollections } from '../../../lib/resources/get-collections';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../use-form-submit';

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
  const {
    name,
    screenConfigurationManagement,
    country,
    language,
    timezone,
    currency,
    legalInfo,
    contactPerson,
    contactEmail,
    licence,
    defaultWarranty,
    extendedWarranty,
  } = m;
  return {
    name,
    screenConfigurationManagement,
    country,
    language,
    timezone,
    currency,
    legalInfo,
    contactPerson,
    contactEmail,
    licence,
    defaultWarranty,
    extendedWarranty,
  };
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
  const { errors, saving, submit } = useFormSubmit(MerchantInput, successMessageId);
  const { draft, setDraft, set, field } = useDraft(initial, errors);

  const format = useFormat();
  const options = useMemo(() => {
    return {
      countries: format.countryOptions((collections.data?.countries ?? []).map((c) => c.code)),
      languages: LANGUAGES.map((code) => ({ value: code, label: format.language(code) })),
      timezones: (collections.data?.timezones ?? []).map((tz) => ({ value: tz.id, label: `${tz.id} (${tz.offset})` })),
      currencies: format.currencyOptions(CURRENCIES),
    };
  }, [collections.data, format]);
  // A zone the list does not name (e.g. the browser's 'UTC') stays selectable rather than silently replaced.
  const timezones = options.timezones.some((o) => o.value === draft.timezone)
    ? options.timezones
    : [{ value: draft.timezone, label: draft.timezone }, ...options.timezones];

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
  const choose = intl.formatMessage({ id: 'merchants.field.choose' });
  return (
    <form className="card form merchant-form" onSubmit={onSubmit} noValidate data-testid="merchant-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="merchants.field.name" />
        <TextField {...field('contactEmail')} labelId="merchants.field.contactEmail" type="email" />
        <TextField {...field('contactPerson')} labelId="merchants.field.contactPerson" />
        <SelectField {...field('country')} labelId="merchants.field.country" onChange={pickCountry} options={options.countries} placeholder={choose} />
        <SelectField {...field('currency')} labelId="merchants.field.currency" options={options.currencies} />
        <SelectField {...field('language')} labelId="merchants.field.language" options={options.languages} />
        <SelectField {...field('timezone')} labelId="merchants.field.timezone" options={timezones} placeholder={choose} />
        <TextField {...field('licence')} labelId="merchants.field.licence" />
        <NumberField {...field('defaultWarranty')} labelId="merchants.field.defaultWarranty" min={0} max={WARRANTY_MAX_MONTHS} hint={months} />
        <NumberField {...field('extendedWarranty')} labelId="merchants.field.extendedWarranty" min={0} max={WARRANTY_MAX_MONTHS} hint={months} />
      </div>
      <TextField {...field('legalInfo')} labelId="merchants.field.legalInfo" multiline />
      <CheckboxField
        name="screenConfigurationManagement"
        labelId="merchants.field.screenConfigurationManagement"
        checked={draft.screenConfigurationManagement}
        onChange={set('screenConfigurationManagement')}
      />
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="merchant-submit" />
      </div>
    </form>
  );
}
