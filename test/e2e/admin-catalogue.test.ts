/**
 * The super admin's catalogues in the console (issue 33 items 3 and 5): a distributor's SAP codes (list, create,
 * edit, a duplicate refused under its field), the web payment services (list, create with a bad URL first, edit, a distributor's configuration with Assiopay min ≤ max) and blog posts (both languages, a sanitised preview).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoUser, expectAccessible, getStack, newPage, toast, uiMessages, signInAt } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36).toUpperCase();

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('super admin catalogues', () => {
  it('SAP codes: the distributor’s list from its screen, a new code, a duplicate refused, an edit', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'superadmin@demo.local'), web('/admin/merchants/acme-vending'));
    const messages = await uiMessages(page);
    await page.getByTestId('merchant-sap-codes-link').click();
    await page.waitForURL(/\/admin\/merchants\/acme-vending\/sapcodes$/);
    const table = page.getByTestId('table-admin-sap-codes');
    await table.locator('tbody tr', { hasText: 'SAP-100200' }).waitFor();
    await expectAccessible(page, 'SAP codes');

    const code = `E2E-${run}`;
    await page.getByTestId('sap-code-create').click();
    await page.waitForURL(/\/admin\/sapcodes\/create\?merchantId=acme-vending$/);
    await page.getByTestId('field-code').fill('not valid!');
    await page.getByTestId('sap-code-submit').click();
    expect(await page.getByTestId('error-code').textContent()).toBe(messages['sapCodes.field.code.invalid']);
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-description').fill('Keys of the e2e office');
    await page.getByTestId('sap-code-submit').click();
    await toast(page, messages['sapCodes.created']!).waitFor();
    await page.waitForURL(/\/admin\/merchants\/acme-vending\/sapcodes$/);

    await page.getByTestId('sap-code-create').click();
    await page.getByTestId('field-code').fill(code.toLowerCase());
    await page.getByTestId('sap-code-submit').click();
    expect(await page.getByTestId('error-code').textContent()).toBe(messages['sapCodes.error.duplicate']);

    await page.goto(web('/admin/merchants/acme-vending/sapcodes'));
    await table.locator('tbody tr', { hasText: code }).getByTestId('sap-code-link').click();
    await page.getByTestId('sap-code-detail-page').getByTestId('sap-code-form').waitFor();
    expect(await page.getByTestId('field-description').inputValue()).toBe('Keys of the e2e office');
    await page.getByTestId('field-description').fill('Keys of the e2e office, monthly');
    await page.getByTestId('sap-code-submit').click();
    await toast(page, messages['sapCodes.updated']!).waitFor();
    await page.reload();
    await page.getByTestId('sap-code-form').waitFor();
    expect(await page.getByTestId('field-description').inputValue()).toBe('Keys of the e2e office, monthly');
  });

  it('web payment services: the demo’s services, a new one (a bad URL refused first), an edit, Acme’s configuration of it', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'superadmin@demo.local'), web('/admin/webpayment-services'));
    const messages = await uiMessages(page);
    const table = page.getByTestId('table-admin-webpayment-services');
    await table.locator('tbody tr', { hasText: 'Satispay' }).first().waitFor();
    await expectAccessible(page, 'web payment services');

    const name = `E2E pay ${run}`;
    await page.getByTestId('webpayment-service-create').click();
    await page.waitForURL(/\/admin\/webpayment-services\/create$/);
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-url').fill('not a url');
    await page.getByTestId('field-type').selectOption('3');
    await page.getByTestId('webpayment-service-submit').click();
    expect(await page.getByTestId('error-url').textContent()).toBe(messages['errors.validation.url']);
    await page.getByTestId('field-url').fill('https://pay.example.com/e2e');
    await page.getByTestId('webpayment-service-submit').click();
    await toast(page, messages['webpaymentServices.created']!).waitFor();
    await page.waitForURL(/\/admin\/webpayment-services\/[0-9a-f-]{36}$/);
    // The detail page loads the service it opened with (its type shown by name once loaded).
    await expect.poll(() => page.getByTestId('field-type').inputValue()).toBe(messages['webpaymentServices.type.3']);

    await page.getByTestId('field-name').fill(`${name} 2`);
    await page.getByTestId('webpayment-service-submit').click();
    await toast(page, messages['webpaymentServices.updated']!).waitFor();

    // Acme's configuration of it: min above max refused under the max, then saved, then removed.
    await page.getByTestId('field-configMerchant').selectOption('acme-vending');
    const state = page.getByTestId('webpayment-config-state');
    expect(await state.textContent()).toBe(messages['webpaymentServices.config.notConfigured']);
    await page.getByTestId('field-charges').fill('15');
    await page.getByTestId('field-assiopayMin').fill('5000');
    await page.getByTestId('field-assiopayMax').fill('500');
    await page.getByTestId('webpayment-config-save').click();
    expect(await page.getByTestId('error-assiopayMax').textContent()).toBe(messages['webpaymentServices.config.minMax']);
    await page.getByTestId('field-assiopayMax').fill('10000');
    await page.getByTestId('webpayment-config-save').click();
    await toast(page, messages['webpaymentServices.config.saved']!).waitFor();
    await state.filter({ hasText: messages['webpaymentServices.config.configured']! }).waitFor();
    expect(await page.getByTestId('field-assiopayMax').inputValue()).toBe('10000');
    await page.getByTestId('webpayment-config-remove').click();
    await toast(page, messages['webpaymentServices.config.removed']!).waitFor();
    await state.filter({ hasText: messages['webpaymentServices.config.notConfigured']! }).waitFor();
    await page.goto(web('/admin/webpayment-services'));
    await table.locator('tbody tr', { hasText: `${name} 2` }).waitFor();
  });
  it('blog posts: the demo’s posts, a new one needing both languages, its preview without script or javascript: link', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'superadmin@demo.local'), web('/admin/blogposts'));
    const messages = await uiMessages(page);
    const table = page.getByTestId('table-admin-blog-posts');
    await table.locator('tbody tr', { hasText: 'pay-with-your-phone' }).waitFor();
    await expectAccessible(page, 'blog posts');

    await page.getByTestId('blog-post-create').click();
    await page.waitForURL(/\/admin\/blogposts\/create$/);
    const slug = `e2e-${run.toLowerCase()}`;
    await page.getByTestId('field-title').fill('E2E post');
    await page.getByTestId('field-slug').fill(slug);
    await page.getByTestId('field-contentIt').fill('Ciao <script>window.hacked = true</script> [premi](javascript:alert(1))');
    await page.getByTestId('blog-post-submit').click();
    expect(await page.getByTestId('error-contentEn').textContent()).toBe(messages['validation.required']);
    await page.getByTestId('field-contentEn').fill('Hello **world** <img src=x onerror="window.hacked = true"> [site](https://example.com)');
    await page.getByTestId('field-visibility').selectOption('1');
    await page.getByTestId('blog-post-submit').click();
    await toast(page, messages['blogPosts.created']!).waitFor();
    await page.waitForURL(/\/admin\/blogposts\/[0-9a-f-]{36}$/);

    const italian = page.getByTestId('blog-preview-It');
    const english = page.getByTestId('blog-preview-En');
    await english.locator('strong', { hasText: 'world' }).waitFor();
    expect(await english.locator('a').getAttribute('href')).toBe('https://example.com');
    expect(await italian.locator('script, a').count()).toBe(0);
    expect(await english.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await page.getByTestId('field-contentIt').inputValue()).toContain('<script>');
  });
});
