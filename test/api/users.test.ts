import { randomUUID } from 'node:crypto';
import { AdminDeleteUserCommand, AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { createCognitoUser, localCognitoClientConfig, signInWithPassword } from '../../infra/local/emulators/cognito';
import { api } from './support/http';
import { demoUser, stack, stackDeps, tokenFor } from './support/stack';
import { NEW_PASSWORD, acceptInvitation, claimsOf, createUser, invitationsTo, uniqueEmail, updateBodyOf, userBody } from './support/users';

let superAdmin = '';
let merchantAdmin = '';
const cognito = new CognitoIdentityProviderClient(localCognitoClientConfig(stack.cognito.endpoint));
const identityOf = (email: string) => cognito.send(new AdminGetUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email })).catch(() => undefined);

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
});
afterAll(() => cognito.destroy());

describe('creating users', () => {
  it('the super admin creates a user: identity with the role claim, invitation emailed, record with every field', async () => {
    const body = userBody({
      role: 'NEBULARGROUPADMIN',
      groupIds: ['acme-north'],
      allowLicensing: true,
      receiveNotifications: false,
      language: 'de',
      invisibleFlags: ['BETA_FEATURES'],
    });
    const res = await api('/users', { method: 'POST', token: superAdmin, body: { ...body, email: body.email.toUpperCase() } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ ...body, email: body.email, invisibleFlags: ['BETA_FEATURES'] });
    const identity = await identityOf(body.email);
    expect(identity?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(identity?.UserAttributes?.find((a) => a.Name === 'sub')?.Value).toBe(res.body.id);
    expect(identity?.UserAttributes?.find((a) => a.Name === 'custom:roles')?.Value).toBe('NEBULARGROUPADMIN');
    const invitations = await invitationsTo(body.email);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.message).toContain(invitations[0]!.code);
    const read = await api(`/users/${res.body.id}`, { token: superAdmin });
    expect(read.body).toEqual(res.body);
  });

  it('the invited user signs in with the temporary password, sets a new one and sees only their merchant', async () => {
    const user = await createUser(merchantAdmin);
    const tokens = await acceptInvitation(user.email);
    expect(claimsOf(tokens.idToken)).toMatchObject({ sub: user.id, 'custom:roles': 'NEBULARMERCHANTUSER' });
    const me = await api('/users/me', { token: tokens.idToken });
    expect(me.body).toMatchObject({ id: user.id, role: 'NEBULARMERCHANTUSER', merchantIds: ['acme-vending'] });
    expect((await api('/users/me/merchants', { token: tokens.idToken })).body.map((m: { id: string }) => m.id)).toEqual(['acme-vending']);
    expect((await signInWithPassword(stack.cognito, user.email, NEW_PASSWORD)).idToken).toMatch(/^ey/);
  });

  it('a merchant admin creates users of its merchants only, never a super admin, never without a merchant, never with flags', async () => {
    const mine = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody() });
    expect(mine.status).toBe(201);
    expect(mine.body).not.toHaveProperty('invisibleFlags');
    const superAdminGrant = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ role: 'NEBULARSUPERADMIN', merchantIds: [] }) });
    expect(superAdminGrant.status).toBe(403);
    expect(superAdminGrant.body.code).toBe('ForbiddenException');
    const foreign = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ merchantIds: ['acme-vending', 'bravo-distribucion'] }) });
    expect(foreign.status).toBe(403);
    const none = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ merchantIds: [] }) });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'UserMerchantRequiredException', details: [{ path: 'body.merchantIds' }] });
    const flags = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ invisibleFlags: [] }) });
    expect(flags.status).toBe(400);
    expect(flags.body.code).toBe('InvisibleFlagsNotAllowedException');
    // None of the refused requests left an identity behind.
    for (const res of [superAdminGrant, foreign, none, flags]) expect(res.body.correlationId).toBeTruthy();
  });

  it('every non-super-admin role needs a merchant; a super admin has none', async () => {
    const res = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ role: 'NEBULARMERCHANTADMIN', merchantIds: [] }) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UserMerchantRequiredException');
    const sa = await api('/users', {
      method: 'POST',
      token: superAdmin,
      body: userBody({ role: 'NEBULARSUPERADMIN', merchantIds: ['acme-vending'], groupIds: ['acme-north'] }),
    });
    expect(sa.status).toBe(201);
    expect(sa.body).toMatchObject({ role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [] });
  });

  it('validates the email and the body with field paths', async () => {
    const res = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ email: 'not-an-email', role: 'ROOT', language: 'xx' }) });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.email', 'body.language', 'body.role']);
    const extra = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ id: 'mine' }) });
    expect(extra.status).toBe(400);
  });

  it('merchants must exist and groups must belong to one of the user’s merchants', async () => {
    const merchant = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ merchantIds: ['acme-vending', 'no-such-merchant'] }) });
    expect(merchant.status).toBe(400);
    expect(merchant.body).toMatchObject({ code: 'InvalidUserMerchantsException', details: [{ path: 'body.merchantIds.1' }] });
    const group = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ groupIds: ['acme-north', 'bravo-centro'] }) });
    expect(group.status).toBe(400);
    expect(group.body).toMatchObject({ code: 'InvalidUserGroupsException', details: [{ path: 'body.groupIds.1' }] });
  });

  it('a group admin needs a group in every merchant it is assigned (GroupAdminMerchantsValidationException)', async () => {
    const both = ['acme-vending', 'bravo-distribucion'];
    const missing = await api('/users', {
      method: 'POST',
      token: superAdmin,
      body: userBody({ role: 'NEBULARGROUPADMIN', merchantIds: both, groupIds: ['acme-north'] }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('GroupAdminMerchantsValidationException');
    expect(missing.body.details[0].message).toContain('bravo-distribucion');
    const none = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ role: 'NEBULARGROUPADMIN' }) });
    expect(none.body.code).toBe('GroupAdminMerchantsValidationException');
    const ok = await api('/users', {
      method: 'POST',
      token: superAdmin,
      body: userBody({ role: 'NEBULARGROUPADMIN', merchantIds: both, groupIds: ['acme-north', 'bravo-centro'] }),
    });
    expect(ok.status).toBe(201);
    const emptied = await api(`/users/${ok.body.id}`, { method: 'PUT', token: superAdmin, body: updateBodyOf(ok.body, { groupIds: ['bravo-centro'] }) });
    expect(emptied.body.code).toBe('GroupAdminMerchantsValidationException');
  });
});

