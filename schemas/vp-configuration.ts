/**
 * Visual programmer (VP) configurations (spec §2 devices vp/configurations, §3, §5, §8): a merchant's named machine
 * configuration for one vending device type, kept in versions, sent to machines by remote command 13 and downloaded as
 * a file for a USB key. Its content is the machine configuration the console already reads (schemas/pos-config.ts): the
 * settings a machine reports under fixed keys, plus further parameters by the keys the machine reports them with.
 */
import * as z from 'zod/mini';
import { VENDING_DEVICE_TYPES } from './device-types';
import { Language } from './language';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, pageQuery } from './paging';
import { Serial } from './pos-entity';
import { queryFlag } from './query';

const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** The machine configuration keys a VP configuration's version is reported under (the simulator reports them back). */
export const VP_ID_KEY = 'vp.id';
export const VP_VERSION_KEY = 'vp.version';
/** Keys the structured sections own: a parameter may not set them. */
export const VP_SECTION_KEYS = ['display.language', 'display.brightness', 'telemetry.pingSeconds', 'audit.scheduledHours'] as const;
export const MAX_VP_PARAMETERS = 2_000;
const CONFIG_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** What a VP configuration programs: the sections every machine reports, and further parameters by key. */
export const VpConfigContent = z.strictObject({
  display: z.strictObject({ language: Language, brightness: int(0, 100) }),
  telemetry: z.strictObject({ pingSeconds: int(5, 3600) }),
  audit: z.strictObject({ scheduledHours: int(1, 168) }),
  parameters: z._default(
    z.record(z.string().check(z.regex(CONFIG_KEY, 'parameter key: 1–64 of A-Z a-z 0-9 _ . -')), z.string().check(z.maxLength(1024))).check(
      z.refine((p) => Object.keys(p).length <= MAX_VP_PARAMETERS, `at most ${MAX_VP_PARAMETERS} parameters`),
      z.refine(
        (p) => Object.keys(p).every((k) => !k.startsWith('vp.') && !(VP_SECTION_KEYS as readonly string[]).includes(k)),
        'a parameter may not use a section’s key or the vp. prefix',
      ),
    ),
    {},
  ),
});
export type VpConfigContent = z.infer<typeof VpConfigContent>;

export const VpDeviceType = z.enum(VENDING_DEVICE_TYPES);

/**
 * POST/PUT body. `content` is checked by the use case against VpConfigContent so that invalid content answers the spec's
 * VpConfigNotValidException (400, with the fields' paths) rather than a generic validation error.
 */
export const VpConfigurationInput = z.strictObject({
  name: text(100),
  deviceType: VpDeviceType,
  content: z.record(z.string(), z.unknown()),
});
export type VpConfigurationInput = z.infer<typeof VpConfigurationInput>;

export const VpConfiguration = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  deviceType: z.string(),
  content: VpConfigContent,
  /** 1 at creation, one more at each update; earlier versions stay readable. */
  version: z.number(),
  /** The size of command 13's message carrying it (at most 64 KB). */
  bytes: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type VpConfiguration = z.infer<typeof VpConfiguration>;
export const VpConfigurationPage = page(VpConfiguration);
export const VpConfigurationListQuery = pageQuery(['name'] as const);

export const VpConfigurationId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid VP configuration id'));
export const VpConfigurationParams = z.strictObject({ id: MerchantId, configurationId: VpConfigurationId });

/** One kept version: what the configuration was when it was saved. */
export const VpConfigurationVersion = z.object({
  configurationId: z.string(),
  version: z.number(),
  name: z.string(),
  deviceType: z.string(),
  content: VpConfigContent,
  bytes: z.number(),
  savedAt: z.string(),
  savedBy: z.string(),
});
export type VpConfigurationVersion = z.infer<typeof VpConfigurationVersion>;
export const VpConfigurationVersionPage = page(VpConfigurationVersion);
export const VpConfigurationVersionQuery = z.strictObject(newestFirstPaging('version'));
export const VpConfigurationVersionParams = z.strictObject({
  id: MerchantId,
  configurationId: VpConfigurationId,
  version: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
});

export const MAX_VP_SEND_MACHINES = 50;
/** POST …/send: the machines to send the current version to (command 13), each of the configuration's device type. */
export const VpConfigurationSend = z.strictObject({
  serials: z.array(Serial).check(
    z.minLength(1, 'pick at least one machine'),
    z.maxLength(MAX_VP_SEND_MACHINES, `at most ${MAX_VP_SEND_MACHINES} machines`),
    z.refine((s) => new Set(s).size === s.length, 'a machine is repeated'),
  ),
});
export type VpConfigurationSend = z.infer<typeof VpConfigurationSend>;

export const VpConfigurationSendResult = z.object({
  version: z.number(),
  /** The remote command (type 13) each machine was sent. */
  sent: z.array(z.object({ serial: z.string(), commandId: z.string() })),
  /** Machines the command could not be stored or published for, with the code of why (e.g. RemoteCommandPendingException). */
  failed: z.array(z.object({ serial: z.string(), code: z.string() })),
});
export type VpConfigurationSendResult = z.infer<typeof VpConfigurationSendResult>;

/** GET …/download: the spec's download options (§3). The file is the version asked for, the current one by default. */
export const VpConfigurationDownloadQuery = z.strictObject({
  /** After this day (YYYY-MM-DD) the machine refuses the file. */
  expiresOn: z.optional(z.iso.date('expiresOn must be a date YYYY-MM-DD')),
  /** Only this machine takes the file: a device type code, a dash and 8 digits (CENG-00000001). */
  deviceSerial: z.optional(Serial),
  /** Only from this USB key. */
  usbSerial: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{4,64}$/, 'usbSerial: 4–64 of A-Z a-z 0-9 _ -'))),
  includeDeviceType: z._default(queryFlag, true),
  version: z.optional(VpConfigurationVersionParams.shape.version),
});
export type VpConfigurationDownloadQuery = z.infer<typeof VpConfigurationDownloadQuery>;

/** The downloaded file's document. */
export const VpConfigurationFile = z.object({
  format: z.literal('vp-configuration/1'),
  name: z.string(),
  version: z.number(),
  deviceType: z.optional(z.string()),
  expiresOn: z.optional(z.string()),
  deviceSerial: z.optional(z.string()),
  usbSerial: z.optional(z.string()),
  generatedAt: z.string(),
  values: z.record(z.string(), z.string()),
});
export type VpConfigurationFile = z.infer<typeof VpConfigurationFile>;

/** Where a configuration was sent: the machine, the version sent, the command's state, and the version the machine reports it runs. */
export const VpConfigurationPos = z.object({
  serial: z.string(),
  posName: z.string(),
  sentVersion: z.number(),
  sentAt: z.string(),
  sentBy: z.string(),
  commandId: z.string(),
  /** The command's status (spec §4), null when the command is gone. */
  commandStatus: z.nullable(z.number()),
  /** The version of this configuration the machine last reported running; null until it reports it. */
  runningVersion: z.nullable(z.number()),
  reportedAt: z.nullable(z.string()),
});
export type VpConfigurationPos = z.infer<typeof VpConfigurationPos>;
export const VpConfigurationPosPage = page(VpConfigurationPos);
export const VpConfigurationPosQuery = pageQuery(['serial'] as const);
