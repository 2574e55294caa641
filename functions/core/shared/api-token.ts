import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const NO_HASH = Buffer.alloc(32);

/** A new API token: 192 random bits, so one SHA-256 (no slow hash) is all its stored form needs. */
export const newApiToken = () => randomBytes(24).toString('base64url');

/** What is stored of an API token (merchant settings `apiTokenHash`): its SHA-256, hex. */
export const hashApiToken = (token: string) => digest(token).toString('hex');

/**
 * A token given by a caller against the stored hash of a merchant's API token, in time independent of where they
 * differ: both sides are 32-byte digests, and a missing hash is compared with zeros, so no token (nor an empty one) matches it.
 */
export function tokenMatches(given: string, expectedHash: string): boolean {
  const valid = /^[0-9a-f]{64}$/.test(expectedHash);
  return timingSafeEqual(digest(given), valid ? Buffer.from(expectedHash, 'hex') : NO_HASH) && valid && given.length > 0;
}
