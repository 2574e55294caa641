import type { FieldErrors } from '../../lib/form-errors';
import type { Client } from '#schemas/client';

/** The client form's fields (spec §3), as text. */
export interface ClientDraft {
  code: string;
  name: string;
  companyName: string;
  vat: string;
  address: string;
  postalCode: string;
  city: string;
  province: string;
  country: string;
  phone: string;
  website: string;
}

/** A new client starts in the console's default country (Italy) until one is picked. */
export const DEFAULT_COUNTRY = 'IT';

export function newClientDraft(country = DEFAULT_COUNTRY): ClientDraft {
  return { code: '', name: '', companyName: '', vat: '', address: '', postalCode: '', city: '', province: '', country, phone: '', website: '' };
}

export function draftOfClient(c: Client): ClientDraft {
  const { code, name, companyName, vat, address, postalCode, city, province, country, phone, website } = c;
  return { code, name, companyName, vat, address, postalCode, city, province, country, phone, website };
}

/** A postal code worth looking up: 2 to 12 letters or digits (spaces and dashes allowed inside). */
export const canLookUpPostalCode = (code: string) => /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/.test(code.trim());

/** Spec §5 "invalid postal code" before anything is sent: the country's postal code format (reference collections). */
export function checkClientRules(
  input: { country: string; postalCode: string },
  countries: readonly { code: string; postalCodePattern: string }[],
): FieldErrors {
  const country = countries.find((c) => c.code === input.country);
  if (!country || input.postalCode === '' || !country.postalCodePattern) return {};
  try {
    return new RegExp(country.postalCodePattern).test(input.postalCode) ? {} : { postalCode: { messageId: 'errors.validation.postalCode' } };
  } catch {
    return {}; // a pattern this browser cannot read: the server checks it
  }
}
