import type { PointOfSale } from '#schemas/pos';

/** Spec §4: connection 0 offline, 1 online, 2 unknown. */
export const CONNECTION_MESSAGES: Record<PointOfSale['connection'], string> = {
  0: 'devices.connection.offline',
  1: 'devices.connection.online',
  2: 'devices.connection.unknown',
};
export const CONNECTION_TONE: Record<PointOfSale['connection'], 'ok' | 'bad' | 'neutral'> = { 0: 'bad', 1: 'ok', 2: 'neutral' };

/** Spec §4: status 1 ok, 2 warning, 3 critical. */
export const STATUS_MESSAGES: Record<PointOfSale['status'], string> = {
  1: 'devices.status.ok',
  2: 'devices.status.warning',
  3: 'devices.status.critical',
};
export const STATUS_TONE: Record<PointOfSale['status'], 'ok' | 'warn' | 'bad'> = { 1: 'ok', 2: 'warn', 3: 'bad' };

/** The device screen of a machine (its serial is its id). */
export const devicePath = (serial: string, tab = '') => `/devices/${encodeURIComponent(serial)}${tab ? `/${tab}` : ''}`;
