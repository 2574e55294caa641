import * as z from 'zod/mini';
import { ANOMALY_SETTINGS_DEFAULTS } from './anomaly-constants';

/*
 * A merchant's settings as stored and answered. Apart from merchant-settings.ts (which re-exports them) so that the
 * record schemas that read settings items (the API token check on every request) bundle none of the input schemas.
 */

export const PRICES_SYNC = ['IMMEDIATE', 'AFTER_AUDIT'] as const;

export const MerchantSettings = z.object({
  merchantId: z.string(),
  deviceAssociationPin: z.string(),
  /**
   * Whether the merchant has an API token (the ERP's and the payment service's): the server generates it, stores only its
   * SHA-256 hash and shows it once, in the answer of its regeneration (RegeneratedApiToken).
   */
  apiTokenIssued: z.boolean(),
  maximumRefund: z.number(),
  peripheralEventsFrequencyMinutes: z.number(),
  scheduledAuditFrequencyHours: z.number(),
  minimumSignalLevel: z.number(),
  auditControlHours: z.number(),
  unlockCloudCreditHours: z.number(),
  pricesSync: z.enum(PRICES_SYNC),
  /** Settings saved before the anomaly thresholds existed read as the defaults. */
  anomalyProbability: z._default(z.number(), ANOMALY_SETTINGS_DEFAULTS.anomalyProbability),
  anomalyOfflineHours: z._default(z.number(), ANOMALY_SETTINGS_DEFAULTS.anomalyOfflineHours),
  anomalyCashlessRatio: z._default(z.number(), ANOMALY_SETTINGS_DEFAULTS.anomalyCashlessRatio),
  updatedAt: z.string(),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export const SuperAdminSettings = z.object({
  merchantId: z.string(),
  demo: z.boolean(),
  demoExpiration: z.nullable(z.string()),
  sapCode: z.string(),
  webPortal: z.boolean(),
  webSocketUrl: z.string(),
  creditCardPmtUrl: z.string(),
  erpApi: z.boolean(),
  cogesKeyPortal: z.boolean(),
  screenConfigurationWhitelistExpiryDays: z.number(),
  mobileApp: z.boolean(),
  externalOcfService: z.string(),
  creditBackup: z.boolean(),
  updatedAt: z.string(),
});
export type SuperAdminSettings = z.infer<typeof SuperAdminSettings>;
