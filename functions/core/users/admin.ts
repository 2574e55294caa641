import { toCsv } from '../shared/csv';
import { recordChange, recordMerchant } from '../audit/change-recorder';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { Page } from '#schemas/paging';
import { withTenantRole } from '#schemas/role-claim';
import type { Role } from '#schemas/roles';
import { MAX_EXPORT_USERS, type User as UserView, type UserCreate, type UserUpdate } from '#schemas/user';
import type { GroupRepository } from '../groups/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import {
  CannotChangeOwnRoleException,
  CannotDeleteOwnUserException,
  ExportTooLargeException,
  GroupAdminMerchantsValidationException,
  InvalidUserGroupsException,
  InvalidUserMerchantsException,
  InvisibleFlagsNotAllowedException,
  UserAlreadyActiveException,
  UserForbiddenException,
  UserMerchantRequiredException,
  UserNotFoundException,
} from './errors';
import type { GroupRef, IdentityProvider, UserListScope, UserRepository } from './ports';
import { isManageableBy, isVisibleTo, nextUpdatedAt, toUserView, type User } from './user';
import { pageOf } from '../shared/page';

export interface UserAdminDeps {
  users: UserRepository;
  groups: Pick<GroupRepository, 'findInMerchants'>;
  merchants: MerchantRepository;
  identity: IdentityProvider;
  /** This deployment's tenant and the tenant of single-value role claims (spec §4). */
  config: { tenant: string; defaultTenant: string };
  now: () => string;
  /** Drops this process's cached memberships of a changed or deleted user (load-principal cache). */
  forgetPrincipal: (userId: string) => void;
}

/** Reading users needs no identity provider. */
export type UserReadDeps = Omit<UserAdminDeps, 'identity'>;

export interface UserListQuery {
  page: number;
  size: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
  role?: Role;
  search?: string;
}

/** What an administrator assigns: role, merchants, groups, flags. */
interface Assignment {
  role: Role;
  merchantIds: string[];
  groupIds: string[];
  invisibleFlags?: string[];
}

const SUPER_ADMIN: Role = 'NEBULARSUPERADMIN';

/** Best effort undo: a failing compensation must not hide the error that caused it. */
async function undo(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch {
    /* the original failure is what the caller gets; a stale email reservation expires on its own */
  }
}

async function requireVisible(deps: UserReadDeps, principal: Principal, id: string): Promise<User> {
  const user = await deps.users.get(id);
  if (!user || !isVisibleTo(principal, user)) throw new UserNotFoundException();
  return user;
}

async function requireManageable(deps: UserReadDeps, principal: Principal, id: string): Promise<User> {
  const user = await requireVisible(deps, principal, id);
  if (!isManageableBy(principal, user)) throw new UserForbiddenException('This user also belongs to merchants you do not manage');
  return user;
}

/**
 * The rules of spec §5/§6 on what an administrator assigns. Answers the normalised assignment and the
 * groups with their merchants (the transaction checks they still exist).
 */
async function checkAssignment(
  deps: UserAdminDeps,
  principal: Principal,
  input: Assignment,
  current?: User,
): Promise<{ assignment: Required<Assignment>; groups: GroupRef[] }> {
  if (!principal.allMerchants) {
    if (input.invisibleFlags !== undefined) throw new InvisibleFlagsNotAllowedException();
    if (input.role === SUPER_ADMIN) throw new UserForbiddenException('Only the super admin can grant NEBULARSUPERADMIN');
    if (input.merchantIds.some((m) => !principal.merchantIds.includes(m))) throw new UserForbiddenException('You may assign only your own merchants');
  }
  // A super admin sees every merchant: merchants and groups mean nothing for it.
  const superAdmin = input.role === SUPER_ADMIN;
  const merchantIds = superAdmin ? [] : [...new Set(input.merchantIds)];
  const groupIds = superAdmin ? [] : [...new Set(input.groupIds)];
  if (!superAdmin && merchantIds.length === 0) throw new UserMerchantRequiredException();

  const [merchants, groups] = await Promise.all([
    merchantIds.length ? deps.merchants.getMany(merchantIds) : Promise.resolve([]),
    groupIds.length ? deps.groups.findInMerchants(merchantIds, groupIds) : Promise.resolve([]),
  ]);
  const knownMerchants = new Set(merchants.map((m) => m.id));
  const unknownMerchants = (superAdmin ? [] : input.merchantIds)
    .map((m, i) => ({ path: `body.merchantIds.${i}`, message: `unknown merchant ${m}` }))
    .filter((_, i) => !knownMerchants.has(input.merchantIds[i]!));
  if (unknownMerchants.length) throw new InvalidUserMerchantsException(unknownMerchants);
  const found = new Map(groups.map((g) => [g.id, g]));
  const badGroups = superAdmin
    ? []
    : input.groupIds
        .map((g, i) => ({ g, path: `body.groupIds.${i}` }))
        .filter(({ g }) => !found.has(g))
        .map(({ g, path }) => ({ path, message: `group ${g} is not a group of the user’s merchants` }));
  if (badGroups.length) throw new InvalidUserGroupsException(badGroups);
  if (input.role === 'NEBULARGROUPADMIN') {
    const covered = new Set(groups.map((g) => g.merchantId));
    const bare = merchantIds.filter((m) => !covered.has(m));
    if (bare.length) throw new GroupAdminMerchantsValidationException(bare);
  }
  const invisibleFlags = principal.allMerchants ? [...new Set(input.invisibleFlags ?? current?.invisibleFlags ?? [])] : (current?.invisibleFlags ?? []);
  return {
    assignment: { role: input.role, merchantIds, groupIds, invisibleFlags },
    groups: groupIds.map((id) => ({ id, merchantId: found.get(id)!.merchantId })),
  };
}

