/**
 * The registry lookup of a serial (ACCESS-PATTERNS 15) kept per warm function for a short time, for the paths a
 * remote command repeats: each acknowledgement of the device and each poll of the device tab would otherwise read it
 * again. A machine moved to another merchant or group, or deleted, is served from the cache at most
 * REGISTRATION_CACHE_MS after the change; `fresh` reads the registry itself (and refreshes the cache), for the
 * callers that check a miss again (an acknowledgement whose command is not under the cached merchant, a refused scope).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeviceRegistration } from '../../core/devices/model';
import type { RegistrationLookup } from '../../core/remote-commands/ports';
import { readRegistration } from './registrations';

/** How long a registration read is reused (also the longest a moved or deleted machine is served as it was). */
export const REGISTRATION_CACHE_MS = 5_000;
/** Serials kept at most (the oldest go first). */
const MAX_ENTRIES = 10_000;

/** `cached` reads at most REGISTRATION_CACHE_MS old; an unknown serial is never kept. */
export function registrationCache(
  read: (serial: string) => Promise<DeviceRegistration | undefined>,
  ttlMs = REGISTRATION_CACHE_MS,
  nowMs: () => number = Date.now,
): RegistrationLookup {
  const entries = new Map<string, { registration: DeviceRegistration; until: number }>();
  const fresh = async (serial: string) => {
    const registration = await read(serial);
    entries.delete(serial);
    if (registration) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(serial, { registration, until: nowMs() + ttlMs });
    }
    return registration;
  };
  return {
    fresh,
    async cached(serial) {
      const entry = entries.get(serial);
      return entry && entry.until > nowMs() ? entry.registration : fresh(serial);
    },
  };
}

/** The table's registry behind a cache. */
export const registryCache = (doc: DynamoDBDocumentClient, tableName: string) => registrationCache((serial) => readRegistration(doc, tableName, serial));
