/**
 * The customer portal (issue 33 item 6): the super admin edits a distributor's portal (settings, contacts, the posts it
 * shows, a logo checked by the server from its bytes) and sees it as a customer would, on a phone and on a desktop.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../infra/local/demo-images';
import type { StackInfo } from '../../infra/local/stack-info';
import { api, connectBrowser, demoUser, expectAccessible, getStack, idToken, newPage, openInApp, signInToDashboard, toast, uiMessages } from './browser';

const stack = getStack();
/** The global setup provides the whole stack info: the S3 emulator's endpoint and buckets too. */
const info = stack as unknown as StackInfo;
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/manage/cogeskey-portal and /cogeskey/preview', () => {
  it('the super admin edits a portal, uploads its logo (an oversized one is refused) and sees the preview in its colours', async () => {
    const superAdmin = demoUser(stack, 'NEBULARSUPERADMIN');
    const token = await idToken(superAdmin.email, superAdmin.password);
    const merchant = await api<{ id: string }>(token, 'POST', '/merchants', {
      name: `E2E portal ${Date.now().toString(36)}`,
      country: 'IT',
      language: 'it',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      contactEmail: 'contact@merchant.example',
    });
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, superAdmin);
    const messages = await uiMessages(page);
    await openInApp(page, '/manage/cogeskey-portal');
    await page.getByTestId('merchant-selector').selectOption(merchant.id);
    await page.getByTestId('portal-not-configured').waitFor();

    const form = page.getByTestId('portal-settings-form');
    await form.getByTestId('field-name').fill('Lilac Break');
    await form.getByTestId('field-mainColor').fill('nope');
    await page.getByTestId('portal-save').click();
    await form.getByTestId('error-mainColor').waitFor();
    await form.getByTestId('field-mainColor').fill('#7c3aed');
    await form.getByTestId('field-mobileTheme').selectOption('1');
    await page.getByTestId('portal-contact-add').click();
    await form.getByTestId('field-contact-0-label').fill('Help desk');
    await form.getByTestId('field-contact-0-phone').fill('+39 02 1234567');
    await form.getByTestId('field-contact-0-email').fill('help@lilac.example.com');
    await form.getByTestId('field-post-demo-post-welcome').check();
    await form.getByTestId('field-service-demo-satispay').check();
    await page.getByTestId('portal-save').click();
    await toast(page, messages['cogeskey.saved']!).waitFor();
    await expect.poll(() => page.getByTestId('portal-not-configured').count()).toBe(0);

    const logo = page.getByTestId('portal-file-logo');
    await logo.getByTestId('portal-file-logo-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: pngImage(600, 200, '#7c3aed') });
    await toast(page, messages['cogeskey.error.imageTooLarge']!.replace('{width}', '500').replace('{height}', '200')).waitFor();
    expect(await logo.getByTestId('portal-file-logo-none').count()).toBe(1);
    await logo.getByTestId('portal-file-logo-input').setInputFiles({ name: 'lilac.png', mimeType: 'image/png', buffer: pngImage(400, 120, '#7c3aed') });
    await toast(page, messages['cogeskey.fileSaved']!).waitFor();
    await expect.poll(() => logo.getByTestId('portal-file-logo-current').textContent()).toContain('400 × 120 px');
    await logo.locator('img').waitFor();
    await expectAccessible(page, 'customer portal editor');

    await page.getByTestId('portal-preview-link').click();
    await page.waitForURL(/\/cogeskey\/preview$/);
    for (const device of ['phone', 'desktop'] as const) {
      const preview = page.getByTestId(`portal-preview-${device}`);
      const header = preview.getByTestId(`portal-preview-${device}-header`);
      await header.getByText('Lilac Break').waitFor();
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(124, 58, 237)');
      await header.locator('img').waitFor();
      expect(await preview.getByTestId(`portal-preview-${device}-contacts`).textContent()).toContain('help@lilac.example.com');
      await preview.getByText('Pay with your phone at every Acme machine').waitFor();
      expect(await preview.getByTestId(`portal-preview-${device}-services`).textContent()).toContain('Satispay');
    }
    // The phone shows the app's dark theme; the desktop the web portal's light one.
    expect(await page.getByTestId('portal-preview-phone').getAttribute('class')).toContain('portal-preview--dark');
    expect(await page.getByTestId('portal-preview-desktop').getAttribute('class')).not.toContain('portal-preview--dark');
    await expectAccessible(page, 'customer portal preview');
  });

  it('a merchant admin saves its storage config (the wrong credentials fail the connection test) and whitelists a screen', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'NEBULARMERCHANTADMIN'));
    const messages = await uiMessages(page);
    await openInApp(page, '/manage/storageconfig');
    const form = page.getByTestId('storage-config-form');
    await form.getByTestId('field-username').fill('NOT-A-KEY');
    await form.getByTestId('field-password').fill('e2e-storage-password');
    await form.getByTestId('field-storageUrl').fill(`${info.s3}/${info.buckets.exports}`);
    await page.getByTestId('storage-save').click();
    await toast(page, messages['storageConfig.saved']!).waitFor();
    expect(await form.getByTestId('field-password').inputValue()).toBe('');
    await form.getByText(messages['storageConfig.password.set']!).waitFor();
    await page.getByTestId('storage-test').click();
    await toast(page, messages['storageConfig.error.authentication']!).waitFor();
    expect(await page.content()).not.toContain('e2e-storage-password');
    await expectAccessible(page, 'storage config');

    await openInApp(page, '/manage/screen-configuration-whitelist/create');
    await page.getByTestId('field-serial').fill('CENG-00000099');
    await page.getByTestId('field-description').fill('Lobby screen');
    await page.getByTestId('whitelist-submit').click();
    await toast(page, messages['devicesWhitelist.added']!).waitFor();
    const row = page.getByTestId('whitelist-CENG-00000099');
    await row.waitFor();
    expect(await row.textContent()).toContain(messages['devicesWhitelist.valid']);
    await expectAccessible(page, 'devices whitelist');

    // On a phone: the demo's portal as its customers see it (its logo and the welcome post's image), and no screen wider than the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async (path: string) => expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await openInApp(page, '/cogeskey/preview');
    const phone = page.getByTestId('portal-preview-phone');
    await phone.locator('.portal-preview__post-image').waitFor();
    await phone.getByTestId('portal-preview-phone-header').getByText('Acme Break').waitFor();
    await phone.locator('header img').waitFor();
    await fits('/cogeskey/preview');
    await openInApp(page, '/manage/storageconfig');
    await page.getByTestId('storage-config-form').waitFor();
    await fits('/manage/storageconfig');
    await openInApp(page, '/manage/screen-configuration-whitelist');
    await page.getByTestId('whitelist').waitFor();
    await fits('/manage/screen-configuration-whitelist');
  });
});
