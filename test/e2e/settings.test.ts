import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import de from '../../frontend/src/i18n/de.json';
import en from '../../frontend/src/i18n/en.json';
import { createCognitoUser } from '../../infra/local/emulators/cognito';
import type { StackInfo } from '../../infra/local/stack-info';
import { stackDeps } from '../api/support/stack';
import { api, expectAccessible, connectBrowser, newPage, signIn, signInToDashboard, signInAt } from './browser';
import { menuLink } from './menu';

const stack: StackInfo = inject('stack');
const web = (path: string) => new URL(path, stack.web).toString();

interface TestUser {
  email: string;
  password: string;
}

/**
 * A throw-away merchant user (Cognito user + console user record, language en), so changing its language
 * or password never disturbs the demo users other test files sign in with.
 */
async function createUser(): Promise<TestUser> {
  const template = stack.users.find((u) => u.role === 'NEBULARMERCHANTUSER') ?? stack.users[0];
  if (!template) throw new Error('the stack has no demo users');
  const email = `settings-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Start-${randomBytes(4).toString('hex')}1!`;
  const sub = await createCognitoUser(stack.cognito, { email, password, role: 'NEBULARMERCHANTUSER' });
  const deps = stackDeps();
  try {
    const now = new Date().toISOString();
    await deps.users.put({
      id: sub,
      email,
      role: 'NEBULARMERCHANTUSER',
      language: 'en',
      merchantIds: template.merchantIds,
      groupIds: template.groupIds,
      allowLicensing: false,
      receiveNotifications: true,
      invisibleFlags: [],
      createdAt: now,
      updatedAt: now,
    });
  } finally {
    deps.doc.destroy();
  }
  return { email, password };
}

/** Calls the local user pool directly (cognito-local does not check request signatures). */
async function cognito(action: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(stack.cognito.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function idToken(user: TestUser): Promise<string | undefined> {
  const { body } = await cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.cognito.clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return (body.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
}

async function me(user: TestUser, language?: string): Promise<{ language: string }> {
  const token = await idToken(user);
  if (!token) throw new Error(`cannot sign ${user.email} in`);
  return api(token, language ? 'PUT' : 'GET', '/users/me', language ? { language } : undefined);
}

const myLanguage = async (user: TestUser) => (await me(user)).language;
/** Puts the user back to English, whatever a failed test left behind. */
const restoreEnglish = () => me(user, 'en');

/** The toasts' messages (without their close button). */
const toastTexts = (page: Page) => page.getByTestId('toast').locator('span').allTextContents();
const uiLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Amplify keeps the Cognito tokens in localStorage under CognitoIdentityServiceProvider.<client>.<user>.<name>. */
function storedToken(page: Page, name: 'idToken' | 'accessToken' | 'refreshToken'): Promise<string | null> {
  return page.evaluate((suffix) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith(`.${suffix}`));
    return key ? localStorage.getItem(key) : null;
  }, name);
}

/** Rewrites the stored ID and access tokens so their `exp` lies in the past (Amplify reads, never verifies them). */
async function expireStoredTokens(page: Page): Promise<void> {
  const rewritten = await page.evaluate(() => {
    const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const fromB64url = (part: string) => atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    let count = 0;
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('CognitoIdentityServiceProvider.') || !/\.(idToken|accessToken)$/.test(key)) continue;
      const [header, payload, signature] = (localStorage.getItem(key) ?? '').split('.');
      const claims = JSON.parse(fromB64url(payload ?? '')) as { exp: number; iat: number };
      claims.exp = Math.floor(Date.now() / 1000) - 120;
      claims.iat = claims.exp - 3600;
      localStorage.setItem(key, [header, b64url(JSON.stringify(claims)), signature].join('.'));
      count++;
    }
    return count;
  });
  expect(rewritten).toBe(2);
}

const tokenExpiry = (jwt: string | null) => (jwt ? (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number }).exp : 0);

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  [browser, user] = await Promise.all([connectBrowser(), createUser()]);
});
afterAll(async () => {
  await browser?.close();
});