describe('unique emails', () => {
  it('a taken email (any case) answers 409 DuplicateUserException “duplicate user”', async () => {
    const user = await createUser(superAdmin);
    const dup = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ email: user.email.toUpperCase() }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DuplicateUserException', message: 'duplicate user' });
  });

  it('10 racing creates of one email → one 201, nine 409, one user, one identity, one invitation', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api('/users', { method: 'POST', token: i % 2 ? superAdmin : merchantAdmin, body: userBody({ email }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('DuplicateUserException');
    const found = await api(`/users?search=${encodeURIComponent(email)}`, { token: superAdmin });
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([email]);
    expect(found.body.total).toBe(1);
    expect(await invitationsTo(email)).toHaveLength(1);
  });

  it('no half-created user: an email Cognito already has is refused, its reservation released, and works after cleanup', async () => {
    const email = uniqueEmail('orphan');
    await createCognitoUser(stack.cognito, { email, password: 'Orphan-passw0rd!', role: 'NEBULARMERCHANTUSER' });
    const refused = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ email }) });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DuplicateUserException');
    const { doc, config } = stackDeps();
    expect((await doc.send(new GetCommand({ TableName: config.tableName, Key: keys.userEmailGuard(email) }))).Item).toBeUndefined();
    expect((await api(`/users?search=${encodeURIComponent(email)}`, { token: superAdmin })).body.total).toBe(0);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email }));
    const retried = await api('/users', { method: 'POST', token: superAdmin, body: userBody({ email }) });
    expect(retried.status).toBe(201);
    expect((await identityOf(email))?.UserAttributes?.find((a) => a.Name === 'sub')?.Value).toBe(retried.body.id);
  });
});

