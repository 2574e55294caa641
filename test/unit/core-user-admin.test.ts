import { describe, expect, it } from 'vitest';
import type { GroupRepository } from '../../functions/core/groups/ports';
import type { MerchantRepository } from '../../functions/core/merchants/ports';
import type { Principal } from '../../functions/core/shared/principal';
import { createUser, updateUser, type UserAdminDeps } from '../../functions/core/users/admin';
import type { IdentityProvider, UserRepository } from '../../functions/core/users/ports';
import type { User } from '../../functions/core/users/user';

const superAdmin: Principal = { userId: 'admin', email: 'admin@x.test', role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [], allMerchants: true };

/** In-memory stand-ins that record what happened, with a record write that fails on demand. */
function world(opts: { failRecordWrite?: boolean } = {}) {
  const guards = new Set<string>();
  const identities = new Map<string, { id: string; roleClaim: string }>();
  const records = new Map<string, User>();
  const forgotten: string[] = [];
  const users = {
    get: async (id: string) => records.get(id),
    reserveEmail: async (email: string) => void guards.add(email),
    releaseEmail: async (email: string) => void guards.delete(email),
    create: async (user: User) => {
      if (opts.failRecordWrite) throw new Error('table unavailable');
      records.set(user.id, user);
    },
    replace: async (_prev: User, next: User) => {
      if (opts.failRecordWrite) throw new Error('table unavailable');
      records.set(next.id, next);
    },
  } as unknown as UserRepository;
  const identity: IdentityProvider = {
    createUser: async ({ email, roleClaim }) => {
      identities.set(email, { id: `sub-${email}`, roleClaim });
      return { id: `sub-${email}` };
    },
    getUser: async (email) => {
      const i = identities.get(email);
      return i && { id: i.id, neverSignedIn: true, roleClaim: i.roleClaim };
    },
    setRoleClaim: async (email, roleClaim) => void (identities.get(email)!.roleClaim = roleClaim),
    deleteUser: async (email) => void identities.delete(email),
    resendInvitation: async () => undefined,
  };
  const deps: UserAdminDeps = {
    users,
    identity,
    groups: { findInMerchants: async () => [] } as unknown as GroupRepository,
    merchants: { getMany: async (ids: string[]) => ids.map((id) => ({ id })) } as unknown as MerchantRepository,
    config: { tenant: 'nebular', defaultTenant: 'nebular' },
    now: () => '2026-03-01T10:00:00.000Z',
    forgetPrincipal: (id) => void forgotten.push(id),
  };
  return { deps, guards, identities, records, forgotten };
}

const input = {
  email: 'new@x.test',
  role: 'NEBULARMERCHANTUSER' as const,
  language: 'en' as const,
  merchantIds: ['a'],
  groupIds: [],
  allowLicensing: false,
  receiveNotifications: true,
};

describe('no half-created users', () => {
  it('a failing record write deletes the new identity and releases the email', async () => {
    const w = world({ failRecordWrite: true });
    await expect(createUser(w.deps, superAdmin, input)).rejects.toThrow('table unavailable');
    expect(w.identities.size).toBe(0);
    expect(w.guards.size).toBe(0);
    expect(w.records.size).toBe(0);
  });

  it('a failing identity creation releases the email', async () => {
    const w = world();
    w.deps.identity.createUser = async () => {
      throw new Error('cognito down');
    };
    await expect(createUser(w.deps, superAdmin, input)).rejects.toThrow('cognito down');
    expect(w.guards.size).toBe(0);
  });

  it('a role change whose record write fails puts the old role claim back', async () => {
    const w = world();
    const created = await createUser(w.deps, superAdmin, input);
    w.identities.get(input.email)!.roleClaim = 'acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTUSER';
    w.deps.users.replace = async () => {
      throw new Error('table unavailable');
    };
    await expect(updateUser(w.deps, superAdmin, created.id, { ...input, role: 'NEBULARMERCHANTADMIN' } as never)).rejects.toThrow('table unavailable');
    expect(w.identities.get(input.email)!.roleClaim).toBe('acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTUSER');
    expect(w.records.get(created.id)!.role).toBe('NEBULARMERCHANTUSER');
  });

  it('a role change keeps other tenants’ roles in the claim and forgets the cached principal', async () => {
    const w = world();
    const created = await createUser(w.deps, superAdmin, input);
    expect(w.identities.get(input.email)!.roleClaim).toBe('NEBULARMERCHANTUSER');
    w.identities.get(input.email)!.roleClaim = 'acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTUSER';
    await updateUser(w.deps, superAdmin, created.id, { ...input, role: 'NEBULARMERCHANTADMIN' } as never);
    expect(w.identities.get(input.email)!.roleClaim).toBe('acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTADMIN');
    expect(w.forgotten).toEqual([created.id]);
  });
});
