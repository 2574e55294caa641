import * as z from 'zod/mini';
import { ANOMALY_SETTINGS_DEFAULTS, MAX_ANOMALY_OFFLINE_HOURS } from './anomaly-constants';

import { MerchantSettings, PRICES_SYNC } from './merchant-settings-entity';

export { MerchantSettings, PRICES_SYNC, SuperAdminSettings } from './merchant-settings-entity';

const int = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));

/** Defaults of spec §9 for a merchant that never saved settings. */
export const MERCHANT_SETTINGS_DEFAULTS = {
  deviceAssociationPin: '',
  maximumRefund: 0,
  peripheralEventsFrequencyMinutes: 60,
  scheduledAuditFrequencyHours: 24,
  minimumSignalLevel: 45,
  auditControlHours: 48,
  unlockCloudCreditHours: 24,
  pricesSync: 'IMMEDIATE',
  ...ANOMALY_SETTINGS_DEFAULTS,
} as const;

/** A fraction strictly between 0 and 1. */
const fraction = z.number().check(z.gt(0, 'must be greater than 0'), z.lt(1, 'must be less than 1'));

/**
 * Anomaly thresholds (issue 30 item 5; anomaly-constants.ts): optional in a save, where an absent one keeps its
 * current value (clients that predate them keep working).
 */
const AnomalySettingsInput = {
  anomalyProbability: z.optional(fraction),
  anomalyOfflineHours: z.optional(z.number().check(z.gt(0, 'must be greater than 0'), z.maximum(MAX_ANOMALY_OFFLINE_HOURS))),
  anomalyCashlessRatio: z.optional(fraction),
};

/** Merchant settings a merchant admin edits (spec §3). Money is in minor units of the merchant currency. */
export const MerchantSettingsInput = z.strictObject({
  deviceAssociationPin: z.string().check(z.regex(/^\d{8}$/, 'PIN must have 8 digits')),
  maximumRefund: int(0, 100_000_000),
  peripheralEventsFrequencyMinutes: int(1, 1440),
  scheduledAuditFrequencyHours: int(0, 720),
  minimumSignalLevel: int(0, 100),
  auditControlHours: int(0, 720),
  unlockCloudCreditHours: int(0, 720),
  pricesSync: z.enum(PRICES_SYNC),
  ...AnomalySettingsInput,
});
export type MerchantSettingsInput = z.infer<typeof MerchantSettingsInput>;

/** The answer of a regeneration: the settings and the new API token, the one time it is shown. */
export const RegeneratedApiToken = z.extend(MerchantSettings, { apiToken: z.string() });
export type RegeneratedApiToken = z.infer<typeof RegeneratedApiToken>;

const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^(https?|wss?)$/, error: 'invalid URL' })]);
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date'));

/** Settings only the super admin sees and sets (spec §3 super-admin settings). */
export const SuperAdminSettingsInput = z
  .strictObject({
    demo: z.boolean(),
    demoExpiration: z.nullable(isoDate),
    sapCode: z.string().check(z.trim(), z.maxLength(40)),
    webPortal: z.boolean(),
    webSocketUrl: optionalUrl,
    creditCardPmtUrl: optionalUrl,
    erpApi: z.boolean(),
    cogesKeyPortal: z.boolean(),
    screenConfigurationWhitelistExpiryDays: int(0, 3650),
    mobileApp: z.boolean(),
    /** 'NONE' or the name of an external OCF provider. */
    externalOcfService: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
    creditBackup: z.boolean(),
  })
  .check(z.refine((s) => !s.demo || s.demoExpiration !== null, { message: 'Demo licence needs an expiry date', path: ['demoExpiration'] }));
export type SuperAdminSettingsInput = z.infer<typeof SuperAdminSettingsInput>;

export const SUPER_ADMIN_SETTINGS_DEFAULTS: SuperAdminSettingsInput = {
  demo: false,
  demoExpiration: null,
  sapCode: '',
  webPortal: false,
  webSocketUrl: '',
  creditCardPmtUrl: '',
  erpApi: false,
  cogesKeyPortal: false,
  screenConfigurationWhitelistExpiryDays: 30,
  mobileApp: false,
  externalOcfService: 'NONE',
  creditBackup: false,
};
