import { describe, expect, it } from 'vitest';
import { createCognitoUser, signInWithPassword } from '../../infra/local/emulators/cognito';
import { LANGUAGES } from '#schemas/collections';
import { ROLES } from '#schemas/roles';
import { signedToken } from './support/forged-tokens';
import { api } from './support/http';
import { demoUser, stack, stackDeps, tokenFor } from './support/stack';

describe('the signed-in user', () => {
  it('GET /users/me shows each role its own record', async () => {
    for (const role of ROLES) {
      const res = await api('/users/me', { token: await tokenFor(role) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: demoUser(role).email, role, merchantIds: demoUser(role).merchantIds });
    }
  });

  it('PUT /users/me changes only the language', async () => {
    const token = await tokenFor('NEBULARGROUPADMIN');
    const res = await api('/users/me', { method: 'PUT', token, body: { language: 'de' } });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('de');
    expect((await api('/users/me', { token })).body.language).toBe('de');
    await api('/users/me', { method: 'PUT', token, body: { language: demoUser('NEBULARGROUPADMIN').language } });
  });

  it('PUT /users/me refuses privileged and unknown fields and bad languages', async () => {
    const token = await tokenFor('NEBULARMERCHANTUSER');
    for (const body of [
      { language: 'de', role: 'NEBULARSUPERADMIN' },
      { language: 'de', merchantId: 'bravo-distribucion' },
      { language: 'de', merchantIds: ['bravo-distribucion'] },
      { language: 'de', createdAt: 'x' },
      { language: 'de', version: 2 },
      { language: 'xx' },
      {},
    ]) {
      const res = await api('/users/me', { method: 'PUT', token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('/users/me', { token })).body).toMatchObject({ role: 'NEBULARMERCHANTUSER', merchantIds: ['acme-vending'] });
  });

  it('GET /users/me/merchants: super admin gets all distributors first; others only theirs', async () => {
    const superAdmin = await api('/users/me/merchants', { token: await tokenFor('NEBULARSUPERADMIN') });
    expect(superAdmin.body[0]).toMatchObject({ id: 'ALL' });
    expect(superAdmin.body.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(['acme-vending', 'bravo-distribucion', 'colibri-cash']));
    const mine = await api('/users/me/merchants', { token: await tokenFor('NEBULARMERCHANTUSER') });
    expect(mine.body).toEqual([{ id: 'acme-vending', name: 'Acme Vending', currency: 'EUR', features: expect.any(Array) }]);
  });
});

describe('concurrent saves of one’s own profile (two tabs, a double click)', () => {
  const user = () => demoUser('NEBULARMERCHANTUSER');
  const putAll = async (languages: readonly string[]) => {
    const token = await tokenFor('NEBULARMERCHANTUSER');
    return Promise.all(languages.map((language) => api('/users/me', { method: 'PUT', token, body: { language } })));
  };
  /** The user's language as the merchant admin's list shows it (a copy of the record per merchant). */
  const listedLanguage = async () => {
    const res = await api(`/merchants/acme-vending/users?search=${encodeURIComponent(user().email)}`, { token: await tokenFor('NEBULARMERCHANTADMIN') });
    return res.body.items.map((u: { language: string }) => u.language);
  };

  it('20 PUT /users/me at once with the same language all answer 200', async () => {
    try {
      const answers = await putAll(Array.from({ length: 20 }, () => 'fr'));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(answers.every((a) => a.body.language === 'fr')).toBe(true);
      expect((await api('/users/me', { token: await tokenFor('NEBULARMERCHANTUSER') })).body.language).toBe('fr');
      expect(await listedLanguage()).toEqual(['fr']);
    } finally {
      await putAll([user().language]);
    }
  });

  it('20 PUT /users/me at once with different languages all answer 200; the user keeps one of them, the same in every copy', async () => {
    try {
      const written = Array.from({ length: 20 }, (_, i) => LANGUAGES[i % LANGUAGES.length]!);
      const answers = await putAll(written);
      expect(answers.map((a) => [a.status, a.body.code])).toEqual(written.map(() => [200, undefined]));
      answers.forEach((a, i) => expect(a.body.language).toBe(written[i]));
      const final = (await api('/users/me', { token: await tokenFor('NEBULARMERCHANTUSER') })).body.language;
      expect(written).toContain(final);
      expect(await listedLanguage()).toEqual([final]);
    } finally {
      await putAll([user().language]);
    }
  });
});

describe('role claim (spec §4)', () => {
  const as = async (claim: string) => api('/users/me', { token: await signedToken(await tokenFor('NEBULARMERCHANTUSER'), { 'custom:roles': claim }) });

  it('takes this tenant’s role from tenant=ROLE pairs, upper-cased', async () => {
    const res = await as('othertenant=NEBULARSUPERADMIN;nebular=nebularmerchantuser');
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('NEBULARMERCHANTUSER');
  });

  it('refuses a role given only for another tenant, an unknown role and CUSTOMER', async () => {
    for (const claim of ['othertenant=NEBULARSUPERADMIN', 'CUSTOMER', 'nebular=CUSTOMER', 'ADMIN', '']) {
      const res = await as(claim);
      expect(res.status, claim).toBe(403);
      expect(res.body.code).toBe('UnauthorizedUserException');
    }
  });

  it('an identity without a user record is refused with 403', async () => {
    const email = `stranger-${Date.now()}@demo.local`;
    await createCognitoUser(stack.cognito, { email, password: 'Str4nger!pass', role: 'NEBULARMERCHANTADMIN' });
    const { idToken } = await signInWithPassword(stack.cognito, email, 'Str4nger!pass');
    const res = await api('/users/me', { token: idToken });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('UnauthorizedUserException');
  });

  it('an access token is not accepted where the ID token is expected', async () => {
    const user = demoUser('NEBULARMERCHANTADMIN');
    const { accessToken } = await signInWithPassword(stack.cognito, user.email, user.password);
    const res = await api('/users/me', { token: accessToken });
    expect(res.status).toBe(401);
  });

  it('reads memberships from the user record', async () => {
    const user = await stackDeps().users.get((await api('/users/me', { token: await tokenFor('NEBULARGROUPADMIN') })).body.id);
    expect(user?.groupIds).toEqual(['acme-north']);
  });
});
