import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../frontend/src/lib/format';
import { auditMessage, connectDevice, DexBook, saleTransaction, salesMessage, type SimulatedDevice } from '../../infra/local/simulator';
import { api, getStack, idToken, connectBrowser, newPage, signInToDashboard, uiMessages, downloadedFile, signInAt } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36);
/** A demo machine of Acme (acme-south) that the other browser tests leave alone. */
const SERIAL = 'CENG-00000006';

const merchantAdmin = () => stack.users.find((u) => u.email === 'merchant.admin@demo.local')!;

let browser: Browser;
let device: SimulatedDevice;
let adminToken: string;
let dex = '';
let readAt = '';
const saleId = `E2E${run}`;

beforeAll(async () => {
  browser = await connectBrowser();
  adminToken = await idToken(merchantAdmin().email, merchantAdmin().password);
  // The simulated device sells a product for 1.50 € in cash (1 € to the cash box, 50 c to the tubes), then is audited.
  device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
  const book = new DexBook();
  const sale = saleTransaction({
    id: saleId,
    type: 2,
    mediaType: 252,
    value: 150,
    currency: 'EUR',
    productCode: 'A12',
    line: 12,
    priceTable: 1,
    createdAt: new Date().toISOString(),
  });
  book.record(sale);
  await device.publish('sales', salesMessage(SERIAL, [sale]));
  readAt = new Date().toISOString();
  dex = book.text(SERIAL, readAt);
  await device.publish('audit', auditMessage(SERIAL, { readAt, origin: 1, dex }));
});

afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

describe('device history', () => {
  it('the merchant admin downloads an audit’s DEX, sees the cash figures and the sale of a simulated device', async () => {
    // Ingestion stored the audit and the sale.
    await expect
      .poll(async () => (await api<{ latest: { readAt: string } | null }>(adminToken, 'GET', `/pos/${SERIAL}/cash`)).latest?.readAt, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(new Date(readAt).toISOString());
    await expect
      .poll(
        async () =>
          (await api<{ items: Array<{ transactionId: string }> }>(adminToken, 'GET', `/pos/${SERIAL}/transactions?size=5`)).items.some(
            (t) => t.transactionId === saleId,
          ),
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(true);

    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    const lang = await page.evaluate(() => document.documentElement.lang);

    // Audits: newest first, origin and port labelled, the DEX downloads as {serial}-{readAt}.dex.
    await page.goto(web(`/devices/${SERIAL}/audits`));
    const audits = page.getByTestId('table-device-audits');
    const newest = audits.locator('tbody tr').first();
    await newest.waitFor();
    expect(await newest.locator('td[data-column="origin"]').textContent()).toBe(messages['labels.auditOrigin.user']);
    expect(await newest.locator('td[data-column="port"]').textContent()).toBe(messages['labels.auditPort.machine']);
    const download = page.waitForEvent('download');
    await newest.getByTestId('audit-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${SERIAL}-\\d{8}T\\d{6}Z\\.dex$`));
    expect(await readFile(await downloadedFile(file), 'utf8')).toBe(dex);

    // Cash: the latest audit's figures as cards and the cash box chart.
    await page.locator('[data-testid="device-tabs"] [data-tab="cash"]').click();
    await page.waitForURL(/\/cash$/);
    await page.getByTestId('cash-cards').waitFor();
    expect(await page.getByTestId('cash-cashBox').textContent()).toBe(formatMoney(100, 'EUR', lang));
    expect(await page.getByTestId('cash-tubeContents').textContent()).toBe(formatMoney(1540 + 50, 'EUR', lang));
    expect(await page.getByTestId('cash-cashSales').textContent()).toContain(formatMoney(150, 'EUR', lang));
    await page.getByTestId('cash-chart').waitFor();

    // Transactions: the sale with its labels and money in the page's language.
    await page.locator('[data-testid="device-tabs"] [data-tab="transactions"]').click();
    await page.waitForURL(/\/transactions$/);
    const sale = page.getByTestId('table-device-transactions').locator('tbody tr').filter({ hasText: 'A12' }).first();
    await sale.waitFor();
    expect(await sale.locator('td[data-column="type"]').textContent()).toBe(messages['labels.transactionType.cashSale']);
    expect(await sale.locator('td[data-column="value"]').textContent()).toBe(formatMoney(150, 'EUR', lang));
    expect(await sale.locator('td[data-column="mediaType"]').textContent()).toBe(messages['labels.mediaType.cash']);
    expect(await sale.locator('td[data-column="priceTable"]').textContent()).toBe(messages['labels.priceTable.cash1']);
  });

  it('an audit whose transfer broke off before G85 is marked in the audits tab; the cash tab keeps the last whole audit', async () => {
    const cutAt = new Date(Date.parse(readAt) + 60_000).toISOString();
    const text = new DexBook().text(SERIAL, cutAt);
    await device.publish('audit', auditMessage(SERIAL, { readAt: cutAt, origin: 1, dex: text.slice(0, text.indexOf('G85*')) }));
    await expect
      .poll(
        async () => (await api<{ items: Array<{ readAt: string; integrity: string | null }> }>(adminToken, 'GET', `/pos/${SERIAL}/audits?size=1`)).items[0],
        { timeout: 20_000, interval: 250 },
      )
      .toEqual(expect.objectContaining({ readAt: cutAt, integrity: 'cut' }));

    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${SERIAL}/audits`));
    const messages = await uiMessages(page);
    const rows = page.getByTestId('table-device-audits').locator('tbody tr');
    await rows.first().getByTestId('audit-not-whole').waitFor();
    expect(await rows.first().getByTestId('audit-not-whole').textContent()).toBe(messages['labels.auditIntegrity.cut']);
    expect(await rows.nth(1).getByTestId('audit-not-whole').count()).toBe(0);

    await page.locator('[data-testid="device-tabs"] [data-tab="cash"]').click();
    await page.getByTestId('cash-cards').waitFor();
    expect((await api<{ latest: { readAt: string } }>(adminToken, 'GET', `/pos/${SERIAL}/cash`)).latest.readAt).toBe(new Date(readAt).toISOString());
    expect(await page.getByTestId('cash-cashSales').textContent()).toContain(formatMoney(150, 'EUR', await page.evaluate(() => document.documentElement.lang)));
  });
});