/**
 * POST /users. Three steps, each undone when a later one fails, so no half-created user remains:
 * (a) reserve the email in the table (the uniqueness guard, atomic under concurrency), (b) create the
 * identity in Cognito (sends the invitation), (c) write the record, memberships and counters.
 */
export async function createUser(deps: UserAdminDeps, principal: Principal, input: UserCreate): Promise<UserView> {
  const { assignment, groups } = await checkAssignment(deps, principal, input);
  const email = input.email.trim().toLowerCase();
  const now = deps.now();
  await deps.users.reserveEmail(email, now);
  let id: string;
  try {
    id = (await deps.identity.createUser({ email, roleClaim: withTenantRole(undefined, deps.config.tenant, deps.config.defaultTenant, assignment.role) })).id;
  } catch (error) {
    await undo(() => deps.users.releaseEmail(email));
    throw error;
  }
  const user: User = {
    id,
    email,
    ...assignment,
    language: input.language,
    allowLicensing: input.allowLicensing,
    receiveNotifications: input.receiveNotifications,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.users.create(user, groups);
  } catch (error) {
    await undo(() => deps.identity.deleteUser(email));
    await undo(() => deps.users.releaseEmail(email));
    throw error;
  }
  recordUserChange(undefined, user);
  return toUserView(user, principal);
}

export async function getUser(deps: UserReadDeps, principal: Principal, id: string): Promise<UserView> {
  return toUserView(await requireVisible(deps, principal, id), principal);
}

/**
 * Writes a changed user. A role change updates the identity's role claim first (other tenants' pairs kept)
 * and puts the old claim back when the record write fails.
 */
async function applyChange(deps: UserAdminDeps, current: User, next: User, groups: GroupRef[]): Promise<void> {
  const added = groups.filter((g) => !current.groupIds.includes(g.id));
  let restoreClaim: string | undefined;
  if (next.role !== current.role) {
    const identity = await deps.identity.getUser(current.email);
    if (!identity) throw new UserNotFoundException();
    restoreClaim = identity.roleClaim ?? '';
    await deps.identity.setRoleClaim(current.email, withTenantRole(identity.roleClaim, deps.config.tenant, deps.config.defaultTenant, next.role));
  }
  try {
    await deps.users.replace(current, next, added);
  } catch (error) {
    if (restoreClaim !== undefined) await undo(() => deps.identity.setRoleClaim(current.email, restoreClaim!));
    throw error;
  }
  deps.forgetPrincipal(current.id);
  recordUserChange(current, next);
}

/** The audit trail's record of a user written: in its (first) merchant's trail. */
function recordUserChange(before: User | undefined, after: User | undefined): void {
  const user = (after ?? before)!;
  if (user.merchantIds[0]) recordMerchant(user.merchantIds[0]);
  recordChange('user', user.id, before, after);
}

export async function updateUser(deps: UserAdminDeps, principal: Principal, id: string, input: UserUpdate): Promise<UserView> {
  const current = await requireManageable(deps, principal, id);
  if (id === principal.userId && input.role !== current.role) throw new CannotChangeOwnRoleException();
  const { assignment, groups } = await checkAssignment(deps, principal, input, current);
  const next: User = {
    ...current,
    ...assignment,
    language: input.language,
    allowLicensing: input.allowLicensing,
    receiveNotifications: input.receiveNotifications,
    updatedAt: nextUpdatedAt(deps.now(), current.updatedAt),
  };
  await applyChange(deps, current, next, groups);
  return toUserView(next, principal);
}

