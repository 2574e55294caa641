import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';

/** What test/e2e/global-setup.ts provides as `stack`. */
export interface E2eStack {
  web: string;
  api: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  users: { role: string; email: string; password: string; merchantIds: string[] }[];
}

export function getStack(): E2eStack {
  // Read untyped so this helper does not depend on how global-setup declares ProvidedContext.
  const stack = (inject as unknown as (key: string) => unknown)('stack') as E2eStack | undefined;
  if (!stack?.web || !Array.isArray(stack.users)) throw new Error('the e2e global setup did not provide `stack`');
  return stack;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../.local/e2e-screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

/** Signs in through the login form. */
export async function signIn(page: Page, web: string, email: string, password: string): Promise<void> {
  await page.goto(new URL('/login', web).toString());
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
