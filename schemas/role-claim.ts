import { ROLES, type Role } from './roles';

/** The ID-token claim that carries the role. */
export const ROLE_CLAIM = 'custom:roles';

/**
 * Reads the role from the identity token's `custom:roles` claim (spec §4): either a single value, which
 * belongs to the default tenant only, or `tenant=ROLE;tenant=ROLE` pairs from which the deployment's
 * tenant picks its own. Upper-cased; anything but the four console roles gives no role.
 */
export function parseRoleClaim(claim: unknown, tenant: string, defaultTenant: string): Role | undefined {
  if (typeof claim !== 'string' || claim.trim() === '') return undefined;
  let value: string | undefined;
  if (!claim.includes('=')) {
    value = tenant.toLowerCase() === defaultTenant.toLowerCase() ? claim : undefined;
  } else {
    for (const pair of claim.split(';')) {
      const [t, r] = pair.split('=');
      if (t !== undefined && r !== undefined && t.trim().toLowerCase() === tenant.toLowerCase()) value = r;
    }
  }
  const role = value?.trim().toUpperCase();
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined;
}

/**
 * The `custom:roles` claim after giving `tenant` the role `role`, keeping every other tenant's pair. A claim
 * that was a single value stays one when this is the default tenant; otherwise it becomes pairs (the old
 * single value kept as the default tenant's pair). `role` undefined removes this tenant's role.
 */
export function withTenantRole(claim: string | undefined, tenant: string, defaultTenant: string, role: Role | undefined): string {
  const t = tenant.trim().toLowerCase();
  const d = defaultTenant.trim().toLowerCase();
  const current = (claim ?? '').trim();
  const pairs = new Map<string, string>();
  if (current && !current.includes('=')) {
    if (t === d) return role ?? '';
    pairs.set(d, current);
  } else if (current === '') {
    if (t === d) return role ?? '';
  } else {
    for (const pair of current.split(';')) {
      const [pt, pr] = pair.split('=');
      if (pt?.trim() && pr?.trim()) pairs.set(pt.trim().toLowerCase(), pr.trim());
    }
  }
  if (role) pairs.set(t, role);
  else pairs.delete(t);
  return [...pairs].map(([k, v]) => `${k}=${v}`).join(';');
}
