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
  usersByEmail: (email: string, id: string) => ({ gsi1pk: 'USERS', gsi1sk: `${email.toLowerCase()}#${id}` }),
  usersIndexPk: 'USERS',
  userEmailGuard: (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'GUARD' }),
  /** A copy of the user in each of its merchants, for listing a merchant's users by email. */
  userMembership: (merchantId: string, email: string, id: string) => ({ pk: `MERCHANT#${merchantId}#USERS`, sk: `${email.toLowerCase()}#${id}` }),
  merchantUsersPk: (merchantId: string) => `MERCHANT#${merchantId}#USERS`,
  group: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `GROUP#${id}` }),
  groupByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#GROUPS`, gsi1sk: `${nameKey}#${id}` }),
  merchantGroupsPk: (merchantId: string) => `MERCHANT#${merchantId}#GROUPS`,
  groupNameGuard: (merchantId: string, nameKey: string) => ({ pk: `GROUPNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' }),
} as const;

/** Attributes that belong to the storage, not to the entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt', 'entity'] as const;

export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy as T;
}
