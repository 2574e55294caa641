import * as z from 'zod/mini';

/** Merchant feature flags (spec §1). `{product}` in the spec is the cash-handling product: NEBULAR_CASH. */
export const FEATURE_FLAGS = [
  'ADVANCED_ALARMS',
  'CASHDB_UPDATE',
  'CUSTOMERS_MEDIA',
  'FIRMWARE_UPDATE',
  'NEBULAR_CASH',
  'NEBULAR_VENDING',
  'NETWORK',
  'PRODUCTS_STOCK',
  'REMOTE_CONFIGURATIONS',
  'TRANSACTIONS_DETAILS',
  'WEBPAYMENTS',
] as const;
/** A flag name; an unknown one is refused naming it (`unknown feature FOO`). */
export const FeatureFlag = z.enum(FEATURE_FLAGS, { error: (issue) => `unknown feature ${JSON.stringify(issue.input)}` });
export type FeatureFlag = z.infer<typeof FeatureFlag>;
