/**
 * The audit log in the browser (issue 28 item 6): a group admin and a merchant user have no menu entry, and the typed
 * address turns them away.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, getStack, launchBrowser, newPage, signInToDashboard } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const menuEntry = (page: Page, id: string) => page.locator(`[data-testid="side-menu"] [data-menu-id="${id}"]`);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('audit log', () => {
  it.each(['group.admin@demo.local', 'merchant.user@demo.local'])('%s has no menu entry and the typed address turns them away', async (email) => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, email));
    await menuEntry(page, 'alarms').waitFor();
    expect(await menuEntry(page, 'manage-audit-log').count()).toBe(0);
    await page.goto(web('/manage/audit-log'));
    await page.waitForURL(/\/unauthorized$/);
    await page.getByTestId('unauthorized').waitFor();
  });
});
