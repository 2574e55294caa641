import type { Principal } from '../../core/shared/principal';
import { UnauthorizedUserException } from '../../core/users/errors';
import type { UserRepository } from '../../core/users/ports';
import type { RuntimeConfig } from '../../runtime/config';
import { parseRoleClaim } from '#schemas/role-claim';
import type { Role } from '#schemas/roles';
import { DomainError } from '../../core/shared/domain-error';
import type { IdentityClaims } from './verify-token';

/** The token was issued before an administrator changed the user's role: a fresh token carries the new one. */
export class RoleChangedError extends DomainError {
  constructor() {
    super('RoleChangedException', 'unauthorized', 'Your role has changed: sign in again');
  }
}

/**
 * Memberships change rarely and every request needs them: a warm function keeps them for a short
 * while instead of reading the user record on each call. The role comes from the token and must equal
 * the record's, so a deleted or changed user loses its old access within CACHE_MS (at once in the
 * process that made the change: forgetPrincipal), not only when its token expires.
 */
const CACHE_MS = 15_000;
const CACHE_MAX = 1_000;
const cache = new Map<string, { at: number; role: Role; merchantIds: string[]; groupIds: string[]; email: string }>();

export async function loadPrincipal(claims: IdentityClaims, config: RuntimeConfig, users: Pick<UserRepository, 'get'>, now = Date.now()): Promise<Principal> {
  const role = parseRoleClaim(claims['custom:roles'], config.tenant, config.defaultTenant);
  if (!role) throw new UnauthorizedUserException();
  let membership = cache.get(claims.sub);
  if (!membership || now - membership.at > CACHE_MS) {
    const user = await users.get(claims.sub);
    if (!user) throw new UnauthorizedUserException();
    membership = { at: now, role: user.role, merchantIds: user.merchantIds, groupIds: user.groupIds, email: user.email };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(claims.sub, membership);
  }
  if (membership.role !== role) throw new RoleChangedError();
  const allMerchants = role === 'NEBULARSUPERADMIN';
  return {
    userId: claims.sub,
    email: claims.email ?? membership.email,
    role,
    merchantIds: allMerchants ? [] : membership.merchantIds,
    groupIds: role === 'NEBULARGROUPADMIN' ? membership.groupIds : [],
    allMerchants,
  };
}

/** Forget a user's cached memberships (after changing them in this process). */
export function forgetPrincipal(userId: string): void {
  cache.delete(userId);
}