describe('who sees and manages whom', () => {
  let acmeUser: Record<string, any>;
  let bravoUser: Record<string, any>;
  let sharedUser: Record<string, any>;

  beforeAll(async () => {
    acmeUser = await createUser(superAdmin);
    bravoUser = await createUser(superAdmin, { merchantIds: ['bravo-distribucion'] });
    sharedUser = await createUser(superAdmin, { merchantIds: ['acme-vending', 'bravo-distribucion'], invisibleFlags: ['SUPPORT_ACCESS'] });
  });

  it('a merchant admin sees users sharing a merchant, others are 404; invisible flags are hidden from it', async () => {
    const own = await api(`/users/${acmeUser.id}`, { token: merchantAdmin });
    expect(own.status).toBe(200);
    const shared = await api(`/users/${sharedUser.id}`, { token: merchantAdmin });
    expect(shared.status).toBe(200);
    expect(shared.body).not.toHaveProperty('invisibleFlags');
    expect((await api(`/users/${sharedUser.id}`, { token: superAdmin })).body.invisibleFlags).toEqual(['SUPPORT_ACCESS']);
    for (const id of [bravoUser.id, (await api('/users/me', { token: superAdmin })).body.id, randomUUID()]) {
      const res = await api(`/users/${id}`, { token: merchantAdmin });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('UserNotFoundException');
    }
  });

  it('a merchant admin manages only users all of whose merchants are its own (403 otherwise)', async () => {
    const put = await api(`/users/${sharedUser.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: updateBodyOf(sharedUser, { merchantIds: ['acme-vending'] }),
    });
    expect(put.status).toBe(403);
    expect((await api(`/users/${sharedUser.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(403);
    expect((await api(`/users/${bravoUser.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(404);
    const grant = await api(`/users/${acmeUser.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: updateBodyOf(acmeUser, { merchantIds: ['acme-vending', 'bravo-distribucion'] }),
    });
    expect(grant.status).toBe(403);
    const promote = await api(`/users/${acmeUser.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: updateBodyOf(acmeUser, { role: 'NEBULARSUPERADMIN', merchantIds: [] }),
    });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('ForbiddenException');
  });

  it('updates keep what the caller may not see: a merchant admin’s edit keeps the flags; it cannot send them', async () => {
    const target = await createUser(superAdmin, { invisibleFlags: ['API_ACCESS'] });
    const edited = await api(`/users/${target.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: updateBodyOf(target, { language: 'fr', allowLicensing: true }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ language: 'fr', allowLicensing: true });
    expect(edited.body).not.toHaveProperty('invisibleFlags');
    expect((await api(`/users/${target.id}`, { token: superAdmin })).body).toMatchObject({ language: 'fr', invisibleFlags: ['API_ACCESS'] });
    const refused = await api(`/users/${target.id}`, { method: 'PUT', token: merchantAdmin, body: { ...updateBodyOf(target), invisibleFlags: [] } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].path).toBe('body.invisibleFlags');
    const cleared = await api(`/users/${target.id}`, { method: 'PUT', token: superAdmin, body: { ...updateBodyOf(target), invisibleFlags: [] } });
    expect(cleared.body.invisibleFlags).toEqual([]);
  });

  it('nobody deletes or demotes themselves', async () => {
    const meId = (await api('/users/me', { token: superAdmin })).body.id;
    const del = await api(`/users/${meId}`, { method: 'DELETE', token: superAdmin });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('CannotDeleteOwnUserException');
    const admin = await createUser(superAdmin, { role: 'NEBULARMERCHANTADMIN' });
    const token = (await acceptInvitation(admin.email)).idToken;
    const demote = await api(`/users/${admin.id}`, { method: 'PUT', token, body: updateBodyOf(admin, { role: 'NEBULARMERCHANTUSER' }) });
    expect(demote.status).toBe(400);
    expect(demote.body.code).toBe('CannotChangeOwnRoleException');
    expect((await api(`/users/${admin.id}`, { method: 'DELETE', token })).body.code).toBe('CannotDeleteOwnUserException');
    const same = await api(`/users/${admin.id}`, { method: 'PUT', token, body: updateBodyOf(admin, { language: 'pt' }) });
    expect(same.status).toBe(200);
  });

  it('associate-group adds one group of the user’s merchants', async () => {
    const res = await api(`/users/${acmeUser.id}/associate-group`, { method: 'PUT', token: merchantAdmin, body: { groupId: 'acme-south' } });
    expect(res.status).toBe(200);
    expect(res.body.groupIds).toContain('acme-south');
    const again = await api(`/users/${acmeUser.id}/associate-group`, { method: 'PUT', token: merchantAdmin, body: { groupId: 'acme-south' } });
    expect(again.body.groupIds.filter((g: string) => g === 'acme-south')).toHaveLength(1);
    const foreign = await api(`/users/${acmeUser.id}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId: 'bravo-centro' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'InvalidUserGroupsException', details: [{ path: 'body.groupId' }] });
    expect((await api(`/users/${bravoUser.id}/associate-group`, { method: 'PUT', token: merchantAdmin, body: { groupId: 'acme-south' } })).status).toBe(404);
  });
});

describe('identity lifecycle', () => {
  it('a role change updates the identity’s claim: the old token stops working, a fresh one carries the new role', async () => {
    const user = await createUser(superAdmin);
    const before = await acceptInvitation(user.email);
    expect((await api('/users/me', { token: before.idToken })).status).toBe(200);
    const changed = await api(`/users/${user.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: updateBodyOf(user, { role: 'NEBULARGROUPADMIN', groupIds: ['acme-north'] }),
    });
    expect(changed.status, changed.text).toBe(200);
    const stale = await api('/users/me', { token: before.idToken });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('RoleChangedException');
    const fresh = await signInWithPassword(stack.cognito, user.email, NEW_PASSWORD);
    expect(claimsOf(fresh.idToken)['custom:roles']).toBe('NEBULARGROUPADMIN');
    expect((await api('/users/me', { token: fresh.idToken })).body).toMatchObject({ role: 'NEBULARGROUPADMIN', groupIds: ['acme-north'] });
  });

  it('deleting removes identity and record; the deleted user’s token is refused; the email can be used again', async () => {
    const user = await createUser(merchantAdmin);
    const { idToken } = await acceptInvitation(user.email);
    expect((await api('/users/me', { token: idToken })).status).toBe(200);
    const del = await api(`/users/${user.id}`, { method: 'DELETE', token: merchantAdmin });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    const after = await api('/users/me', { token: idToken });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('UnauthorizedUserException');
    expect((await api(`/users/${user.id}`, { token: merchantAdmin })).status).toBe(404);
    expect(await identityOf(user.email)).toBeUndefined();
    expect((await api(`/users/${user.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(404);
    const again = await api('/users', { method: 'POST', token: merchantAdmin, body: userBody({ email: user.email }) });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(user.id);
  });

  it('resends the invitation (a new temporary password) until the first sign-in, then 409 UserAlreadyActiveException', async () => {
    const user = await createUser(merchantAdmin);
    const res = await api(`/users/${user.id}/resend-invitation`, { method: 'POST', token: merchantAdmin });
    expect(res.status).toBe(204);
    const invitations = await invitationsTo(user.email);
    expect(invitations).toHaveLength(2);
    expect(invitations[1]!.code).not.toBe(invitations[0]!.code);
    await expect(signInWithPassword(stack.cognito, user.email, invitations[0]!.code)).rejects.toThrow();
    await acceptInvitation(user.email);
    const active = await api(`/users/${user.id}/resend-invitation`, { method: 'POST', token: superAdmin });
    expect(active.status).toBe(409);
    expect(active.body.code).toBe('UserAlreadyActiveException');
    expect(await invitationsTo(user.email)).toHaveLength(2);
  });
});

describe('lists', () => {
  const tag = `list${randomUUID().slice(0, 6)}`;
  const emails: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const email = `${tag}-${i}@example.test`;
      emails.push(email);
      await createUser(superAdmin, { email, ...(i >= 3 ? { role: 'NEBULARMERCHANTADMIN' } : {}), ...(i === 4 ? { merchantIds: ['bravo-distribucion'] } : {}) });
    }
  });

  it('GET /users pages by email with page/size and with the cursor alike; search counts the matches', async () => {
    const first = await api(`/users?search=${tag}&size=2`, { token: superAdmin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(first.body.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(0, 2));
    const byCursor = await api(`/users?search=${tag}&size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    const byPage = await api(`/users?search=${tag}&size=2&page=2`, { token: superAdmin });
    expect(byCursor.body.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(2, 4));
    expect(byPage.body.items).toEqual(byCursor.body.items);
    const last = await api(`/users?search=${tag}&size=2&page=3&cursor=${byCursor.body.cursor}`, { token: superAdmin });
    expect(last.body.items.map((u: { email: string }) => u.email)).toEqual([emails[4]]);
    expect(last.body.cursor).toBeUndefined();
    const desc = await api(`/users?search=${tag}&size=2&ordType=desc`, { token: superAdmin });
    expect(desc.body.items.map((u: { email: string }) => u.email)).toEqual([emails[4], emails[3]]);
    expect(first.body.items[0].invisibleFlags).toEqual([]);
  });

  it('role narrows (with counters when there is no search), a cursor of another search is refused, short searches are 400', async () => {
    const admins = await api(`/users?search=${tag}&role=NEBULARMERCHANTADMIN`, { token: superAdmin });
    expect(admins.body.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(3));
    expect(admins.body.total).toBe(2);
    const all = await api('/users/all', { token: superAdmin });
    const byRole = await api('/users?role=NEBULARMERCHANTADMIN&size=1', { token: superAdmin });
    expect(byRole.body.total).toBe(all.body.filter((u: { role: string }) => u.role === 'NEBULARMERCHANTADMIN').length);
    expect((await api('/users?size=1', { token: superAdmin })).body.total).toBe(all.body.length);
    const first = await api(`/users?search=${tag}&size=2`, { token: superAdmin });
    const wrong = await api(`/users?search=zzz&size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('InvalidCursorException');
    const short = await api('/users?search=ab', { token: superAdmin });
    expect(short.status).toBe(400);
    expect(short.body.details[0].path).toBe('query.search');
    expect((await api('/users', { token: merchantAdmin })).status).toBe(403);
  });

  it('GET /merchants/{id}/users lists a merchant’s users; a foreign merchant is 404; ALL is every user for the super admin', async () => {
    const acme = await api(`/merchants/acme-vending/users?search=${tag}`, { token: merchantAdmin });
    expect(acme.status).toBe(200);
    expect(acme.body.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(0, 4));
    expect(acme.body.items[0]).not.toHaveProperty('invisibleFlags');
    const counted = await api('/merchants/acme-vending/users?size=1', { token: merchantAdmin });
    const visible = await api('/users/all?merchantId=acme-vending', { token: superAdmin });
    expect(counted.body.total).toBe(visible.body.length);
    expect((await api('/merchants/bravo-distribucion/users', { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/merchants/bravo-distribucion/users?search=${tag}`, { token: superAdmin })).body.items.map((u: { email: string }) => u.email)).toEqual([
      emails[4],
    ]);
    expect((await api(`/merchants/ALL/users?search=${tag}`, { token: superAdmin })).body.total).toBe(5);
    expect((await api('/merchants/ALL/users', { token: merchantAdmin })).status).toBe(404);
    const acmeCursor = await api(`/merchants/acme-vending/users?search=${tag}&size=2`, { token: merchantAdmin });
    const cross = await api(`/merchants/bravo-distribucion/users?search=${tag}&size=2&page=2&cursor=${acmeCursor.body.cursor}`, { token: superAdmin });
    expect(cross.body.code).toBe('InvalidCursorException');
  });

  it('GET /users/all: everything visible, without duplicates; a merchant admin gets its merchants’ users only', async () => {
    const mine = await api('/users/all', { token: merchantAdmin });
    expect(mine.status).toBe(200);
    const ours = mine.body.filter((u: { email: string }) => u.email.startsWith(tag)).map((u: { email: string }) => u.email);
    expect(ours).toEqual(emails.slice(0, 4));
    expect(mine.body.every((u: { merchantIds: string[] }) => u.merchantIds.includes('acme-vending'))).toBe(true);
    expect(new Set(mine.body.map((u: { id: string }) => u.id)).size).toBe(mine.body.length);
    expect(mine.body.some((u: { email: string }) => u.email === demoUser('NEBULARSUPERADMIN').email)).toBe(false);
    expect((await api('/users/all?merchantId=bravo-distribucion', { token: merchantAdmin })).status).toBe(404);
  });

  it('GET /users/csv downloads the visible users as CSV', async () => {
    const res = await api('/users/csv', { token: merchantAdmin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,email,role,language,merchantIds,groupIds,allowLicensing,receiveNotifications,createdAt,updatedAt');
    const row = lines.find((l) => l.includes(emails[3]!))!;
    expect(row.split(',').slice(1, 5)).toEqual([emails[3], 'NEBULARMERCHANTADMIN', 'en', 'acme-vending']);
    expect(res.text).not.toContain(emails[4]);
    const full = await api('/users/csv?merchantId=bravo-distribucion', { token: superAdmin });
    expect(full.headers.get('content-disposition')).toBe('attachment; filename="users-bravo-distribucion.csv"');
    expect(full.text.split('\r\n')[0]).toMatch(/,invisibleFlags$/);
    expect(full.text).toContain(emails[4]);
    expect(full.text).not.toContain(emails[0]);
  });
});
