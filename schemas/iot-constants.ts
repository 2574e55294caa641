/*
 * Zod-free constants of the device messages, which iot.ts re-exports: core and adapters that only need a limit or a
 * code bundle none of the message schemas.
 */

/** Device → cloud message kinds, one per topic `vend/{serial}/{kind}` (DESIGN.md §6). */
export const DEVICE_MESSAGE_TYPES = [
  'telemetry',
  'sales',
  'alarms',
  'audit',
  'config',
  'commands/ack',
  'sensors',
  'cash-acceptance',
  'cash-movements',
  'device-errors',
] as const;

/** IoT Core limits (domain notes): device → cloud 128 KB, cloud → device 64 KB (spec §5). */
export const MAX_DEVICE_MESSAGE_BYTES = 128 * 1024;
export const MAX_CLOUD_MESSAGE_BYTES = 64 * 1024;

/** Spec §4 audit origins: 0 undefined, 1 user, 2 scheduled, 3 remote, 4 remote plus refill, 5 initial, 6 price change. */
export const AUDIT_ORIGINS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Spec §3 audit ports. */
export const AUDIT_PORTS = ['auto', 'cashless', 'machine', 'coinChanger', 'internal'] as const;

/** Spec §4 remote command results: 0 success, 1 id not supported, 2 unspecified error, 3 unspecified warning. */
export const COMMAND_RESULTS = { success: 0, idNotSupported: 1, unspecifiedError: 2, unspecifiedWarning: 3 } as const;
