import * as z from 'zod/mini';
import { envelope } from './iot';

/** A machine's licence report (`vend/{serial}/licenseinfos`, spec §7 licenseinfos): the licence it runs and its features. */
export const LicenseInfoPayload = z.strictObject({
  licenseId: z.string().check(z.minLength(1), z.maxLength(100)),
  features: z.array(z.string().check(z.maxLength(60))).check(z.maxLength(20)),
});
export const LicenseInfoMessage = envelope('licenseinfos', LicenseInfoPayload);
export type LicenseInfoMessage = z.infer<typeof LicenseInfoMessage>;
