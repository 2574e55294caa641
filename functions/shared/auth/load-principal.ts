import type { Principal } from '../../core/shared/principal';
import { UnauthorizedUserException } from '../../core/users/errors';
import type { UserRepository } from '../../core/users/ports';
import type { RuntimeConfig } from '../config';
import { parseRoleClaim } from '../../../schemas/role-claim';
import type { IdentityClaims } from './verify-token';

/**
 * Memberships change rarely and every request needs them: a warm function keeps them for a short
 * while instead of reading the user record on each call. The role always comes from the token.
 */
const CACHE_MS = 15_000;
const CACHE_MAX = 1_000;
const cache = new Map<string, { at: number; merchantIds: string[]; groupIds: string[]; email: string }>();

export async function loadPrincipal(claims: IdentityClaims, config: RuntimeConfig, users: UserRepository, now = Date.now()): Promise<Principal> {
  const role = parseRoleClaim(claims['custom:roles'], config.tenant, config.defaultTenant);
  if (!role) throw new UnauthorizedUserException();
  let membership = cache.get(claims.sub);
  if (!membership || now - membership.at > CACHE_MS) {
    const user = await users.get(claims.sub);
    if (!user) throw new UnauthorizedUserException();
    membership = { at: now, merchantIds: user.merchantIds, groupIds: user.groupIds, email: user.email };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(claims.sub, membership);
  }
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
