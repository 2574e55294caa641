import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiToken } from '../../functions/core/shared/api-token';
import { stackDeps } from '../api/support/stack';
import { connectBrowser, demoUser, expectAccessible, getStack, newPage, signInToDashboard, toast, uiMessages } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/manage/merchant-settings', () => {
  it('a merchant admin sees its settings, regenerates its API token, copies it, and never sees it again', async () => {
    const page = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signInToDashboard(page, web('/'), demoUser(stack, 'NEBULARMERCHANTADMIN'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-merchant-settings')).click();
    await page.waitForURL(/\/manage\/merchant-settings$/);
    const form = page.getByTestId('merchant-settings-form');
    await expect.poll(() => form.getByLabel(messages['merchantSettings.deviceAssociationPin']!, { exact: true }).inputValue()).toMatch(/^\d{8}$/);
    // The super admin's extra settings and flags are not on this screen.
    expect(await page.getByTestId('super-admin-settings-form').count()).toBe(0);
    await expectAccessible(page, 'manage merchant settings');

    await page.getByTestId('api-token-regenerate').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['merchantSettings.apiToken.regenerated']!).waitFor();
    const shown = await form.getByLabel(messages['merchantSettings.apiToken']!, { exact: true }).inputValue();
    expect(shown).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await page.getByTestId('api-token-copy').click();
    await toast(page, messages['merchantSettings.apiToken.copied']!).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    // What the server keeps is the hash of the token copied.
    expect((await stackDeps().merchantSettings.getSettings('acme-vending'))!.apiTokenHash).toBe(hashApiToken(shown));

    await page.reload();
    await page.getByTestId('api-token-state').waitFor();
    expect(await page.getByTestId('api-token-state').textContent()).toBe(messages['merchantSettings.apiToken.issued']);
    expect(await page.content()).not.toContain(shown);
  });
});
