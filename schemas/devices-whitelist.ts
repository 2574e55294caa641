/**
 * The devices (enrolment) whitelist of a merchant (spec §2 /manage/screen-configuration-whitelist and its create
 * screen, super admin and merchant admin; §3 enrolment whitelist; §7 /devices-whitelist): the devices allowed to
 * enrol, each until the expiry the super admin set for the merchant (super-admin setting "screen configuration
 * whitelist expiry", in days). An expired entry is refused.
 *
 * - GET /devices-whitelist?merchantId=m: the entries, expired ones marked; POST adds one (adding a serial again renews it).
 * - GET /devices-whitelist/{serial}?merchantId=m: whether the device may enrol: its entry, or 410
 *   DevicesWhitelistEntryExpiredException, or 404 DevicesWhitelistEntryNotFoundException. DELETE removes it.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { Serial } from './pos-entity';

export const MAX_WHITELIST_ENTRIES = 500;

export const DevicesWhitelistQuery = z.strictObject({ merchantId: MerchantId });
export const DevicesWhitelistParams = z.strictObject({ serial: Serial });

export const DevicesWhitelistInput = z.strictObject({
  serial: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]+-\d{8}$/, 'serial must look like CENG-00000001')),
  description: z._default(z.string().check(z.trim(), z.maxLength(200, 'description: at most 200 characters')), ''),
});
export type DevicesWhitelistInput = z.infer<typeof DevicesWhitelistInput>;

export const DevicesWhitelistEntry = z.object({
  merchantId: z.string(),
  serial: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** The entry's end: creation (or renewal) plus the merchant's expiry days. */
  validUntil: z.string(),
  expired: z.boolean(),
});
export type DevicesWhitelistEntry = z.infer<typeof DevicesWhitelistEntry>;
export const DevicesWhitelistEntries = z.object({ items: z.array(DevicesWhitelistEntry), expiryDays: z.number() });
