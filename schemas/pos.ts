import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { cursorParam, page, pageNumber, pageSize, rangeInOrder, searchText } from './paging';
import { commaList, queryFlag } from './query';
import { Connection, NetworkType, PointOfSale, PosNote, PosStatus, Serial } from './pos-entity';

export { Connection, NETWORK_TYPES, NetworkType, PointOfSale, PosNote, PosParams, PosStatus, SERIAL_PATTERN, Serial } from './pos-entity';

const dateOnly = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date'));

const id64 = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'));

/**
 * The merchant whose machines a list, count or export is about: every merchant-scoped list names it (the
 * console sends the merchant picked in the selector). "All distributors" has no machine list: 400.
 */
export const PosMerchantQuery = z.strictObject({ merchantId: MerchantId });

/**
 * List filters (spec §3): ranges are sent as *DateFrom / *DateTo (inclusive days, UTC), groupIds
 * comma-joined. Ordered by name (the only order an index keeps); `hidden=true` lists the hidden machines
 * instead of the visible ones.
 */
export const PosListQuery = z.strictObject({
  merchantId: MerchantId,
  page: z._default(pageNumber, 1),
  size: z._default(pageSize, 20),
  ord: z._default(z.enum(['name']), 'name'),
  ordType: z._default(z.enum(['asc', 'desc']), 'asc'),
  cursor: z.optional(cursorParam),
  lastUpdateDateFrom: z.optional(dateOnly),
  lastUpdateDateTo: z.optional(dateOnly),
  createdDateFrom: z.optional(dateOnly),
  createdDateTo: z.optional(dateOnly),
  warrantyDateFrom: z.optional(dateOnly),
  warrantyDateTo: z.optional(dateOnly),
  groupIds: z.optional(commaList(/^[A-Za-z0-9-]{1,64}$/, 50, 'comma-separated group ids')),
  clientId: z.optional(id64),
  planogramId: z.optional(z.string().check(z.maxLength(64))),
  hidden: z.optional(queryFlag),
  search: searchText,
});
export type PosListQuery = z.infer<typeof PosListQuery>;
export const PosPage = page(PointOfSale);

/** What an admin may edit on a machine; telemetry, dates and ownership are the server's. */
export const PosUpdate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  networkType: z.nullable(NetworkType),
  warrantyEnd: z.nullable(dateOnly),
  planogramId: z.nullable(id64),
});
export type PosUpdate = z.infer<typeof PosUpdate>;

/** A device joins a merchant with the merchant's 8-digit device-association PIN. */
export const PosJoin = z.strictObject({
  serial: Serial,
  pin: z.string().check(z.regex(/^\d{8}$/, 'PIN must have 8 digits')),
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
});

/** A machine in selectors (GET /pos/list). */
export const PosSummary = z.object({ serial: z.string(), name: z.string(), groupId: z.nullable(z.string()) });
export const PosSummaries = z.array(PosSummary);

/** GET /pos/counts: from counter items maintained on write (connection and status by ingestion). */
export const PosCounts = z.object({
  total: z.number(),
  visible: z.number(),
  hidden: z.number(),
  online: z.number(),
  offline: z.number(),
  unknown: z.number(),
  ok: z.number(),
  warning: z.number(),
  critical: z.number(),
});
export type PosCounts = z.infer<typeof PosCounts>;

/** GET /pos/{id}/status: what the device last reported. */
export const PosStatusView = z.object({
  serial: z.string(),
  connection: Connection,
  status: PosStatus,
  lastPingAt: z.nullable(z.string()),
  lastSaleAt: z.nullable(z.string()),
  lastAuditAt: z.nullable(z.string()),
  signalLevel: z.nullable(z.number()),
  temperature: z.nullable(z.number()),
  firmwareVersion: z.string(),
  networkType: z.nullable(NetworkType),
  publicIp: z.string(),
});
export type PosStatusView = z.infer<typeof PosStatusView>;

export const PosAssociateGroup = z.strictObject({ groupId: z.nullable(id64) });
export const PosAssociateClient = z.strictObject({ clientId: z.nullable(id64) });
export const PosAssociateNoVendProfile = z.strictObject({ noVendProfileId: z.nullable(id64) });
export const PosManageStock = z.strictObject({ manageStock: z.boolean() });

/** GET /pos/{id}/qrcode: the console link of the machine the QR code carries. */
export const PosQrCode = z.object({ url: z.string() });

export const PosNoteInput = z.strictObject({ note: z.string().check(z.trim(), z.minLength(1, 'note is required'), z.maxLength(2000)) });
/** Notes newest first unless ordType=asc. */
export const PosNoteQuery = z.strictObject({
  page: z._default(pageNumber, 1),
  size: z._default(pageSize, 20),
  ord: z._default(z.enum(['creationDate']), 'creationDate'),
  ordType: z._default(z.enum(['asc', 'desc']), 'desc'),
  cursor: z.optional(cursorParam),
});
export const PosNotePage = page(PosNote);

/** Signal or temperature readings between two instants (at most 31 days), oldest first. */
export const SensorHistoryQuery = z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }).check(
  rangeInOrder(),
  z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, { message: 'at most 31 days', path: ['to'] }),
);
export const SensorReading = z.object({ at: z.string(), value: z.nullable(z.number()) });
export const SensorHistory = z.array(SensorReading);
export type SensorReading = z.infer<typeof SensorReading>;
