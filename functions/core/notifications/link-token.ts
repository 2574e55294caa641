/**
 * The unsubscribe link's token: `{payload}.{signature}`, both base64url; the payload names the user and when the
 * link stops working, the signature is an HMAC-SHA256 of the payload with the stage's link key (a secret of the
 * stage, never in code). Forged, altered and expired tokens are told apart so the answer can say which.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

interface LinkPayload {
  /** User id. */
  u: string;
  /** Expiry, epoch seconds. */
  e: number;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUnsubscribeToken(key: string, userId: string, expiresAtMs: number): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, e: Math.floor(expiresAtMs / 1000) } satisfies LinkPayload)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUnsubscribeToken(key: string, token: string, nowMs: number): TokenCheck {
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length || !payload || !signature) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let parsed: Partial<LinkPayload>;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LinkPayload>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof parsed.u !== 'string' || typeof parsed.e !== 'number') return { ok: false, reason: 'invalid' };
  if (parsed.e * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, userId: parsed.u };
}
