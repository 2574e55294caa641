import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Download, type Page, type Request, type Response } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { AMPLIFY_TOKEN_PREFIX, type SavedSession } from './chromium';
import de from '../../frontend/src/i18n/de.json';
import en from '../../frontend/src/i18n/en.json';
import es from '../../frontend/src/i18n/es.json';
import fr from '../../frontend/src/i18n/fr.json';
import itMessages from '../../frontend/src/i18n/it.json';
import pt from '../../frontend/src/i18n/pt.json';

/** What test/e2e/global-setup.ts provides as `stack`. */
export interface E2eStack {
  web: string;
  api: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  users: { role: string; email: string; password: string; merchantIds: string[]; groupIds: string[] }[];
}

// Read untyped so this helper does not depend on how global-setup declares ProvidedContext.
const provided = <T>(key: string) => (inject as unknown as (key: string) => unknown)(key) as T;

export function getStack(): E2eStack {
  const stack = provided<E2eStack | undefined>('stack');
  if (!stack?.web || !Array.isArray(stack.users)) throw new Error('the e2e global setup did not provide `stack`');
  return stack;
}

/** A demo user of the stack: by email, or by role where the role has one demo user. */
export function demoUser(stack: E2eStack, emailOrRole: string) {
  const user = stack.users.find((u) => (emailOrRole.includes('@') ? u.email === emailOrRole : u.role === emailOrRole));
  if (!user) throw new Error(`no demo user ${emailOrRole}`);
  return user;
}

/** The toast that says `text`. */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

const SCREENSHOTS = fileURLToPath(new URL('../../.local/e2e-screenshots/', import.meta.url));

/** The Chromium shared by the test files (global-setup.ts launches it); closing it disconnects this file only. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(provided<string>('browserEndpoint'));
}

/**
 * A page in a fresh context (no cookies or storage shared between tests). Call it inside a test: when the
 * test fails, a full-page screenshot goes to .local/e2e-screenshots/<test name>.png. The context closes
 * with the test.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Vitest runs onTestFinished before onTestFailed, so the screenshot is taken here, before closing.
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/[^\w.-]+/g, '_').slice(0, 120);
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true }).catch(() => undefined);
    }
    await context.close().catch(() => undefined);
  });
  return page;
}

/**
 * The time zone of Acme's demo users (its merchant's own). A screen's days ("today", a default range) are the browser's;
 * the API reads them as the merchant's days: a test that picks days and expects Acme's entries or sales on them runs
 * there, or between 23:00 and midnight UTC "today" is yesterday in Rome.
 */
export const ACME_USERS = { timezoneId: 'Europe/Rome' } as const;

