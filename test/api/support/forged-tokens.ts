import { SignJWT, decodeJwt, importJWK } from 'jose';
import { COGNITO_LOCAL_KID, COGNITO_LOCAL_SIGNING_KEY } from '../../../infra/local/emulators/cognito';

export const BAD_TOKEN_KINDS = ['none', 'expired', 'wrong-issuer', 'alg-none', 'wrong-audience'] as const;
export type BadTokenKind = (typeof BAD_TOKEN_KINDS)[number];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
let signingKey: ReturnType<typeof importJWK> | undefined;
const poolKey = () => (signingKey ??= importJWK(COGNITO_LOCAL_SIGNING_KEY.jwk, 'RS256'));

/**
 * Tokens that must be refused: each starts from a real token's claims and is signed with the pool's real
 * key, so only the one defect makes it invalid (alg none carries no signature at all).
 */
export async function badToken(kind: BadTokenKind, realToken: string): Promise<string | undefined> {
  if (kind === 'none') return undefined;
  const claims = decodeJwt(realToken);
  const now = Math.floor(Date.now() / 1000);
  if (kind === 'alg-none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const changed = {
    ...claims,
    ...(kind === 'expired' ? { iat: now - 7200, exp: now - 3600, auth_time: now - 7200 } : {}),
    ...(kind === 'wrong-issuer' ? { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_attacker' } : {}),
    ...(kind === 'wrong-audience' ? { aud: 'another-app-client' } : {}),
  };
  return new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: COGNITO_LOCAL_KID, typ: 'JWT' }).sign(await poolKey());
}

/** A correctly signed token with chosen claims (role-claim parsing tests). */
export async function signedToken(realToken: string, overrides: Record<string, unknown>): Promise<string> {
  return new SignJWT({ ...decodeJwt(realToken), ...overrides }).setProtectedHeader({ alg: 'RS256', kid: COGNITO_LOCAL_KID, typ: 'JWT' }).sign(await poolKey());
}
