import type { Group } from '#schemas/group';
import type { MerchantSummary } from '#schemas/merchant';
import type { User } from '#schemas/user';

/** A user as the list shows it: merchant and group names next to the ids (ids stand in for names not known). */
export interface UserRow extends User {
  merchantNames: string[];
  groupNames: string[];
}

export function toUserRow(user: User, merchants: readonly MerchantSummary[], groupsByMerchant: Readonly<Record<string, readonly Group[]>>): UserRow {
  const merchantName = new Map(merchants.map((m) => [m.id, m.name]));
  const groupName = new Map(Object.values(groupsByMerchant).flatMap((list) => list.map((g) => [g.id, g.name] as const)));
  return {
    ...user,
    merchantNames: user.merchantIds.map((id) => merchantName.get(id) ?? id),
    groupNames: user.groupIds.map((id) => groupName.get(id) ?? id),
  };
}

/** The merchants whose groups name the rows' groups: those of users with groups, among the merchants the caller sees. */
export function merchantsToName(users: readonly User[], visible: readonly MerchantSummary[]): string[] {
  const ids = new Set(users.filter((u) => u.groupIds.length > 0).flatMap((u) => u.merchantIds));
  return visible.filter((m) => ids.has(m.id)).map((m) => m.id);
}
