import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  connectBrowser,
  newPage,
  signInToDashboard,
  toast,
  uiMessages,
  downloadedFile,
  signInAt,
} from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();

const isMerchantPage = (page: number) => (url: string) => {
  const u = new URL(url);
  return u.pathname.endsWith('/api/v1/merchants') && u.searchParams.get('page') === String(page);
};

let browser: Browser;
const run = Date.now().toString(36);
let superAdminToken: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'NEBULARSUPERADMIN');
  superAdminToken = await idToken(admin.email, admin.password);
  // Enough merchants for a second page of 20 rows.
  for (let i = 1; i <= 20; i++) {
    await api(superAdminToken, 'POST', '/merchants', {
      name: `E2E Bulk ${run} ${String(i).padStart(2, '0')}`,
      country: 'IT',
      language: 'it',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      contactEmail: `bulk${i}@example.com`,
    });
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('merchant administration', () => {
  it('the super admin creates a merchant, sets its settings and finds it again with the table state kept', async () => {
    const admin = demoUser(stack, 'NEBULARSUPERADMIN');
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, admin);
    const messages = await uiMessages(page);

    await page.locator('[data-testid="side-menu"] [data-menu-id="admin-merchants"]').waitFor({ state: 'attached' });
    await page.goto(web('/admin')); // → /admin/merchants
    await page.waitForURL(/\/admin\/merchants$/);
    await page.getByTestId('merchant-create').click();

    // Required fields are checked before anything is sent.
    await page.getByTestId('merchant-submit').click();
    await expect.poll(() => page.getByTestId('error-name').textContent()).toBe(messages['validation.required']);
    await expect.poll(() => page.getByTestId('error-country').textContent()).toBe(messages['validation.required']);

    // "Aardvark" sorts last in descending order: on page 2.
    const name = `Aardvark E2E ${run}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-contactEmail').fill('ops@aardvark.example');
    await page.getByTestId('field-country').selectOption('ES');
    await page.getByTestId('merchant-submit').click();
    await toast(page, messages['merchants.created']!).waitFor();
    await page.waitForURL(/\/admin\/merchants\/[^/]+$/);
    const merchantId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const created = await api<{ name: string; currency: string }>(superAdminToken, 'GET', `/merchants/${merchantId}`);
    expect(created).toMatchObject({ name, currency: 'EUR' });

    // Settings: a 7-digit PIN is refused in the UI language; valid settings are saved.
    await page.getByTestId('merchant-settings-link').click();
    await page.waitForURL(/\/setting$/);
    await page.getByTestId('field-deviceAssociationPin').fill('1234567');
    await page.getByTestId('field-maximumRefund').fill('12.5');
    await page.getByTestId('merchant-settings-submit').click();
    await expect.poll(() => page.getByTestId('error-deviceAssociationPin').textContent()).toBe(messages['errors.validation.pin']);
    await expectAccessible(page, 'merchant settings with its error');
    expect((await api<{ deviceAssociationPin: string }>(superAdminToken, 'GET', `/merchants/${merchantId}/settings`)).deviceAssociationPin).toBe('');

    await page.getByTestId('field-deviceAssociationPin').fill('12345678');
    // The anomaly thresholds: percentages on the screen, fractions in the API; 150 % is refused in the UI language.
    expect(await page.getByTestId('field-anomalyProbability').inputValue()).toBe('0.1');
    await page.getByTestId('field-anomalyProbability').fill('150');
    await page.getByTestId('merchant-settings-submit').click();
    await expect.poll(() => page.getByTestId('error-anomalyProbability').textContent()).toBe(messages['anomalies.settings.percent.invalid']);
    await page.getByTestId('field-anomalyProbability').fill('0.05');
    await page.getByTestId('field-anomalyOfflineHours').fill('6');
    await page.getByTestId('merchant-settings-submit').click();
    await toast(page, messages['merchantSettings.saved']!).waitFor();
    expect(await page.getByTestId('error-deviceAssociationPin').count()).toBe(0);
    expect(await api(superAdminToken, 'GET', `/merchants/${merchantId}/settings`)).toMatchObject({
      deviceAssociationPin: '12345678',
      maximumRefund: 1250,
      anomalyProbability: 0.0005,
      anomalyOfflineHours: 6,
      anomalyCashlessRatio: 0.5,
    });

    // The list: sort by name descending, hide a column, next page (one Query: the cursor of page 1 is sent).
    await page.goto(web('/admin/merchants'));
    const table = page.getByTestId('table-admin-merchants');
    await table.locator('tbody tr').first().waitFor();
    await page.getByTestId('sort-name').click(); // ascending → descending
    await expect.poll(() => table.locator('th[data-column="name"]').getAttribute('aria-sort')).toBe('descending');
    await page.getByTestId('table-columns').locator('summary').click();
    await page.getByTestId('table-columns').locator('input[data-column="contactEmail"]').uncheck();
    expect(await table.locator('th[data-column="contactEmail"]').count()).toBe(0);
    const nextPage = page.waitForRequest((r) => isMerchantPage(2)(r.url()));
    await page.getByTestId('table-next').click();
    expect(new URL((await nextPage).url()).searchParams.get('cursor')).toBeTruthy();
    await table.locator('tbody tr', { hasText: name }).waitFor();

    // After a reload the same page, order and columns come back (page 2 asked for by page and size).
    const reloaded = page.waitForRequest((r) => isMerchantPage(2)(r.url()));
    await page.reload();
    const request = new URL((await reloaded).url());
    expect(Object.fromEntries(request.searchParams)).toMatchObject({ page: '2', size: '20', ord: 'name', ordType: 'desc' });
    await table.locator('tbody tr', { hasText: name }).waitFor();
    await expect.poll(() => page.getByTestId('table-page').inputValue()).toBe('2');
    expect(await table.locator('th[data-column="name"]').getAttribute('aria-sort')).toBe('descending');
    expect(await table.locator('th[data-column="contactEmail"]').count()).toBe(0);
    expect(await table.locator('th[data-column="country"]').count()).toBe(1);

    // The CSV export has every merchant (not "all distributors") with the visible columns only.
    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const csv = await readFile(await downloadedFile(await download), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(['name', 'country', 'currency', 'language', 'featuresCount', 'createdAt'].map((c) => messages[`merchants.field.${c}`]).join(','));
    expect(lines.find((line) => line.startsWith(`${name},`))).toContain(',EUR,');
    const all = await api<{ id: string }[]>(superAdminToken, 'GET', '/merchants');
    expect(all.map((m) => m.id)).not.toContain('ALL');
    expect(lines).toHaveLength(1 + all.length);

    // Page 1 lists real merchants only, each a link to edit it, and the pager counts only them.
    await page.getByTestId('table-first').click();
    const first = table.locator('tbody tr').first();
    await expect.poll(() => first.getAttribute('data-row-id')).toBe(all.at(-1)!.id);
    expect(await table.locator('tbody tr[data-row-id="ALL"]').count()).toBe(0);
    expect(await first.locator('a').count()).toBe(1);
    await expect.poll(() => page.getByTestId('table-range').textContent()).toMatch(new RegExp(` ${all.length.toLocaleString('en-US')}$`));
  });

  it('tells the super admin when a merchant name is taken', async () => {
    const admin = demoUser(stack, 'NEBULARSUPERADMIN');
    const page = await newPage(browser);
    await signInAt(page, stack.web, admin, web('/admin/merchants/create'));
    const messages = await uiMessages(page);
    await page.getByTestId('field-name').fill(`e2e bulk ${run} 01`);
    await page.getByTestId('field-contactEmail').fill('dup@example.com');
    await page.getByTestId('field-country').selectOption('IT');
    await page.getByTestId('merchant-submit').click();
    await toast(page, messages['errors.DuplicateMerchantNameException']!).waitFor();
    await expect.poll(() => page.getByTestId('error-name').textContent()).toBe(messages['errors.DuplicateMerchantNameException']);
    expect(new URL(page.url()).pathname).toBe('/admin/merchants/create');
  });

  it('sends a merchant user who opens the merchant administration to /unauthorized', async () => {
    const user = demoUser(stack, 'NEBULARMERCHANTUSER');
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, user);
    expect(await page.locator('[data-menu-id="admin-merchants"]').count()).toBe(0);
    await page.goto(web('/admin/merchants'));
    await page.waitForURL(/\/unauthorized$/);
    await page.getByTestId('unauthorized').waitFor();
  });
});
