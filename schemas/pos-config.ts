import * as z from 'zod/mini';
import { ConfigPayload } from './iot';
import { cursorParam, page, pageNumber, pageSize } from './paging';
import { Connection, Serial } from './pos-entity';

/** Name → value, with the rules of what devices report (ConfigPayload): key pattern, value length, how many. */
export const ConfigValues = ConfigPayload.shape.values;
export type ConfigValues = z.infer<typeof ConfigValues>;

/**
 * A reported configuration of one machine: `{epoch ms of reportedAt}-{messageId}`. It names an item of the
 * machine's own partition only (the key is built from the machine the caller may see).
 */
export const HistoricalConfigId = z.string().check(z.regex(/^\d{1,15}-[A-Za-z0-9_-]{8,64}$/, 'invalid historical configuration id'));
export const HistoricalConfigParams = z.strictObject({ id: Serial, historicalId: HistoricalConfigId });

/** Spec §3 "config and prices sync": `sync` once the device reports the custom config's values, else `pending`. */
export const SYNC_STATES = ['sync', 'pending'] as const;
export const ConfigSync = z.object({
  state: z.enum(SYNC_STATES),
  /** When the device and the custom config last agreed (null while pending). */
  lastSyncAt: z.nullable(z.string()),
  /** Who set the custom config the device runs (null while pending). */
  lastSyncBy: z.nullable(z.string()),
});
export type ConfigSync = z.infer<typeof ConfigSync>;

const StringMap = z.record(z.string(), z.string());

/** GET /pos/{id}/configs: the latest reported configuration (null values: never reported) and, with a custom config, its sync. */
export const PosConfigs = z.object({
  serial: z.string(),
  values: z.nullable(StringMap),
  reportedAt: z.nullable(z.string()),
  sync: z.nullable(ConfigSync),
});
export type PosConfigs = z.infer<typeof PosConfigs>;

export const HistoricalConfigSummary = z.object({ id: z.string(), reportedAt: z.string(), valueCount: z.number() });
export type HistoricalConfigSummary = z.infer<typeof HistoricalConfigSummary>;
export const HistoricalConfigPage = page(HistoricalConfigSummary);

const instant = z.optional(z.iso.datetime({ offset: true }));
/** Reported configurations newest first unless ordType=asc; `from`/`to` bound reportedAt (inclusive). */
export const HistoricalConfigQuery = z
  .strictObject({
    page: z._default(pageNumber, 1),
    size: z._default(pageSize, 20),
    ord: z._default(z.enum(['reportedAt']), 'reportedAt'),
    ordType: z._default(z.enum(['asc', 'desc']), 'desc'),
    cursor: z.optional(cursorParam),
    from: instant,
    to: instant,
  })
  .check(z.refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to', path: ['to'] }));

export const HistoricalConfig = z.object({ id: z.string(), serial: z.string(), reportedAt: z.string(), values: StringMap });
export type HistoricalConfig = z.infer<typeof HistoricalConfig>;

/** Spec §3 "custom config origin 0 or 3": 0 set in the console, 3 changed on the device (or via the ERP API). */
export const CustomConfigOrigin = z.union([z.literal(0), z.literal(3)]);

export const CustomConfig = z.object({
  serial: z.string(),
  values: StringMap,
  origin: CustomConfigOrigin,
  updatedAt: z.string(),
  updatedBy: z.string(),
  sync: ConfigSync,
});
export type CustomConfig = z.infer<typeof CustomConfig>;

export const CustomConfigInput = z.strictObject({ values: ConfigValues });
export type CustomConfigInput = z.infer<typeof CustomConfigInput>;

/** GET /pos/{id}/last-sensors-info: what the machine last reported about itself (TELEMETRY item). */
export const LastSensorsInfo = z.object({
  serial: z.string(),
  signalLevel: z.nullable(z.number()),
  temperature: z.nullable(z.number()),
  lastPingAt: z.nullable(z.string()),
  connection: Connection,
});
export type LastSensorsInfo = z.infer<typeof LastSensorsInfo>;
