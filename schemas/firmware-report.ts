/**
 * A machine's progress through a release it was sent (`vend/{serial}/firmware`, issue 32): the rollout the command named
 * (`rolloutId`, echoed as the command carried it) and the state it reached, with the reason of a failure. "updated" is
 * the machine's claim once it restarted: the rollout counts it only when the machine's telemetry reports the version.
 */
import * as z from 'zod/mini';
import { envelope } from './iot';

export const REPORTED_ROLLOUT_STATES = ['downloading', 'downloaded', 'verified', 'updating', 'updated', 'failed'] as const;

export const FirmwareStatePayload = z.strictObject({
  rolloutId: z.string().check(z.regex(/^[a-zA-Z]{1,20}:[0-9a-z]{9}-[0-9a-f]{12}:\d{1,6}$/, 'rolloutId: as the command carried it')),
  state: z.enum(REPORTED_ROLLOUT_STATES),
  /** Why it failed (a failed state only). */
  reason: z.optional(z.string().check(z.maxLength(200))),
  /** The version it now runs (an updated state). */
  version: z.optional(z.string().check(z.maxLength(32))),
});
export type FirmwareStatePayload = z.infer<typeof FirmwareStatePayload>;
export const FirmwareStateMessage = envelope('firmware', FirmwareStatePayload);
export type FirmwareStateMessage = z.infer<typeof FirmwareStateMessage>;
