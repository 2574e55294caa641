import type { Group, GroupInput } from '#schemas/group';
import type { Page } from '#schemas/paging';
import { MerchantNotFoundException } from '../merchants/errors';
import { nameKey } from '../merchants/merchant';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeGroup, groupScope } from '../shared/scope';
import type { GroupPos } from '../devices/ports';
import type { UserRepository } from '../users/ports';
import { GroupInUseException, GroupNotFoundException } from './errors';
import type { GroupRepository } from './ports';
import { pageOf } from '../shared/page';

export interface GroupDeps {
  groups: GroupRepository;
  merchants: MerchantRepository;
  users: UserRepository;
  pos: GroupPos;
  newId: () => string;
  now: () => string;
}

export interface GroupPageRequest {
  page: number;
  size: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A merchant the caller sees and that exists, or the 404 that hides foreign ones. */
async function requireMerchant(deps: GroupDeps, principal: Principal, merchantId: string) {
  const scope = groupScope(principal, merchantId);
  if (scope.kind === 'none' || !(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
  return scope;
}

const byName = (ordType: 'asc' | 'desc') => (a: Group, b: Group) => {
  const ka = `${nameKey(a.name)}#${a.id}`;
  const kb = `${nameKey(b.name)}#${b.id}`;
  return (ka < kb ? -1 : ka > kb ? 1 : 0) * (ordType === 'asc' ? 1 : -1);
};

/** The merchant's groups by name; a group admin sees only its own groups (groupScope). */
export async function listGroups(deps: GroupDeps, principal: Principal, merchantId: string, req: GroupPageRequest): Promise<Page<Group>> {
  const scope = await requireMerchant(deps, principal, merchantId);
  const offset = (req.page - 1) * req.size;
  if (scope.kind === 'groups') {
    const mine = (await deps.groups.getMany(merchantId, scope.groupIds)).sort(byName(req.ordType));
    return pageOf(req, { items: mine.slice(offset, offset + req.size) }, mine.length);
  }
  const [slice, total] = await Promise.all([
    deps.groups.listSlice(merchantId, { offset, limit: req.size, ordType: req.ordType, cursor: req.cursor }),
    deps.groups.count(merchantId),
  ]);
  return pageOf(req, slice, total);
}

export async function getGroup(deps: GroupDeps, principal: Principal, merchantId: string, id: string): Promise<Group> {
  if (groupScope(principal, merchantId).kind === 'none') throw new MerchantNotFoundException();
  if (!canSeeGroup(principal, merchantId, id)) throw new GroupNotFoundException();
  const group = await deps.groups.get(merchantId, id);
  if (!group) throw new GroupNotFoundException();
  return group;
}

export async function createGroup(deps: GroupDeps, principal: Principal, merchantId: string, input: GroupInput): Promise<Group> {
  if (groupScope(principal, merchantId).kind === 'none') throw new MerchantNotFoundException();
  const now = deps.now();
  const group: Group = { id: deps.newId(), merchantId, name: input.name.trim(), description: input.description, createdAt: now, updatedAt: now };
  await deps.groups.create(group);
  return group;
}

export async function updateGroup(deps: GroupDeps, principal: Principal, merchantId: string, id: string, input: GroupInput): Promise<Group> {
  if (groupScope(principal, merchantId).kind === 'none') throw new MerchantNotFoundException();
  return deps.groups.update(merchantId, id, { ...input, name: input.name.trim() }, deps.now());
}

/**
 * A group still given to a user, or still holding machines, cannot go (GroupInUseException): the users are
 * found through the merchant's memberships, the machines through the group's index partition.
 */
export async function deleteGroup(deps: GroupDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  if (groupScope(principal, merchantId).kind === 'none') throw new MerchantNotFoundException();
  if (!(await deps.groups.get(merchantId, id))) throw new GroupNotFoundException();
  if (await deps.users.isGroupReferenced(merchantId, id)) throw new GroupInUseException();
  if (await deps.pos.groupHasPos(merchantId, id)) throw new GroupInUseException('Machines are still in this group: move them first');
  await deps.groups.delete(merchantId, id);
}