/** Where a download was saved (the shared browser runs in another process: its own copy is out of reach). */
export async function downloadedFile(download: Download): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Signs in through the login form. */
export async function signIn(page: Page, web: string, email: string, password: string): Promise<void> {
  await page.goto(new URL('/login', web).toString());
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in and waits for the dashboard in the user's language. A demo user was signed in once through the form
 * (global-setup.ts): the localStorage saved then (Amplify's tokens, the language) is put back before the dashboard
 * loads, as a returning user has it. Any other user signs in through the form.
 */
export async function signInToDashboard(page: Page, web: string, user: { email: string; password: string }): Promise<void> {
  await signInAt(page, web, user, '/dashboard');
  await page.getByTestId('dashboard').waitFor();
}

/**
 * Signs in and opens `path` (or a full address) in the user's language, as a returning user opens a bookmark: the
 * console loads once, at that screen (each load of the console is about 1.5 CPU-seconds of Chromium). A user without a
 * saved session signs in through the form, then opens it.
 */
export async function signInAt(page: Page, web: string, user: { email: string; password: string }, path: string): Promise<void> {
  const target = new URL(path, web);
  const session = provided<Record<string, SavedSession>>('sessions')[user.email];
  if (!session) {
    await signIn(page, web, user.email, user.password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor();
    if (target.pathname !== '/dashboard') await page.goto(target.toString());
    return;
  }
  const restore = await page.addInitScript(
    ({ prefix, entries }) => {
      for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    { prefix: AMPLIFY_TOKEN_PREFIX, entries: session },
  );
  // The user's record as the console reads it, read as it arrives: a response's body is gone once its page has been
  // navigated away from (it was, once, under load), and then the next one counts.
  const records: { language: string }[] = [];
  const readRecord = (response: Response) => {
    if (response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/users/me'))
      response.json().then(
        (record) => records.push(record as { language: string }),
        () => undefined,
      );
  };
  page.on('response', readRecord);
  try {
    await page.goto(target.toString());
    // Once: a later navigation (after a sign-out, say) finds what the console left.
    await restore.dispose();
    await waitUntil('the console to read the user record', async () => records.length > 0, 15_000);
  } finally {
    page.off('response', readRecord);
  }
  // The form applies the user's language before the dashboard shows; a returning user's follows their record.
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, records.at(-1)!.language);
}

/** The requests of each page in flight and when that last changed (see networkQuiet). */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; changedAt: number }>();
function trafficOf(page: Page) {
  let state = traffic.get(page);
  if (!state) {
    const tracked = { inFlight: new Set<Request>(), changedAt: Date.now() };
    const ended = (request: Request) => {
      tracked.inFlight.delete(request);
      tracked.changedAt = Date.now();
    };
    page.on('request', (request) => {
      tracked.inFlight.add(request);
      tracked.changedAt = Date.now();
    });
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    traffic.set(page, (state = tracked));
  }
  return state;
}

/** Marks what `main` showed before openInApp navigates. */
const SHOWN_BEFORE = 'data-e2e-shown-before';

/**
 * Opens `path` (with its query) in the console loaded in `page` as its own links do: through the router, without a
 * reload (the session and axe-core stay loaded). Resolves once the new screen has replaced the previous one in
 * `main` (the router shows the previous screen until the new one's code has loaded); then wait for what the screen
 * shows, and networkQuiet for what it asks. Already there: nothing to do.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  trafficOf(page);
  const here = new URL(page.url());
  if (here.pathname + here.search === path) return;
  await page.evaluate(
    ([to, mark]) => {
      for (const element of document.querySelectorAll('main *')) element.setAttribute(mark, '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    [path, SHOWN_BEFORE] as const,
  );
  await page.waitForFunction((mark) => document.querySelector(`main *:not([${mark}])`) !== null, SHOWN_BEFORE);
}

/**
 * Resolves once no request of the page has been in flight for `quietMs`: waitForLoadState('networkidle') (500 ms)
 * for a screen opened without a reload (openInApp). Counts from the page's first openInApp.
 */
export async function networkQuiet(page: Page, quietMs = 300, timeoutMs = 15_000): Promise<void> {
  const state = trafficOf(page);
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight.size > 0 || Date.now() - state.changedAt < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`the page's requests did not end within ${timeoutMs / 1000} s: ${[...state.inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const CATALOGUES: Record<string, Record<string, string>> = { it: itMessages, en, es, fr, de, pt };

/** The catalogue of the language the page is shown in. */
export async function uiMessages(page: Page): Promise<Record<string, string>> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  const messages = CATALOGUES[lang];
  if (!messages) throw new Error(`unexpected UI language ${lang}`);
  return messages;
}

/** An ID token straight from the user pool (USER_PASSWORD_AUTH), to set up data through the API. */
export async function idToken(email: string, password: string): Promise<string> {
  const { cognito } = getStack();
  const response = await fetch(cognito.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken?: string } };
  const token = body.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`cannot sign ${email} in: ${JSON.stringify(body)}`);
  return token;
}

/** Calls the console API of the stack (path below /api/v1) with an ID token. */
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const { api: base } = getStack();
  const apiBase = /\/api\/v1\/?$/.test(base) ? base.replace(/\/$/, '') : new URL('/api/v1', base).toString();
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Waits, in a hook (expect.poll is for tests only), until `ready` answers true; fails after `timeoutMs`. */
export async function waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The payment service's callback (a public route: the merchant's API token in x-api-token): records a web payment
 * order and registers or updates its customer. Answers the customer's id.
 */
export async function paymentServiceOrder(merchantId: string, apiToken: string, body: unknown): Promise<{ customerId: string | null }> {
  const response = await fetch(new URL(`/api/v1/payment-service/${merchantId}/orders`, getStack().web), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-api-token': apiToken },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`payment service callback: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { customerId: string | null };
}

/** A customer of the merchant registered by a paid web order (the merchant needs CUSTOMERS_MEDIA and WEBPAYMENTS). */
export async function registerCustomer(token: string, merchantId: string, customer: Record<string, unknown>): Promise<string> {
  const { apiToken } = await api<{ apiToken: string }>(token, 'POST', `/merchants/${merchantId}/settings/api-token`);
  const order = { service: 1, serviceTransactionNumber: `E2E-${randomUUID()}`, type: 0, result: 1, amount: 250, currency: 'EUR', customer };
  const { customerId } = await paymentServiceOrder(merchantId, apiToken, order);
  if (!customerId) throw new Error('the payment service registered no customer');
  return customerId;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The WCAG 2.1 A/AA violations axe-core finds on the page as it is now, one line each: rule id, impact,
 * what it asks and the selectors of the elements that break it. Call it once the screen has loaded.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A table refreshing its rows is dimmed (aria-busy) on purpose: checked once it shows them (it failed contrast
  // whenever axe ran during a refresh, e.g. the remote commands list behind the command wizard).
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  // Evaluated rather than added as a <script>: the console's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } };
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  }, WCAG21_AA);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test when axe-core finds a WCAG 2.1 A/AA violation on the screen, listing them. */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) throw new Error(`${screenName}: ${violations.length} WCAG 2.1 A/AA violation(s)\n  ${violations.join('\n  ')}`);
}