/** PUT /users/{id}/associate-group: adds one group of the user's merchants (all rules of an update apply). */
export async function associateGroup(deps: UserAdminDeps, principal: Principal, id: string, groupId: string): Promise<UserView> {
  const current = await requireManageable(deps, principal, id);
  if (current.role === SUPER_ADMIN || (await deps.groups.findInMerchants(current.merchantIds, [groupId])).length === 0) {
    throw new InvalidUserGroupsException([{ path: 'body.groupId', message: `group ${groupId} is not a group of the user’s merchants` }]);
  }
  if (current.groupIds.includes(groupId)) return toUserView(current, principal);
  const { assignment, groups } = await checkAssignment(
    deps,
    principal,
    { role: current.role, merchantIds: current.merchantIds, groupIds: [...current.groupIds, groupId] },
    current,
  );
  const next: User = { ...current, ...assignment, updatedAt: nextUpdatedAt(deps.now(), current.updatedAt) };
  await applyChange(deps, current, next, groups);
  return toUserView(next, principal);
}

/** DELETE /users/{id}: the identity first (a retry finds it gone and still removes the record), then the record. */
export async function deleteUser(deps: UserAdminDeps, principal: Principal, id: string): Promise<void> {
  const user = await requireManageable(deps, principal, id);
  if (id === principal.userId) throw new CannotDeleteOwnUserException();
  await deps.identity.deleteUser(user.email);
  await deps.users.delete(user);
  deps.forgetPrincipal(id);
  recordUserChange(user, undefined);
}

/** Only while the user never signed in (still on the invitation's temporary password). */
export async function resendInvitation(deps: UserAdminDeps, principal: Principal, id: string): Promise<void> {
  const user = await requireManageable(deps, principal, id);
  const identity = await deps.identity.getUser(user.email);
  if (!identity) throw new UserNotFoundException();
  if (!identity.neverSignedIn) throw new UserAlreadyActiveException();
  await deps.identity.resendInvitation(user.email);
}

/**
 * The list scope of `GET /merchants/{id}/users`: a merchant the caller sees (404 otherwise); the super
 * admin's "all distributors" is every user.
 */
export async function merchantListScope(deps: UserReadDeps, principal: Principal, merchantId: string): Promise<UserListScope> {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) return { kind: 'all' };
  if (!canSeeMerchant(principal, merchantId) || !(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
  return { kind: 'merchant', merchantId };
}

/** A page of users by email; totals come from counters, or from a count of the searched key range. */
export async function listUsers(deps: UserReadDeps, principal: Principal, scope: UserListScope, query: UserListQuery): Promise<Page<UserView>> {
  const filter = { ...(query.role ? { role: query.role } : {}), ...(query.search ? { search: query.search.toLowerCase() } : {}) };
  const [slice, total] = await Promise.all([
    deps.users.listSlice(scope, { ...filter, offset: (query.page - 1) * query.size, limit: query.size, ordType: query.ordType, cursor: query.cursor }),
    deps.users.count(scope, filter),
  ]);
  return pageOf(query, { ...slice, items: slice.items.map((u) => toUserView(u, principal)) }, total);
}

/**
 * Every user the caller sees (optionally of one merchant), by email, without duplicates: for the super
 * admin all users, for a merchant admin the users of its merchants. More than MAX_EXPORT_USERS → 400.
 */
export async function listVisibleUsers(deps: UserReadDeps, principal: Principal, merchantId?: string): Promise<UserView[]> {
  let scopes: UserListScope[];
  if (merchantId !== undefined) scopes = [await merchantListScope(deps, principal, merchantId)];
  else scopes = principal.allMerchants ? [{ kind: 'all' }] : principal.merchantIds.map((m) => ({ kind: 'merchant', merchantId: m }));
  const lists = await Promise.all(scopes.map((s) => deps.users.listAll(s, MAX_EXPORT_USERS)));
  const byId = new Map<string, User>();
  for (const user of lists.flat()) byId.set(user.id, user);
  if (byId.size > MAX_EXPORT_USERS) throw new ExportTooLargeException(MAX_EXPORT_USERS);
  return [...byId.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : a.id < b.id ? -1 : 1)).map((u) => toUserView(u, principal));
}

const CSV_COLUMNS = ['id', 'email', 'role', 'language', 'merchantIds', 'groupIds', 'allowLicensing', 'receiveNotifications', 'createdAt', 'updatedAt'] as const;

/** The visible users as CSV: lists joined with `;`; the super admin also gets the invisible flags. */
export function usersCsv(users: UserView[], principal: Principal): string {
  return toCsv([...CSV_COLUMNS, ...(principal.allMerchants ? ['invisibleFlags'] : [])], users);
}
