/**
 * Reports in the browser (issue 31 items 4–5): a merchant admin builds a products report of today, sees its table and
 * totals, and downloads the PDF, whose first page reads the report's title; a range without sales shows the spec's
 * "no data for the period"; the choice is kept across visits.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { pdfPages } from '../support/pdf-text';
import {
  ACME_USERS,
  api,
  connectBrowser,
  demoUser,
  downloadedFile,
  expectAccessible,
  getStack,
  idToken,
  newPage,
  signInToDashboard,
  uiMessages,
  waitUntil,
} from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
/** An Acme machine the other browser tests leave alone. */
const SERIAL = 'CUNI-00000009';
const PRODUCT = 'E2E-REPORT';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'NEBULARMERCHANTADMIN');
  const token = await idToken(admin.email, admin.password);
  const device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
  const now = new Date(Date.now() - 60_000).toISOString();
  const sale = (value: number) => saleTransaction({ type: 2, productCode: PRODUCT, product: 'Čaj Brașov', priceTable: 1, value, createdAt: now });
  await device.publish('sales', salesMessage(SERIAL, [sale(150), sale(150), sale(250)]));
  await device.client.endAsync();
  // The product in Acme's catalogue, so the report form offers it.
  await api(token, 'POST', '/merchants/acme-vending/products', { code: PRODUCT, name: 'Čaj Brașov', productType: 'A', vat: 10 });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  await waitUntil('the sales counted for the report', async () => {
    const report = await api<{ rows: Array<{ productCode: string; sold: number }> }>(
      token,
      'GET',
      `/report/products?merchantId=acme-vending&from=${today}&to=${today}&productCode=${PRODUCT}`,
    ).catch(() => undefined);
    return report?.rows[0]?.sold === 3;
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('reports', () => {
  it('a merchant admin builds a products report, sees the result and downloads its PDF', async () => {
    const page = await newPage(browser, ACME_USERS);
    await signInToDashboard(page, stack.web, demoUser(stack, 'NEBULARMERCHANTADMIN'));
    const messages = await uiMessages(page);

    // A range without sales (the choice as kept locally): the spec's message, not an empty table.
    await page.evaluate(() =>
      localStorage.setItem('reports:choice', JSON.stringify({ type: 'products', from: '2020-01-01', to: '2020-01-31', parameter: null })),
    );
    await page.goto(web('/transactions/reports/result'));
    await expect.poll(() => page.getByTestId('report-no-data').textContent()).toContain(messages['reports.error.noData']);

    // Products (the default type), today, the one product sold here.
    await page.goto(web('/transactions/reports'));
    expect(await page.getByTestId('report-type').inputValue()).toBe('products');
    await page.getByTestId('date-range-preset').selectOption('today');
    await page.getByTestId('report-parameter-productCode').selectOption(PRODUCT);
    await expectAccessible(page, 'reports');
    await page.getByTestId('report-show').click();
    await page.waitForURL(/\/transactions\/reports\/result$/);
    const row = page.getByTestId('report-table').locator('tbody tr').first();
    await expect.poll(() => row.locator('[data-column="productCode"]').textContent()).toBe(PRODUCT);
    expect(await row.locator('[data-column="product"]').textContent()).toBe('Čaj Brașov');
    expect(await row.locator('[data-column="sold"]').textContent()).toBe('3');
    // Acme's admin reads Italian: €5.50 is "5,50 €".
    expect((await page.getByTestId('report-totals').locator('[data-column="value"]').textContent())?.replace(/\s/g, ' ')).toBe('5,50 €');
    await expectAccessible(page, 'a report’s result');

    // The PDF, made by the workflow: its first page carries the title in the user's language and the product.
    const download = page.waitForEvent('download');
    await page.getByTestId('report-download-pdf').click();
    const pdf = await readFile(await downloadedFile(await download));
    const [first] = pdfPages(pdf);
    expect(first![0]).toBe(messages['reports.type.products']);
    expect(first).toContain('Čaj Brașov');

    // The choice is kept for the next visit; on a phone the form and the result fit the screen (a wide table scrolls in its card).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(web('/transactions/reports'));
    expect(await page.getByTestId('report-parameter-productCode').inputValue()).toBe(PRODUCT);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.goto(web('/transactions/reports/result'));
    await page.getByTestId('report-totals').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'a report’s result on a phone');
    await page.close();
  });
});
