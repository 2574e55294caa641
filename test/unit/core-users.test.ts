import { describe, expect, it } from 'vitest';
import { usersCsv } from '../../functions/core/users/admin';
import { UserChangedConcurrentlyException } from '../../functions/core/users/errors';
import type { UserRepository } from '../../functions/core/users/ports';
import { updateMe } from '../../functions/core/users/use-cases';
import { isManageableBy, isVisibleTo, nextUpdatedAt, toUserView, type User } from '../../functions/core/users/user';
import type { Principal } from '../../functions/core/shared/principal';
import { canSeeGroup, groupScope } from '../../functions/core/shared/scope';

const principal = (p: Partial<Principal>): Principal => ({
  userId: 'me',
  email: 'me@x.test',
  role: 'NEBULARMERCHANTADMIN',
  merchantIds: ['a'],
  groupIds: [],
  allMerchants: false,
  ...p,
});
const superAdmin = principal({ role: 'NEBULARSUPERADMIN', merchantIds: [], allMerchants: true });
const user = (u: Partial<User>): User => ({
  id: 'u1',
  email: 'u1@x.test',
  role: 'NEBULARMERCHANTUSER',
  language: 'en',
  merchantIds: ['a'],
  groupIds: [],
  allowLicensing: false,
  receiveNotifications: true,
  invisibleFlags: ['BETA_FEATURES'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...u,
});

describe('group scope (every merchant-scoped list narrows a group admin to its groups)', () => {
  it('none for a foreign merchant, all for admins and users, the own groups for a group admin', () => {
    expect(groupScope(principal({}), 'b')).toEqual({ kind: 'none' });
    expect(groupScope(principal({}), 'a')).toEqual({ kind: 'all' });
    expect(groupScope(superAdmin, 'b')).toEqual({ kind: 'all' });
    expect(groupScope(principal({ role: 'NEBULARGROUPADMIN', groupIds: ['g1'] }), 'a')).toEqual({ kind: 'groups', groupIds: ['g1'] });
    expect(canSeeGroup(principal({ role: 'NEBULARGROUPADMIN', groupIds: ['g1'] }), 'a', 'g2')).toBe(false);
    expect(canSeeGroup(principal({ role: 'NEBULARGROUPADMIN', groupIds: ['g1'] }), 'b', 'g1')).toBe(false);
    expect(canSeeGroup(principal({ role: 'NEBULARMERCHANTUSER' }), 'a', 'g2')).toBe(true);
  });
});

describe('users seen and managed by a merchant admin', () => {
  it('visible when they share a merchant, manageable only when all its merchants are the admin’s', () => {
    const admin = principal({ merchantIds: ['a', 'b'] });
    expect(isVisibleTo(admin, user({ merchantIds: ['b', 'c'] }))).toBe(true);
    expect(isManageableBy(admin, user({ merchantIds: ['b', 'c'] }))).toBe(false);
    expect(isManageableBy(admin, user({ merchantIds: ['a', 'b'] }))).toBe(true);
    expect(isVisibleTo(admin, user({ role: 'NEBULARSUPERADMIN', merchantIds: [] }))).toBe(false);
    expect(isManageableBy(admin, user({ merchantIds: [] }))).toBe(false);
    expect(isManageableBy(superAdmin, user({ merchantIds: ['z'] }))).toBe(true);
  });

  it('invisible flags only in the super admin’s view', () => {
    expect(toUserView(user({}), superAdmin).invisibleFlags).toEqual(['BETA_FEATURES']);
    expect(toUserView(user({}), principal({}))).not.toHaveProperty('invisibleFlags');
  });

  it('every write moves updatedAt forward, even on a clock that did not', () => {
    expect(nextUpdatedAt('2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(nextUpdatedAt('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.001Z');
  });
});

describe('users CSV', () => {
  it('quotes per RFC 4180, joins lists with ;, neutralises formulas, adds flags for the super admin only', () => {
    const rows = [user({ email: '=cmd@x.test', merchantIds: ['a', 'b'], groupIds: ['g,1'] })];
    const mine = usersCsv(
      rows.map((u) => toUserView(u, principal({}))),
      principal({}),
    ).split('\r\n');
    expect(mine[0]).toBe('id,email,role,language,merchantIds,groupIds,allowLicensing,receiveNotifications,createdAt,updatedAt');
    expect(mine[1]).toBe(`u1,'=cmd@x.test,NEBULARMERCHANTUSER,en,a;b,"g,1",false,true,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z`);
    const all = usersCsv(
      rows.map((u) => toUserView(u, superAdmin)),
      superAdmin,
    ).split('\r\n');
    expect(all[0]).toMatch(/,invisibleFlags$/);
    expect(all[1]).toMatch(/,BETA_FEATURES$/);
  });
});

describe('saving one’s own language (PUT /users/me)', () => {
  /** A repository whose setLanguage finds the user changed meanwhile `conflicts` times, then writes. */
  const racingUsers = (conflicts: number) => {
    let calls = 0;
    const users = {
      setLanguage: async (_id: string, language: User['language']) => {
        calls++;
        if (calls <= conflicts) throw new UserChangedConcurrentlyException();
        return user({ language });
      },
    } as unknown as UserRepository;
    return { deps: { users, now: () => '2026-02-01T00:00:00.000Z' }, calls: () => calls };
  };

  it('reads the user again and retries when another write landed in between', async () => {
    const { deps, calls } = racingUsers(3);
    expect((await updateMe(deps, principal({ userId: 'u1' }), { language: 'fr' })).language).toBe('fr');
    expect(calls()).toBe(4);
  });

  it('gives up with the conflict after a bounded number of attempts', async () => {
    const { deps, calls } = racingUsers(Infinity);
    await expect(updateMe(deps, principal({ userId: 'u1' }), { language: 'fr' })).rejects.toBeInstanceOf(UserChangedConcurrentlyException);
    expect(calls()).toBe(25);
  });
});
