import * as z from 'zod/mini';
import { ClientId } from './client';
import { MerchantId } from './merchant';
import { numberIn } from './number-enum';
import { page, pageQuery } from './paging';
import { Serial } from './pos';

/** Licence status (spec §4): 0 pending, 1 sent, 2 confirmed, 3 activated, 4 deactivated, 5 unassigned, 6 expired. */
export const LICENSE_STATUS = { pending: 0, sent: 1, confirmed: 2, activated: 3, deactivated: 4, unassigned: 5, expired: 6 } as const;
export const LICENSE_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
/** Licence type: 0 none, 1 the cash product, 2 its demo (DEMO_LICENSE_DAYS at most, an expiry date required). */
export const LICENSE_TYPES = [0, 1, 2] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const DEMO_LICENSE_TYPE = 2;
export const DEMO_LICENSE_DAYS = 90;
/** A demo licence's client is warned by e-mail this many days before it expires (once). */
export const DEMO_EXPIRY_WARNING_DAYS = 7;
/** How long a licence's confirmation link works. */
export const LICENSE_LINK_HOURS = 72;
export const LICENSE_FEATURES = [
  'Connector_Basic',
  'CIT_Basic',
  'Demo',
  'CIT_DateValue',
  'CIT_CollectionMoney',
  'Cashless_CogesKey',
  'Cashless_CardReader',
] as const;
/** Maintenance type: 0 unknown, 1 manufacturer, 2 distributor, 3 mixed. Operation mode: 0 assisted, 1 semi-assisted. */
export const MAINTENANCE_TYPES = [0, 1, 2, 3] as const;
export const OPERATION_MODES = [0, 1] as const;
/** Unassign cases: 0 remove the licence or broken machine, 1 change client, 2 end demo, 3 end licence. */
export const UNASSIGN_CASES = [0, 1, 2, 3] as const;
export type UnassignCase = (typeof UNASSIGN_CASES)[number];

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date'));

/** The client's data a licence is sent for, as the client confirms it (a copy of the merchant's client when sent). */
export const LicenseClient = z.object({
  clientId: z.string(),
  name: z.string(),
  companyName: z.string(),
  vat: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  province: z.string(),
  country: z.string(),
});
export type LicenseClient = z.infer<typeof LicenseClient>;

/** What the machine last reported of its licence (`licenseinfos`, over MQTT). */
export const LicenseReport = z.object({ licenseId: z.string(), features: z.array(z.string()), reportedAt: z.string() });

/** A machine's licence of the cash-handling connector (spec §3), one per machine. */
export const License = z.object({
  serial: z.string(),
  merchantId: z.string(),
  posName: z.string(),
  status: z.number(),
  type: z.number(),
  features: z.array(z.string()),
  organisation: z.string(),
  client: LicenseClient,
  /** Where the confirmation link is e-mailed. */
  email: z.string(),
  maintenanceType: z.number(),
  operationMode: z.number(),
  /** Demo licences: the last day it works (UTC); null for the others. */
  expiresOn: z.nullable(z.string()),
  unassignCase: z.nullable(z.number()),
  report: z.nullable(LicenseReport),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  activatedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type License = z.infer<typeof License>;

const email = z.email({ error: 'invalid email' }).check(z.maxLength(254));

/** Assigning a licence to a machine (POST /service-manager/license): a demo needs its expiry date, at most 90 days on. */
export const LicenseInput = z
  .strictObject({
    serial: Serial,
    type: numberIn(LICENSE_TYPES, 'invalid licence type'),
    features: z.array(z.enum(LICENSE_FEATURES)).check(z.maxLength(LICENSE_FEATURES.length)),
    organisation: z.string().check(z.trim(), z.minLength(1, 'organisation is required'), z.maxLength(150)),
    clientId: ClientId,
    email,
    maintenanceType: numberIn(MAINTENANCE_TYPES, 'invalid maintenance type'),
    operationMode: numberIn(OPERATION_MODES, 'invalid operation mode'),
    expiresOn: z._default(z.nullable(isoDate), null),
  })
  .check(z.refine((l) => l.type !== DEMO_LICENSE_TYPE || l.expiresOn !== null, { message: 'Demo licence needs an expiry date', path: ['expiresOn'] }));
export type LicenseInput = z.infer<typeof LicenseInput>;

export const LicenseSerialParams = z.strictObject({ id: Serial });
/** A merchant's licences, by machine serial; `status` narrows to one status. */
export const LicenseListQuery = pageQuery(['serial'], {
  merchantId: MerchantId,
  status: z.optional(numberIn(LICENSE_STATUSES, 'invalid licence status', true)),
});
export type LicenseListQuery = z.infer<typeof LicenseListQuery>;
export const LicensePage = page(License);

export const SendLicenseInput = z.strictObject({ serial: Serial });
export const UnassignLicenseInput = z.strictObject({ serial: Serial, case: numberIn(UNASSIGN_CASES, 'invalid unassign case') });
export const ChangeClientInput = z.strictObject({
  serial: Serial,
  clientId: ClientId,
  organisation: z.string().check(z.trim(), z.minLength(1, 'organisation is required'), z.maxLength(150)),
  email,
});

/** The public confirmation page: the token from the e-mailed link. */
export const LicenseTokenParams = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid token')) });
/** What the client sees before confirming: its data and the machine's, nothing else of the merchant. */
export const LicenseConfirmation = z.object({
  serial: z.string(),
  posName: z.string(),
  organisation: z.string(),
  client: LicenseClient,
  type: z.number(),
  features: z.array(z.string()),
  expiresOn: z.nullable(z.string()),
  status: z.number(),
});
export type LicenseConfirmation = z.infer<typeof LicenseConfirmation>;
