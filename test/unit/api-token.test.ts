/** A merchant's API token is stored as its SHA-256 and compared with what a caller gives in constant time (core/shared/api-token.ts). */
import { describe, expect, it } from 'vitest';
import { hashApiToken, newApiToken, tokenMatches } from '../../functions/core/shared/api-token';

describe('an API token', () => {
  it('is 192 random bits, stored as a hash that is not the token', () => {
    const token = newApiToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newApiToken()).not.toBe(token);
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(token)).not.toContain(token);
  });

  it('matches its own hash only; nothing matches a missing or malformed hash', () => {
    const token = newApiToken();
    expect(tokenMatches(token, hashApiToken(token))).toBe(true);
    expect(tokenMatches(newApiToken(), hashApiToken(token))).toBe(false);
    expect(tokenMatches(token, token)).toBe(false);
    expect(tokenMatches('', '')).toBe(false);
    expect(tokenMatches('', hashApiToken(''))).toBe(false);
    expect(tokenMatches(token, 'zz'.repeat(32))).toBe(false);
  });
});
