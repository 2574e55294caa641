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

  // Machines (points of sale). Slow-changing fields and the list indexes live on the POS item; what
  // devices report often (ping, signal, temperature, connection, last sale/audit) lives on a TELEMETRY
  // item that no index projects, so ingestion never writes a GSI partition. A list page is one Query on
  // the POS index plus one BatchGet of the page's TELEMETRY items.
  /** Who owns a serial: the only key built from a serial alone (ingestion, joining, super admin lookups). */
  deviceRegistry: (serial: string) => ({ pk: `DEVICE#${serial}`, sk: 'REGISTRY' }),
  posPk: (merchantId: string, serial: string) => `MERCHANT#${merchantId}#POS#${serial}`,
  pos: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'POS' }),
  posTelemetry: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'TELEMETRY' }),
  /** Visible machines of a merchant by name; hidden ones move to the `#HIDDEN` partition of the index. */
  posByName: (merchantId: string, hidden: boolean, nameKey: string, serial: string) => ({
    gsi1pk: `MERCHANT#${merchantId}#POS${hidden ? '#HIDDEN' : ''}`,
    gsi1sk: `${nameKey}#${serial}`,
  }),
  /** The machines of one group by name: what a group admin lists. */
  posByGroup: (merchantId: string, groupId: string, nameKey: string, serial: string) => ({
    gsi2pk: `MERCHANT#${merchantId}#GROUP#${groupId}#POS`,
    gsi2sk: `${nameKey}#${serial}`,
  }),
  /** A processed device message (idempotency), kept until `expiresAt`. */
  deviceMessage: (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'MSG' }),
} as const;

/** Attributes that belong to the storage, not to the entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt', 'entity'] as const;

export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy as T;
}
