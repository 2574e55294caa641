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
