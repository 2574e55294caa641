import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canOpen } from '../../frontend/src/app/route-roles';
import { MENU } from '../../frontend/src/app/menu';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import type { Role } from '#schemas/roles';
import { api, CATALOGUES, expectAccessible, getStack, idToken, connectBrowser, newPage, signIn, signInToDashboard, uiMessages } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Calls the local user pool directly (cognito-local does not check request signatures). */
async function cognito(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(stack.cognito.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${action}: ${JSON.stringify(result)}`);
  return result;
}

describe('sign-in', () => {
  it('sends a visitor who is not signed in to the login page, in the browser language', async () => {
    const page = await newPage(browser);
    await page.goto(web('/dashboard'));
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByTestId('login-title').textContent()).toBe(en['login.title']);

    const french = await newPage(browser, { locale: 'fr-FR' });
    await french.goto(web('/'));
    await french.waitForURL(/\/login$/);
    await expect.poll(() => french.getByTestId('login-title').textContent()).toBe(fr['login.title']);
  });

  it.each(stack.users.map((user) => [user.role, user.email, user] as const))(
    '%s %s signs in and sees the dashboard and the menu of the role',
    async (_role, _email, user) => {
      const role = user.role as Role;
      const page = await newPage(browser);
      await signInToDashboard(page, stack.web, user);
      await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
      await expect.poll(() => page.getByTestId('dashboard-greeting').textContent()).toContain(user.email);
      const messages = await uiMessages(page);
      await expect.poll(() => page.getByTestId('dashboard-role').textContent()).toBe(messages[`roles.${role}`]);

      // The menu lists what the role may open: every ungated entry of the role, and nothing beyond the role.
      const shown = await page.locator('[data-testid="side-menu"] [data-menu-id]').evaluateAll((links) => links.map((a) => a.getAttribute('data-menu-id')));
      const allowed = MENU.filter((entry) => canOpen(entry.route, role));
      for (const entry of allowed.filter((e) => !e.feature)) expect(shown).toContain(entry.id);
      for (const id of shown) expect(allowed.map((e) => e.id)).toContain(id);

      // The merchant list loads; several merchants (or the super admin) get the selector, 'all distributors' first.
      await page.getByTestId('merchant-list').or(page.getByTestId('empty-state')).waitFor();
      const selector = page.getByTestId('merchant-selector');
      if (role === 'NEBULARSUPERADMIN') {
        await selector.waitFor();
        expect(await selector.locator('option').first().getAttribute('value')).toBe('ALL');
        expect(await selector.locator('option').first().textContent()).toBe(messages['merchant.all']);
      } else if (user.merchantIds.length > 1) {
        await selector.waitFor();
        expect(await selector.locator('option').count()).toBe(user.merchantIds.length);
      } else {
        expect(await selector.count()).toBe(0);
      }

      // Unknown paths lead back to the dashboard; /login is hidden once signed in.
      await page.goto(web('/no/such/screen'));
      await page.waitForURL(/\/dashboard$/);
      await page.goto(web('/login'));
      await page.waitForURL(/\/dashboard$/);

      // Logging out returns to the login page and protected screens are closed again.
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login$/);
      await page.goto(web('/dashboard'));
      await page.waitForURL(/\/login$/);
    },
  );

  it('tells the user about a wrong password and stays on the login page', async () => {
    const user = stack.users[0];
    if (!user) throw new Error('the stack has no demo users');
    const page = await newPage(browser);
    await signIn(page, stack.web, user.email, `${user.password}-wrong`);
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(en['login.error.wrongCredentials']);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page, 'login with its error');

    await signIn(page, stack.web, 'nobody@example.com', 'Whatever1!');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(en['login.error.wrongCredentials']);
  });

  it("switches the UI to the user's language after sign-in", async () => {
    const user = stack.users.find((u) => u.role === 'NEBULARMERCHANTUSER') ?? stack.users[0];
    if (!user) throw new Error('the stack has no demo users');
    const token = await idToken(user.email, user.password);
    const before = await api<{ language: string }>(token, 'GET', '/users/me');
    const target = before.language === 'de' ? 'es' : 'de';
    await api(token, 'PUT', '/users/me', { language: target });
    try {
      const page = await newPage(browser); // browser in English
      await signInToDashboard(page, stack.web, user);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(target);
      // Keys whose text differs from English in both candidate languages.
      await expect.poll(() => page.locator('#dashboard-merchants').textContent()).toBe(CATALOGUES[target]?.['dashboard.merchants.title']);
      await expect.poll(() => page.getByTestId('logout').getAttribute('title')).toBe(CATALOGUES[target]?.['common.logout']);

      // A reload keeps the user's language.
      await page.reload();
      await expect.poll(() => page.locator('#dashboard-merchants').textContent()).toBe(CATALOGUES[target]?.['dashboard.merchants.title']);
    } finally {
      await api(token, 'PUT', '/users/me', { language: before.language });
    }
  });

  it('asks a user with a temporary password for a new one, checking the password rules', async () => {
    const user = stack.users.at(-1);
    if (!user) throw new Error('the stack has no demo users');
    const temporary = 'Temp-Pass1!';
    const chosen = 'Chosen-Pass2#';
    await cognito('AdminSetUserPassword', { UserPoolId: stack.cognito.userPoolId, Username: user.email, Password: temporary, Permanent: false });
    try {
      const page = await newPage(browser);
      await signIn(page, stack.web, user.email, temporary);
      await page.getByTestId('new-password-form').waitFor();

      // Too weak and not repeated: every broken rule is listed and nothing is sent.
      await page.getByTestId('new-password').fill('weak');
      await page.getByTestId('new-password-confirm').fill('other');
      await page.getByTestId('new-password-submit').click();
      const problems = await page.getByTestId('password-problems').locator('li').allTextContents();
      await expectAccessible(page, 'new password with its problems');
      expect(problems).toEqual([
        en['password.rule.length'].replace('{min}', '8'),
        en['password.rule.uppercase'],
        en['password.rule.digit'],
        en['password.rule.special'],
        en['password.rule.match'],
      ]);

      await page.getByTestId('new-password').fill(chosen);
      await page.getByTestId('new-password-confirm').fill(chosen);
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
      expect(await idToken(user.email, chosen)).toMatch(/^ey/);
    } finally {
      await cognito('AdminSetUserPassword', { UserPoolId: stack.cognito.userPoolId, Username: user.email, Password: user.password, Permanent: true });
    }
  });

  it('sends a user without a valid role to /unauthorized, whose logout signs out', async () => {
    const user = stack.users.at(-1);
    if (!user) throw new Error('the stack has no demo users');
    const setRoles = (value: string) =>
      cognito('AdminUpdateUserAttributes', {
        UserPoolId: stack.cognito.userPoolId,
        Username: user.email,
        UserAttributes: [{ Name: 'custom:roles', Value: value }],
      });
    await setRoles('CUSTOMER');
    try {
      const page = await newPage(browser);
      await signIn(page, stack.web, user.email, user.password);
      await page.waitForURL(/\/unauthorized$/);
      await page.getByTestId('unauthorized').waitFor();
      await expectAccessible(page, 'unauthorized');
      await page.goto(web('/dashboard'));
      await page.waitForURL(/\/unauthorized$/);

      const started = Date.now();
      await page.getByTestId('unauthorized-logout').click();
      await page.waitForURL(/\/login$/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      await page.goto(web('/unauthorized'));
      await page.waitForURL(/\/login$/);
    } finally {
      await setRoles(user.role);
    }
  });
});
