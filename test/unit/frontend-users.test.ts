import { describe, expect, it } from 'vitest';
import { canOpen, manageHome } from '../../frontend/src/app/route-roles';
import { MENU, menuFor } from '../../frontend/src/app/menu';
import { merchantsToName, toUserRow } from '../../frontend/src/features/users/user-rows';
import {
  assignableRoles,
  checkUserRules,
  draftOfUser,
  merchantsWithoutGroup,
  newUserDraft,
  userBody,
  withoutMerchant,
} from '../../frontend/src/features/users/user-draft';
import type { Group } from '#schemas/group';
import { ROLES } from '#schemas/roles';
import { UserCreate, UserUpdate, type User } from '#schemas/user';

const group = (merchantId: string, id: string, name = id): Group => ({
  id,
  merchantId,
  name,
  description: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const GROUPS = { acme: [group('acme', 'north', 'Acme North'), group('acme', 'south', 'Acme South')], bravo: [group('bravo', 'centro', 'Bravo Centro')] };
const user = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ana@example.com',
  role: 'NEBULARGROUPADMIN',
  language: 'es',
  merchantIds: ['acme'],
  groupIds: ['north'],
  allowLicensing: false,
  receiveNotifications: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('who grants which role (spec §6)', () => {
  it('offers every role to the super admin and never the super-admin role to a merchant admin', () => {
    expect(assignableRoles('NEBULARSUPERADMIN')).toEqual([...ROLES]);
    expect(assignableRoles('NEBULARMERCHANTADMIN')).toEqual(['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER']);
    expect(assignableRoles('NEBULARGROUPADMIN')).toEqual([]);
    expect(assignableRoles(null)).toEqual([]);
  });
});

describe('the user form body', () => {
  it('is a valid UserCreate for an invitation, and never carries the invisible flags for a merchant admin', () => {
    const draft = { ...newUserDraft('it', ['acme']), email: 'New.User@Example.com', invisibleFlags: ['API_ACCESS'] };
    const body = userBody(draft, { create: true, callerIsSuperAdmin: false });
    expect(body).not.toHaveProperty('invisibleFlags');
    expect(UserCreate.parse(body)).toEqual({
      email: 'new.user@example.com',
      role: 'NEBULARMERCHANTUSER',
      language: 'it',
      merchantIds: ['acme'],
      groupIds: [],
      allowLicensing: false,
      receiveNotifications: true,
    });
  });

  it('has no email on update; the super admin sends the flags in schema order', () => {
    const draft = { ...draftOfUser(user({ invisibleFlags: ['API_ACCESS'] })), invisibleFlags: ['API_ACCESS', 'BETA_FEATURES'] };
    const body = userBody(draft, { create: false, callerIsSuperAdmin: true });
    expect(body).not.toHaveProperty('email');
    expect(UserUpdate.parse(body).invisibleFlags).toEqual(['BETA_FEATURES', 'API_ACCESS']);
  });

  it('gives a super admin no merchants and no groups (it sees them all)', () => {
    const draft = { ...draftOfUser(user()), role: 'NEBULARSUPERADMIN' as const };
    expect(userBody(draft, { create: false, callerIsSuperAdmin: true })).toMatchObject({ merchantIds: [], groupIds: [] });
    expect(checkUserRules({ role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [] }, {})).toEqual({});
  });

  it('unticking a merchant drops the user’s groups of that merchant only', () => {
    const draft = { ...draftOfUser(user({ merchantIds: ['acme', 'bravo'], groupIds: ['north', 'centro'] })) };
    expect(withoutMerchant(draft, 'acme', GROUPS.acme)).toMatchObject({ merchantIds: ['bravo'], groupIds: ['centro'] });
  });
});

describe('spec §5: a group admin needs at least one group per assigned merchant', () => {
  it('names the merchants without one of the user’s groups', () => {
    expect(merchantsWithoutGroup(['acme', 'bravo'], ['north'], GROUPS)).toEqual(['bravo']);
    expect(merchantsWithoutGroup(['acme', 'bravo'], ['south', 'centro'], GROUPS)).toEqual([]);
    // Groups not loaded yet cannot count.
    expect(merchantsWithoutGroup(['acme'], ['north'], {})).toEqual(['acme']);
  });

  it('is checked before sending, with the spec message; other roles need merchants but no groups', () => {
    expect(checkUserRules({ role: 'NEBULARGROUPADMIN', merchantIds: ['acme', 'bravo'], groupIds: ['north'] }, GROUPS)).toEqual({
      groupIds: { messageId: 'errors.GroupAdminMerchantsValidationException' },
    });
    expect(checkUserRules({ role: 'NEBULARGROUPADMIN', merchantIds: ['acme', 'bravo'], groupIds: ['north', 'centro'] }, GROUPS)).toEqual({});
    expect(checkUserRules({ role: 'NEBULARMERCHANTUSER', merchantIds: ['acme'], groupIds: [] }, GROUPS)).toEqual({});
    expect(checkUserRules({ role: 'NEBULARMERCHANTUSER', merchantIds: [], groupIds: [] }, GROUPS)).toEqual({
      merchantIds: { messageId: 'errors.UserMerchantRequiredException' },
    });
  });
});

describe('user list rows', () => {
  it('names merchants and groups, keeping ids the caller cannot name', () => {
    const row = toUserRow(
      user({ merchantIds: ['acme', 'other'], groupIds: ['north', 'gone'] }),
      [{ id: 'acme', name: 'Acme Vending', currency: 'EUR', features: [] }],
      GROUPS,
    );
    expect(row.merchantNames).toEqual(['Acme Vending', 'other']);
    expect(row.groupNames).toEqual(['Acme North', 'gone']);
  });

  it('loads group names only for visible merchants of users that have groups', () => {
    const visible = [
      { id: 'acme', name: 'Acme', currency: 'EUR', features: [] },
      { id: 'bravo', name: 'Bravo', currency: 'EUR', features: [] },
    ];
    expect(merchantsToName([user({ merchantIds: ['acme', 'foreign'] }), user({ merchantIds: ['bravo'], groupIds: [] })], visible)).toEqual(['acme']);
  });
});

describe('manage area navigation (spec §2)', () => {
  it('/manage opens clients for a merchant user, groups for a group admin, users otherwise', () => {
    expect(manageHome('NEBULARMERCHANTUSER')).toBe('/manage/clients');
    expect(manageHome('NEBULARGROUPADMIN')).toBe('/manage/groups');
    expect(manageHome('NEBULARMERCHANTADMIN')).toBe('/manage/users');
    expect(manageHome('NEBULARSUPERADMIN')).toBe('/manage/users');
    for (const role of ROLES) expect(canOpen(manageHome(role), role)).toBe(true);
  });

  it('shows Users to administrators and Groups to every role but the merchant user', () => {
    const ids = (role: (typeof ROLES)[number]) => menuFor(role, null).map((e) => e.id);
    expect(ids('NEBULARSUPERADMIN')).toEqual(expect.arrayContaining(['admin-users', 'manage-users', 'manage-groups']));
    expect(ids('NEBULARMERCHANTADMIN')).toEqual(expect.arrayContaining(['manage-users', 'manage-groups']));
    expect(ids('NEBULARMERCHANTADMIN')).not.toContain('admin-users');
    expect(ids('NEBULARGROUPADMIN')).toContain('manage-groups');
    expect(ids('NEBULARGROUPADMIN')).not.toContain('manage-users');
    expect(ids('NEBULARMERCHANTUSER').filter((id) => id.includes('users') || id.includes('groups'))).toEqual([]);
    expect(MENU.map((e) => e.id)).toEqual(expect.arrayContaining(['admin-users', 'manage-users', 'manage-groups']));
  });
});