describe('profile', () => {
  afterEach(restoreEnglish);

  it('shows the email and switches the UI language, which the next sign-in keeps', async () => {
    const page = await newPage(browser); // browser in English, user language en
    await signInToDashboard(page, stack.web, user);
    expect(await uiLanguage(page)).toBe('en');

    // The app bar leads to the profile; /settings leads there too.
    await page.getByTestId('user-profile-link').click();
    await page.waitForURL(/\/settings\/profile$/);
    await page.goto(web('/settings'));
    await page.waitForURL(/\/settings\/profile$/);
    await expect.poll(() => page.getByTestId('profile-email').inputValue()).toBe(user.email);
    expect(await page.getByTestId('profile-email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('profile-language').inputValue()).toBe('en');
    expect(await page.locator('h1').textContent()).toBe(en['profile.title']);

    await page.getByTestId('profile-language').selectOption('de');
    await expect.poll(() => uiLanguage(page)).toBe('de');
    await expect.poll(() => toastTexts(page)).toContain(de['profile.updated']);
    expect(await page.locator('h1').textContent()).toBe(de['profile.title']);
    expect(await page.locator('[data-menu-id="settings-password"]').textContent()).toBe(de['settings.menu.password']);
    expect(await page.getByTestId('logout').getAttribute('title')).toBe(de['common.logout']);
    expect(await myLanguage(user)).toBe('de');

    // A new sign-in, in a browser that never saw this user, opens in German.
    const next = await newPage(browser);
    await signInToDashboard(next, stack.web, user);
    await expect.poll(() => uiLanguage(next)).toBe('de');
    await expect.poll(() => next.locator('#dashboard-merchants').textContent()).toBe(de['dashboard.merchants.title']);

    // And back to English.
    await page.getByTestId('profile-language').selectOption('en');
    await expect.poll(() => uiLanguage(page)).toBe('en');
    await expect.poll(() => toastTexts(page)).toContain(en['profile.updated']);
    expect(await page.locator('h1').textContent()).toBe(en['profile.title']);
    expect(await myLanguage(user)).toBe('en');
  });

  it('keeps the language and tells the user when saving fails', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, user, web('/settings/profile'));
    await expect.poll(() => page.getByTestId('profile-language').inputValue()).toBe('en');

    await page.route('**/api/v1/users/me', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'ConflictException', message: 'The user was changed meanwhile', correlationId: 'e2e' }),
          })
        : route.fallback(),
    );
    await page.getByTestId('profile-language').selectOption('fr');
    await expect.poll(() => toastTexts(page)).toContain(en['profile.error.update']);
    expect(await page.locator('[data-testid="toast"].toast--error').count()).toBe(1);
    await expect.poll(() => page.getByTestId('profile-language').inputValue()).toBe('en');
    expect(await uiLanguage(page)).toBe('en');
    expect(await myLanguage(user)).toBe('en');
  });
});

describe('password', () => {
  it('checks the rules, refuses a wrong current password and changes the password', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, user);

    // From the menu; the profile links here too.
    await (await menuLink(page, 'settings-password')).click();
    await page.waitForURL(/\/settings\/password$/);
    await page.getByTestId('password-change-form').waitFor();
    const current = page.getByTestId('current-password');
    const fresh = page.getByTestId('new-password');
    const confirmation = page.getByTestId('new-password-confirm');
    const submit = page.getByTestId('password-change-submit');
    const problems = () => page.getByTestId('password-problems').locator('li').allTextContents();
    const changed = `Changed-${randomBytes(4).toString('hex')}2#`;

    // Confirmation differs.
    await current.fill(user.password);
    await fresh.fill(changed);
    await confirmation.fill(`${changed}x`);
    await submit.click();
    await expect.poll(problems).toEqual([en['password.rule.match']]);

    // Too weak.
    await fresh.fill('weak');
    await confirmation.fill('weak');
    await submit.click();
    await expect
      .poll(problems)
      .toEqual([en['password.rule.length'].replace('{min}', '8'), en['password.rule.uppercase'], en['password.rule.digit'], en['password.rule.special']]);
    expect(await idToken(user)).toMatch(/^ey/); // nothing was sent

    // Wrong current password.
    await current.fill('Not-The-Password9!');
    await fresh.fill(changed);
    await confirmation.fill(changed);
    await submit.click();
    await expect.poll(() => page.getByTestId('password-change-error').textContent()).toBe(en['password.error.wrongCurrent']);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('password-problems').count()).toBe(0);

    // Right current password.
    await current.fill(user.password);
    await submit.click();
    await expect.poll(() => toastTexts(page)).toContain(en['password.changed']);
    expect(await current.inputValue()).toBe('');
    expect(await page.getByTestId('password-change-error').count()).toBe(0);

    const old = user.password;
    user.password = changed;
    expect(await idToken({ email: user.email, password: old })).toBeUndefined();

    // Signing in again needs the new password.
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await signIn(page, stack.web, user.email, old);
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(en['login.error.wrongCredentials']);
    await signInToDashboard(page, stack.web, user);
  });

  it('is linked from the profile and from the app bar', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, user);
    await page.getByTestId('user-password-link').click();
    await page.waitForURL(/\/settings\/password$/);
    await page.getByTestId('password-change-form').waitFor();
    await page.goto(web('/settings/profile'));
    await page.getByTestId('profile-change-password').click();
    await page.waitForURL(/\/settings\/password$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(en['password.change.title']);
  });
});

/** The text of the elements a control's aria-describedby names (its accessible description). */
const description = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
/** The live region (aria-live or role=alert) an element is in, if any. */
const liveRegion = (element: Locator) =>
  element.evaluate((el) => {
    const region = el.closest('[aria-live], [role="alert"]');
    return region ? (region.getAttribute('aria-live') ?? region.getAttribute('role')) : null;
  });

