import * as z from 'zod/mini';

/* Apart from collections.ts (which re-exports them) so that the schemas naming a currency bundle none of the reference data's. */

export const CURRENCIES = ['COP', 'CZK', 'EUR', 'GBP', 'QAR', 'RON', 'RSD', 'ZAR', 'MXN', 'UYU', 'CLP', 'BRL', 'PEN', 'PYG', 'USD'] as const;
export const CurrencyCode = z.enum(CURRENCIES);
export type CurrencyCode = z.infer<typeof CurrencyCode>;
