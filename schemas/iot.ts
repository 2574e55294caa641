import * as z from 'zod/mini';
import { Serial } from './pos';

/** Device → cloud message kinds, one per topic `vend/{serial}/{kind}` (DESIGN.md §6). */
export const DEVICE_MESSAGE_TYPES = ['telemetry', 'sales', 'alarms', 'audit', 'config', 'commands/ack'] as const;

/** IoT Core limits (domain notes): device → cloud 128 KB, cloud → device 64 KB (spec §5). */
export const MAX_DEVICE_MESSAGE_BYTES = 128 * 1024;
export const MAX_CLOUD_MESSAGE_BYTES = 64 * 1024;

/** Every message is this envelope; `messageId` makes ingestion idempotent (QoS 1 duplicates are normal). */
export function envelope<T extends string, P extends z.core.$ZodType>(type: T, payload: P) {
  return z.strictObject({
    messageId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'messageId: 8–64 url-safe characters')),
    serial: Serial,
    sentAt: z.iso.datetime({ offset: true }),
    type: z.literal(type),
    payload,
  });
}
