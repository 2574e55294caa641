import type { Principal } from './principal';

/** Whether a merchant-scoped id is inside the caller's tenancy (DESIGN.md §4). */
export function canSeeMerchant(principal: Principal, merchantId: string): boolean {
  return principal.allMerchants || principal.merchantIds.includes(merchantId);
}

/**
 * What of one merchant's group-scoped data (groups, and later machines and everything attached to them)
 * the caller may see: nothing (a foreign merchant: answer 404), all of it, or only the groups of a group
 * admin. Every merchant-scoped list narrows with this, so a group admin never sees past its groups.
 */
export type GroupScope = { kind: 'none' } | { kind: 'all' } | { kind: 'groups'; groupIds: readonly string[] };

export function groupScope(principal: Principal, merchantId: string): GroupScope {
  if (!canSeeMerchant(principal, merchantId)) return { kind: 'none' };
  if (principal.role === 'NEBULARGROUPADMIN') return { kind: 'groups', groupIds: principal.groupIds };
  return { kind: 'all' };
}

/** Whether one group of a merchant is inside the caller's group scope. */
export function canSeeGroup(principal: Principal, merchantId: string, groupId: string): boolean {
  const scope = groupScope(principal, merchantId);
  return scope.kind === 'all' || (scope.kind === 'groups' && scope.groupIds.includes(groupId));
}
