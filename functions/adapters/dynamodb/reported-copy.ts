/**
 * What a machine reported, in the two places it is stored.
 *
 * The TELEMETRY item (written by ingestion on every ping batch) is the truth; the detail reads it. The POS item
 * carries a copy of the listed attributes under `reported*` names, so a devices page is one Query: ingestion
 * writes the copy on every connection change (inside the transition's transaction) and otherwise, from pings, at
 * most once every LIST_COPY_SECONDS (an hour; the POS item is in up to three indexes projected ALL, so a refresh
 * costs up to four item writes). API writes update only the record's attributes of the POS item
 * (`replaceAttributes`), so they never put back an older copy. A list therefore shows pings, signal and last sale up
 * to an hour late, and the connection and status exactly; the detail reads the TELEMETRY item.
 */
import * as z from 'zod/mini';
import { NetworkType } from '#schemas/pos-entity';
import type { Telemetry } from '../../core/devices/model';
import * as keys from './keys';
import { recordSchema } from './records';
import { setParts } from './update-expression';

type Item = Record<string, unknown>;

const LISTED = [
  'lastPingAt',
  'signalLevel',
  'temperature',
  'connection',
  'lastSaleAt',
  'lastAuditAt',
  'firmwareVersion',
  'networkType',
  'publicIp',
  'activeWarning',
  'activeBlocking',
] as const;
type Listed = (typeof LISTED)[number];

const copyName = (a: Listed) => `reported${a[0]!.toUpperCase()}${a.slice(1)}`;
export const REPORTED_COPY_ATTRIBUTES: readonly string[] = LISTED.map(copyName);
const COPIED_PING_AT = copyName('lastPingAt');

/** A reported value a ping may have sent as null (read as absent). */
const reported = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** The listed attributes, as a TELEMETRY item and the POS item's copy hold them. */
const listedShape = {
  lastPingAt: z.optional(z.string()),
  signalLevel: reported(z.number()),
  temperature: reported(z.number()),
  connection: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  lastSaleAt: z.optional(z.string()),
  lastAuditAt: z.optional(z.string()),
  firmwareVersion: reported(z.string()),
  networkType: reported(NetworkType),
  publicIp: reported(z.string()),
  activeWarning: z.optional(z.number()),
  activeBlocking: z.optional(z.number()),
} satisfies Record<Listed, z.ZodMiniType>;

/**
 * The record schema of a machine's TELEMETRY item (17): the listed attributes and the connection state ingestion keeps
 * (the newest ping's id, when it arrived, its online bucket, the newest stored sensor sample, when the list copy was
 * last refreshed). Every attribute is optional (an item holds what its machine reported so far); the other reported
 * fields (`imei`, `macs`, boards…) are not read from it.
 */
export const telemetryRecord = recordSchema(
  'telemetry',
  z.object({
    ...listedShape,
    lastPingMessageId: z.optional(z.string()),
    lastSeenAt: z.optional(z.number()),
    onlineBucket: z.optional(z.string()),
    sampleAt: z.optional(z.string()),
    sampleSignalLevel: z.optional(z.number()),
    sampleTemperature: z.optional(z.number()),
    listCopiedAt: z.optional(z.number()),
  }),
);

export type TelemetryRecord = ReturnType<typeof telemetryRecord.read>;

/**
 * The record schema of the copy a POS item carries (`reported*`), read beside `posRecord` (machine-items.ts) from the
 * same item: the key attributes and the record's own are not its.
 */
export const posCopyRecord = recordSchema('posReportedCopy', z.object(Object.fromEntries(LISTED.map((a) => [copyName(a), listedShape[a]]))));

/** The listed attributes present (not null), by their TELEMETRY names. */
function pick(values: Record<string, unknown>, name: (a: Listed) => string): Telemetry {
  const t: Record<string, unknown> = {};
  for (const a of LISTED) {
    const v = values[name(a)];
    if (v !== undefined && v !== null) t[a] = v;
  }
  return t as Telemetry;
}

/** The listed attributes of a parsed TELEMETRY item. */
export const listedTelemetry = (item: TelemetryRecord | undefined): Telemetry => (item ? pick(item, (a) => a) : {});

/** The listed attributes of a stored TELEMETRY item. */
export const telemetryOf = (item: Item | undefined): Telemetry => listedTelemetry(item && telemetryRecord.read(item));

/** The copy a POS item carries. */
export const copiedTelemetry = (posItem: Item): Telemetry => pick(posCopyRecord.read(posItem), copyName);

/** TELEMETRY-named attributes (extra ones ignored) → the copy's attribute names, for a SET. */
export function reportedCopy(telemetry: { readonly [A in Listed]?: unknown }): Item {
  const out: Item = {};
  for (const a of LISTED) if (telemetry[a] !== undefined && telemetry[a] !== null) out[copyName(a)] = telemetry[a];
  return out;
}

/**
 * The copy's update on the POS item (a transaction item's `Update`; the machine must exist). `forwardOnly`: not
 * over a copy of a later ping. Connection changes and alarm counts need no such guard: their transactions are
 * ordered by the TELEMETRY item's state they are conditioned on.
 */
export function posCopyUpdate(tableName: string, d: { merchantId: string; serial: string }, copy: Item, forwardOnly = false) {
  const set = setParts(copy, 'c');
  const at = forwardOnly ? copy[COPIED_PING_AT] : undefined;
  return {
    Update: {
      TableName: tableName,
      Key: keys.pos(d.merchantId, d.serial),
      UpdateExpression: `SET ${set.parts.join(', ')}`,
      ConditionExpression: at === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(#cp) OR #cp <= :cp)',
      ExpressionAttributeNames: { ...set.names, ...(at === undefined ? {} : { '#cp': COPIED_PING_AT }) },
      ExpressionAttributeValues: { ...set.values, ...(at === undefined ? {} : { ':cp': at }) },
    },
  };
}
