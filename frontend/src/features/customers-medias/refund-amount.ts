import type { FieldError } from '../../lib/form-errors';
import { parseMoneyInput } from '../../lib/money-input';

/**
 * A refund as typed (major units of the merchant's currency) to minor units: above zero, in the currency's
 * decimals, and not above the merchant's maximum refund when it is known (the API checks it again, with what
 * the media already holds waiting). Pure: the dialogs show the error under the field.
 */
export function readRefund(
  text: string,
  currency: string,
  maximumRefund: number | null,
  locale: string,
): { ok: true; refund: number } | { ok: false; error: FieldError } {
  const parsed = parseMoneyInput(text, currency, { locale, ...(maximumRefund !== null ? { max: maximumRefund } : {}) });
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.minorUnits <= 0) return { ok: false, error: { messageId: 'medias.refund.error.positive' } };
  return { ok: true, refund: parsed.minorUnits };
}
