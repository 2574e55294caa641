import type { ClientInput } from '#schemas/client';
import { countries } from '../collections/reference-data';
import { ValidationError } from '../shared/domain-error';

/**
 * VAT numbers: the national format of the EU and UK countries the console serves (prefix optional),
 * else a generic pattern (2–20 letters, digits, dots, dashes, slashes). Formats only: no check digits.
 */
const VAT_PATTERNS: Record<string, RegExp> = {
  AT: /^(AT)?U\d{8}$/,
  BE: /^(BE)?[01]\d{9}$/,
  CZ: /^(CZ)?\d{8,10}$/,
  DE: /^(DE)?\d{9}$/,
  ES: /^(ES)?[0-9A-Z]\d{7}[0-9A-Z]$/,
  FR: /^(FR)?[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GB: /^(GB)?(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  IE: /^(IE)?\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^(IT)?\d{11}$/,
  NL: /^(NL)?\d{9}B\d{2}$/,
  PT: /^(PT)?\d{9}$/,
  RO: /^(RO)?\d{2,10}$/,
};
const GENERIC_VAT = /^[0-9A-Z][0-9A-Z./-]{1,19}$/;

export function isValidVat(country: string, vat: string): boolean {
  const compact = vat.replace(/[\s.-]/g, '').toUpperCase();
  return (VAT_PATTERNS[country] ?? GENERIC_VAT).test(country in VAT_PATTERNS ? compact : vat.toUpperCase());
}

/** The country-dependent checks of a client (spec §5: invalid VAT, postal code); 400 with the field paths. */
export function validateClient(input: ClientInput): void {
  const details: Array<{ path: string; message: string }> = [];
  const country = countries.find((c) => c.code === input.country);
  if (!country) details.push({ path: 'body.country', message: 'unknown country' });
  else if (input.postalCode && !new RegExp(country.postalCodePattern).test(input.postalCode))
    details.push({ path: 'body.postalCode', message: 'invalid postal code' });
  if (input.vat && !isValidVat(input.country, input.vat)) details.push({ path: 'body.vat', message: 'invalid VAT' });
  if (details.length) throw new ValidationError('ValidationException', 'The request is not valid', details);
}
