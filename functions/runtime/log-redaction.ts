/**
 * What a log line never carries: values under secret-looking keys (passwords, tokens, PINs, API tokens,
 * the Authorization header, cookies) and, under any key, JWTs and bearer credentials found inside strings
 * (an error message or a client-chosen correlation id could hold one).
 */
const SECRET_KEY = /password|passwd|secret|token|authorization|cookie|credential|api[-_]?key|pin$/i;
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;
const BEARER = /\bBearer\s+[^\s"',;]+/gi;

export const REDACTED = '[redacted]';

/** A JSON.stringify replacer (Powertools' jsonReplacerFn). */
export function redact(key: string, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  if (key && SECRET_KEY.test(key)) return REDACTED;
  return typeof value === 'string' ? value.replace(JWT, REDACTED).replace(BEARER, `Bearer ${REDACTED}`) : value;
}
