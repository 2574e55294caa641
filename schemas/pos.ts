import * as z from 'zod/mini';
import { DEVICE_TYPES, DeviceTypeCode } from './collections';
import { page, pageQuery, searchText } from './paging';

/** A machine's serial and IoT thing name: device type code, dash, 8 digits (e.g. CENG-00000001). */
export const SERIAL_PATTERN = new RegExp(`^(${DEVICE_TYPES.join('|')})-\\d{8}$`);
export const Serial = z.string().check(z.regex(SERIAL_PATTERN, 'serial must be a device type code, a dash and 8 digits'));
export const PosParams = z.strictObject({ id: Serial });

export const NETWORK_TYPES = ['2G', '3G', '4G', '5G', 'Ethernet', 'Wifi'] as const;
export const NetworkType = z.enum(NETWORK_TYPES);
/** Spec §4: connection 0 offline, 1 online, 2 unknown; status 1 ok, 2 warning, 3 critical. */
export const Connection = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const PosStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * A point of sale (spec §3). The API addresses it by serial; it belongs to one merchant. Timestamps are
 * ISO strings or null; money fields do not live here.
 */
export const PointOfSale = z.object({
  id: z.string(),
  serial: z.string(),
  merchantId: z.string(),
  name: z.string(),
  deviceType: DeviceTypeCode,
  networkType: z.nullable(NetworkType),
  board: z.string(),
  modem: z.string(),
  simIccid: z.string(),
  simImsi: z.string(),
  simOperator: z.string(),
  imei: z.string(),
  macs: z.array(z.string()),
  publicIp: z.string(),
  firmwareVersion: z.string(),
  telemetryBoard: z.string(),
  lastAuditAt: z.nullable(z.string()),
  lastSaleAt: z.nullable(z.string()),
  lastPingAt: z.nullable(z.string()),
  signalLevel: z.nullable(z.number()),
  temperature: z.nullable(z.number()),
  connection: Connection,
  status: PosStatus,
  hidden: z.boolean(),
  warrantyEnd: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  groupId: z.nullable(z.string()),
  planogramId: z.nullable(z.string()),
  noVendProfileId: z.nullable(z.string()),
  manageStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointOfSale = z.infer<typeof PointOfSale>;

const dateOnly = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date'));

/** List filters (spec §3): ranges are sent as *DateFrom / *DateTo, groupIds comma-joined. */
export const PosListQuery = pageQuery(['name', 'serial', 'lastPingAt', 'createdAt'] as const, {
  lastUpdateDateFrom: z.optional(dateOnly),
  lastUpdateDateTo: z.optional(dateOnly),
  createdDateFrom: z.optional(dateOnly),
  createdDateTo: z.optional(dateOnly),
  warrantyDateFrom: z.optional(dateOnly),
  warrantyDateTo: z.optional(dateOnly),
  groupIds: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}(,[A-Za-z0-9-]{1,64}){0,49}$/, 'comma-separated group ids'))),
  clientId: z.optional(z.string().check(z.maxLength(64))),
  planogramId: z.optional(z.string().check(z.maxLength(64))),
  hidden: z.optional(z.enum(['true', 'false'])),
  search: searchText,
});
export const PosPage = page(PointOfSale);

/** What an admin may edit on a machine; telemetry, dates and ownership are the server's. */
export const PosUpdate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  networkType: z.nullable(NetworkType),
  warrantyEnd: z.nullable(dateOnly),
  planogramId: z.nullable(z.string().check(z.maxLength(64))),
});
export type PosUpdate = z.infer<typeof PosUpdate>;

/** A device joins a merchant with the merchant's 8-digit device-association PIN. */
export const PosJoin = z.strictObject({
  serial: Serial,
  pin: z.string().check(z.regex(/^\d{8}$/, 'PIN must have 8 digits')),
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
});