describe('password errors for assistive technologies', () => {
  it('on the change-password page: each field is invalid and described by its problem, which is announced', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, user, web('/settings/password'));
    const current = page.getByTestId('current-password');
    const fresh = page.getByTestId('new-password');
    const confirmation = page.getByTestId('new-password-confirm');
    const submit = page.getByTestId('password-change-submit');

    // Nothing typed: both are required.
    await submit.click();
    await page.getByTestId('password-problems').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await description(current)).toBe(en['validation.required']);
    expect(await fresh.getAttribute('aria-invalid')).toBe('true');
    expect(await description(fresh)).toBe(await page.getByTestId('password-problems').textContent());
    expect(await liveRegion(page.getByTestId('password-problems'))).toBe('polite');
    await expectAccessible(page, 'change password with its problems');

    // A confirmation that differs makes that field invalid, described by the rule.
    const chosen = `Chosen-${randomBytes(4).toString('hex')}3$`;
    await fresh.fill(chosen);
    await confirmation.fill(`${chosen}x`);
    expect(await fresh.getAttribute('aria-invalid')).toBeNull();
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(await description(confirmation)).toBe(en['password.rule.match']);

    // A wrong current password: the form's error, in an alert, describes the current password field.
    await current.fill('Not-The-Password9!');
    await confirmation.fill(chosen);
    await submit.click();
    const error = page.getByTestId('password-change-error');
    await expect.poll(() => error.textContent()).toBe(en['password.error.wrongCurrent']);
    expect(await liveRegion(error)).toBe('alert');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await description(current)).toBe(en['password.error.wrongCurrent']);
    expect(await description(fresh)).toBe('');
    await expectAccessible(page, 'change password with its error');
  });

  it('on the first sign-in: the broken rules describe the new password fields and are announced', async () => {
    const email = `first-${randomBytes(4).toString('hex')}@example.com`;
    const temporary = `Temp-${randomBytes(4).toString('hex')}1!`;
    await createCognitoUser(stack.cognito, { email, password: temporary, role: 'NEBULARMERCHANTUSER', temporary: true });
    const page = await newPage(browser);
    await signIn(page, stack.web, email, temporary);
    await page.getByTestId('new-password-form').waitFor();
    const fresh = page.getByTestId('new-password');
    const confirmation = page.getByTestId('new-password-confirm');

    await fresh.fill('weak');
    await confirmation.fill('other');
    await page.getByTestId('new-password-submit').click();
    const problems = page.getByTestId('password-problems');
    await problems.waitFor();
    expect(await liveRegion(problems)).toBe('polite');
    for (const field of [fresh, confirmation]) {
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await description(field)).toBe(await problems.textContent());
    }
    expect(await description(fresh)).toContain(en['password.rule.digit']);
    expect(await description(confirmation)).toContain(en['password.rule.match']);
  });
});

describe('session tokens', () => {
  it('refreshes an expired ID token with the refresh token, and the API calls go on working', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, user);
    const before = await storedToken(page, 'idToken');
    expect(tokenExpiry(before)).toBeGreaterThan(Date.now() / 1000);

    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (/GetTokensFromRefreshToken|InitiateAuth/.test(target)) refreshCalls.push(target.split('.').pop() ?? target);
    });
    await expireStoredTokens(page);
    expect(tokenExpiry(await storedToken(page, 'idToken'))).toBeLessThan(Date.now() / 1000);

    // The next start asks Amplify for the session: it must refresh instead of signing the user out.
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('merchant-list').or(page.getByTestId('empty-state')).waitFor();
    expect(await page.getByTestId('error-state').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(refreshCalls).toContain('GetTokensFromRefreshToken');
    const after = await storedToken(page, 'idToken');
    expect(after).not.toBe(before);
    expect(tokenExpiry(after)).toBeGreaterThan(Date.now() / 1000);

    // An API call from a screen works with the refreshed token.
    await page.goto(web('/settings/profile'));
    await expect.poll(() => page.getByTestId('profile-email').inputValue()).toBe(user.email);
  });

  it('logs out when no token can be had any more (refresh token revoked)', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, user);
    await (await menuLink(page, 'settings-profile')).click();
    await expect.poll(() => page.getByTestId('profile-email').inputValue()).toBe(user.email);

    // The refresh token is revoked at the user pool and the ID token has expired.
    const refreshToken = await storedToken(page, 'refreshToken');
    expect(refreshToken).toBeTruthy();
    const revoked = await cognito('RevokeToken', { ClientId: stack.cognito.clientId, Token: refreshToken });
    expect(revoked.status).toBe(200);
    await expireStoredTokens(page);

    // The next API call cannot get a token: the app signs out and goes to the login page.
    await page.getByTestId('profile-language').selectOption('de');
    await page.waitForURL(/\/login$/);
    await expect.poll(() => toastTexts(page)).toContain(en['session.expired']);
    expect(await storedToken(page, 'idToken')).toBeNull();
    expect(await myLanguage(user)).toBe('en');
    await page.goto(web('/settings/profile'));
    await page.waitForURL(/\/login$/);
  });
});
