import * as z from 'zod/mini';
import { DEVICE_TYPES, DeviceTypeCode } from './device-types';

/*
 * A machine and its notes as stored and answered, its serial and path parameters. Apart from pos.ts (which
 * re-exports them) so that record schemas, the other schemas naming a serial and other groups' routes bundle none of
 * the machine list queries and inputs.
 */

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
  /** When the reported state was last cleared (PUT /pos/{id}/reset); null if never. */
  resetAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointOfSale = z.infer<typeof PointOfSale>;

/** A machine note (spec §3). */
export const PosNote = z.object({
  id: z.string(),
  serial: z.string(),
  note: z.string(),
  createdBy: z.string(),
  creationDate: z.string(),
});
export type PosNote = z.infer<typeof PosNote>;
