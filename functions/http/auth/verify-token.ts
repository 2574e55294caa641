import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DomainError } from '../../core/shared/domain-error';
import type { RuntimeConfig } from '../../runtime/config';

export class UnauthenticatedError extends DomainError {
  constructor(reason: string) {
    super('UnauthorizedException', 'unauthorized', reason);
  }
}

export interface IdentityClaims extends JWTPayload {
  sub: string;
  email?: string;
  'custom:roles'?: string;
  token_use?: string;
}

let jwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

function keySet(url: string) {
  if (jwks?.url !== url) jwks = { url, set: createRemoteJWKSet(new URL(url), { cacheMaxAge: 600_000, cooldownDuration: 30_000 }) };
  return jwks.set;
}

/**
 * Verifies a Cognito ID token in the function itself (the local server has no API Gateway in front):
 * RS256 only, signature from the pool's JWKS, issuer, audience = app client, token_use = id, expiry.
 */
export async function verifyIdToken(authorization: string | undefined, cognito: RuntimeConfig['cognito']): Promise<IdentityClaims> {
  const match = /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) throw new UnauthenticatedError('Missing bearer token');
  try {
    const { payload } = await jwtVerify(match[1], keySet(cognito.jwksUrl), {
      algorithms: ['RS256'],
      issuer: cognito.issuer,
      audience: cognito.clientId,
      clockTolerance: 5,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.token_use !== 'id') throw new UnauthenticatedError('An ID token is required');
    return payload as IdentityClaims;
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    throw new UnauthenticatedError('Invalid or expired token');
  }
}
