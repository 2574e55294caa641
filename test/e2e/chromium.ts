import { chromium, type BrowserServer } from 'playwright-core';

/**
 * The one Chromium of the browser tests (Debian's, driven by playwright-core): test/e2e/global-setup.ts launches it
 * as a server and every test file connects to it (browser.ts), instead of each file starting its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
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

/** Where Amplify keeps a signed-in user's Cognito tokens: localStorage keys with this prefix. */
export const AMPLIFY_TOKEN_PREFIX = 'CognitoIdentityServiceProvider.';

/** A signed-in session: the console origin's localStorage (Amplify's tokens, the user's language) right after the sign-in. */
export type SavedSession = [key: string, value: string][];

/**
 * Signs each user in once through the login form and keeps the localStorage of the context's storage state
 * (playwright's storageState), by e-mail: signInToDashboard restores it, as a returning user has it, instead of
 * filling the form again.
 */
export async function signInOnce(wsEndpoint: string, web: string, users: { email: string; password: string }[]): Promise<Record<string, SavedSession>> {
  const browser = await chromium.connect(wsEndpoint);
  try {
    const sessions: Record<string, SavedSession> = {};
    await Promise.all(
      users.map(async (user) => {
        const context = await browser.newContext({ locale: 'en-US' });
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(60_000);
          await page.goto(new URL('/login', web).toString());
          await page.getByTestId('login-email').fill(user.email);
          await page.getByTestId('login-password').fill(user.password);
          await page.getByTestId('login-submit').click();
          await page.waitForURL(/\/dashboard$/);
          await page.getByTestId('dashboard').waitFor();
          const origin = (await context.storageState()).origins.find((o) => o.origin === new URL(web).origin);
          // The session, not what the user chose on screens (open menu groups, table states): those stay as a test leaves them.
          sessions[user.email] = (origin?.localStorage ?? []).filter((e) => !/^(menu|tables):/.test(e.name)).map((e) => [e.name, e.value]);
        } finally {
          await context.close();
        }
      }),
    );
    return sessions;
  } finally {
    await browser.close();
  }
}
