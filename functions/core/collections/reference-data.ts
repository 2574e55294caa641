import type { Collections } from '#schemas/collections';
import { CURRENCIES, type CurrencyCode } from '#schemas/currency';
import { CASH_DEVICE_TYPES, VENDING_DEVICE_TYPES } from '#schemas/device-types';

/** Spec §9: zero decimals for these currencies; amounts are integers in minor units. */
const ZERO_DECIMALS = new Set<CurrencyCode>(['COP', 'CLP', 'UYU', 'PYG', 'CZK']);
/** Spec §9 thousands separators; the decimal separator is the other of '.' and ','. */
const THOUSANDS: Partial<Record<CurrencyCode, string>> = { EUR: '.', RSD: '.', RON: '.', COP: '.', CZK: '.', ZAR: ' ', MXN: ',' };

export const currencies: Collections['currencies'] = CURRENCIES.map((code) => {
  const thousandsSeparator = THOUSANDS[code] ?? ',';
  return {
    code,
    decimals: ZERO_DECIMALS.has(code) ? 0 : 2,
    thousandsSeparator,
    decimalSeparator: thousandsSeparator === '.' ? ',' : '.',
  };
});

export const countries: Collections['countries'] = [
  { code: 'AT', name: 'Austria', currency: 'EUR', postalCodePattern: '^\\d{4}$' },
  { code: 'BE', name: 'Belgium', currency: 'EUR', postalCodePattern: '^\\d{4}$' },
  { code: 'BR', name: 'Brazil', currency: 'BRL', postalCodePattern: '^\\d{5}-?\\d{3}$' },
  { code: 'CL', name: 'Chile', currency: 'CLP', postalCodePattern: '^\\d{7}$' },
  { code: 'CO', name: 'Colombia', currency: 'COP', postalCodePattern: '^\\d{6}$' },
  { code: 'CZ', name: 'Czechia', currency: 'CZK', postalCodePattern: '^\\d{3} ?\\d{2}$' },
  { code: 'DE', name: 'Germany', currency: 'EUR', postalCodePattern: '^\\d{5}$' },
  { code: 'ES', name: 'Spain', currency: 'EUR', postalCodePattern: '^\\d{5}$' },
  { code: 'FR', name: 'France', currency: 'EUR', postalCodePattern: '^\\d{5}$' },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', postalCodePattern: '^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$' },
  { code: 'IE', name: 'Ireland', currency: 'EUR', postalCodePattern: '^[A-Z]\\d[\\dW] ?[A-Z\\d]{4}$' },
  { code: 'IT', name: 'Italy', currency: 'EUR', postalCodePattern: '^\\d{5}$' },
  { code: 'MX', name: 'Mexico', currency: 'MXN', postalCodePattern: '^\\d{5}$' },
  { code: 'NL', name: 'Netherlands', currency: 'EUR', postalCodePattern: '^\\d{4} ?[A-Z]{2}$' },
  { code: 'PE', name: 'Peru', currency: 'PEN', postalCodePattern: '^\\d{5}$' },
  { code: 'PT', name: 'Portugal', currency: 'EUR', postalCodePattern: '^\\d{4}-\\d{3}$' },
  { code: 'PY', name: 'Paraguay', currency: 'PYG', postalCodePattern: '^\\d{4,6}$' },
  { code: 'QA', name: 'Qatar', currency: 'QAR', postalCodePattern: '^.*$' },
  { code: 'RO', name: 'Romania', currency: 'RON', postalCodePattern: '^\\d{6}$' },
  { code: 'RS', name: 'Serbia', currency: 'RSD', postalCodePattern: '^\\d{5}$' },
  { code: 'US', name: 'United States', currency: 'USD', postalCodePattern: '^\\d{5}(-\\d{4})?$' },
  { code: 'UY', name: 'Uruguay', currency: 'UYU', postalCodePattern: '^\\d{5}$' },
  { code: 'ZA', name: 'South Africa', currency: 'ZAR', postalCodePattern: '^\\d{4}$' },
];

export const languages: Collections['languages'] = [
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'pt', name: 'Português' },
];

export const posSectors: Collections['posSectors'] = [
  { id: 'OFFICE', name: 'Office' },
  { id: 'INDUSTRY', name: 'Industry' },
  { id: 'SCHOOL', name: 'School and university' },
  { id: 'HEALTHCARE', name: 'Hospital and healthcare' },
  { id: 'TRANSPORT', name: 'Transport and stations' },
  { id: 'RETAIL', name: 'Retail' },
  { id: 'HOSPITALITY', name: 'Hotel and hospitality' },
  { id: 'SPORT', name: 'Sport and leisure' },
  { id: 'PUBLIC', name: 'Public administration' },
  { id: 'OTHER', name: 'Other' },
];

export const deviceTypes: Collections['deviceTypes'] = [
  ...CASH_DEVICE_TYPES.map((code) => ({ code, family: 'CASH' as const })),
  ...VENDING_DEVICE_TYPES.map((code) => ({ code, family: 'VENDING' as const })),
];

function utcOffset(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(Date.UTC(2026, 0, 1)))
    .find((p) => p.type === 'timeZoneName');
  return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? 'GMT+00:00');
}

let timezoneCache: Collections['timezones'] | undefined;
/** Every IANA zone the runtime knows, with its standard (January) offset. */
export function timezones(): Collections['timezones'] {
  timezoneCache ??= Intl.supportedValuesOf('timeZone').map((id) => ({ id, offset: utcOffset(id) }));
  return timezoneCache;
}
