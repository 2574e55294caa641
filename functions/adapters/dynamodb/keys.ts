/**
 * Every key shape of the single table, in one place (see ACCESS-PATTERNS.md). Merchant-scoped items
 * carry the merchant in their partition key.
 */
export const keys = {
  merchant: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'MERCHANT' }),
  merchantByName: (nameKey: string, id: string) => ({ gsi1pk: 'MERCHANTS', gsi1sk: `NAME#${nameKey}#${id}` }),
  merchantsIndexPk: 'MERCHANTS',
  merchantSettings: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SETTINGS' }),
  superAdminSettings: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SUPERADMIN_SETTINGS' }),
  merchantNameGuard: (nameKey: string) => ({ pk: `MERCHANTNAME#${nameKey}`, sk: 'GUARD' }),
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  userEmailGuard: (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'GUARD' }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' }),
} as const;

/** Attributes that belong to the storage, not to the entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt', 'entity'] as const;

export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy as T;
}
