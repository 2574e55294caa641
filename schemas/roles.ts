import * as z from 'zod/mini';

export const ROLES = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Role groups used by the route manifest (spec §2). */
export const ALL_ROLES: readonly Role[] = ROLES;
export const SUPER_ADMIN: readonly Role[] = ['NEBULARSUPERADMIN'];
export const ADMINS: readonly Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN'];
export const NOT_MERCHANT_USER: readonly Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN'];
