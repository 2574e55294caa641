import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import type { StackInfo } from '../../infra/local/stack-info';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { formatMoney } from '../../frontend/src/lib/format';
import type { SaleTransaction } from '#schemas/iot';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, uiMessages, downloadedFile } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const info = stack as unknown as StackInfo;
const run = Date.now().toString(36).toUpperCase();
const MERCHANT = 'acme-vending';
/** A machine of a group of its own: its sales are the only ones of that group, so the statistics are exact. */
const serial = `CENG-${randomInt(70_000_000, 79_999_999)}`;
const group = { id: '', name: `E2E transactions ${run}` };
const MIFARE = 5;
const media = {
  id: `AB${run}`
    .replace(/[^0-9A-F]/g, '0')
    .padEnd(12, '0')
    .slice(0, 12),
  serial: 'FFFFFFFF',
  credit: 880,
};

/** One sale of each statistics category, made now: cash, two media sales and a recharge (Mifare), free, failed. */
const now = () => new Date().toISOString();
const sales: Record<string, SaleTransaction> = {
  cash: saleTransaction({ id: `TXC${run}`, type: 2, mediaType: 252, value: 150, line: 1, productCode: 'A1', priceTable: 1 }),
  media1: saleTransaction({
    id: `TXM1${run}`,
    type: 3,
    mediaType: MIFARE,
    value: 120,
    line: 2,
    productCode: 'B2',
    product: 'Espresso',
    priceTable: 2,
    media,
    source: { type: 1, serial },
  }),
  media2: saleTransaction({ id: `TXM2${run}`, type: 3, mediaType: MIFARE, value: 80, line: 3, productCode: 'B3', priceTable: 2, media }),
  recharge: saleTransaction({ id: `TXR${run}`, type: 4, mediaType: MIFARE, value: 500, line: 0, productCode: '', priceTable: 1, media }),
  free: saleTransaction({ id: `TXF${run}`, type: 2, mediaType: 252, value: 0, line: 4, productCode: 'C4', priceTable: 1, freeSale: true }),
  error: saleTransaction({ id: `TXE${run}`, type: 2, mediaType: 252, value: 90, line: 5, productCode: 'C5', priceTable: 1, errorSale: true }),
};

let browser: Browser;
/** Waits until the sales are listed (expect.poll runs inside a test). */
let salesStored: () => Promise<void>;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  const token = await idToken(admin.email, admin.password);
  group.id = (await api<{ id: string }>(token, 'POST', `/merchants/${MERCHANT}/groups`, { name: group.name })).id;
  await api(token, 'POST', '/pos/join', { serial, pin: DEMO_PINS[MERCHANT], name: `E2E transactions ${run}` });
  await api(token, 'PUT', `/pos/${serial}/associate-group`, { groupId: group.id });
  const device = await connectDevice(info.mqtt, serial);
  try {
    const message = salesMessage(
      serial,
      Object.values(sales).map((s) => ({ ...s, createdAt: now() })),
    );
    // Delivered twice (MQTT QoS 1 may): listed and counted once.
    await device.publish('sales', message);
    await device.publish('sales', message);
  } finally {
    await device.client.endAsync();
  }
  const listed = async () => (await api<{ items: unknown[] }>(token, 'GET', `/transactions?merchantId=${MERCHANT}&serials=${serial}`)).items.length;
  salesStored = () => expect.poll(listed, { timeout: 30_000, interval: 500 }).toBe(6);
});
afterAll(async () => {
  await browser?.close();
});

/** A page's state once it has loaded or reacted (the shared machine can take seconds, past expect.poll's default 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function signedIn(email: string): Promise<{ page: Page; messages: Record<string, string>; lang: string }> {
  // In Acme's time zone: the statistics count by the merchant's days, so "today" must be Acme's today at any hour.
  const page = await newPage(browser, { timezoneId: 'Europe/Rome' });
  await signInToDashboard(page, stack.web, demoUser(stack, email));
  return { page, messages: await uiMessages(page), lang: await page.evaluate(() => document.documentElement.lang) };
}

describe('transactions screens', () => {
  it('the merchant admin filters the transactions by a date preset, the machine and a media type, opens a row’s details and exports the CSV', async () => {
    await salesStored();
    const { page, messages, lang } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'transactions-data')).click();
    await page.waitForURL(/\/transactions\/data$/);
    const table = page.getByTestId('table-transactions');
    await table.locator('tbody tr, [data-testid="empty-state"]').first().waitFor();

    await page.getByTestId('transactions-range').getByTestId('date-range-preset').selectOption('today');
    await table.locator('select[data-filter="serials"]').selectOption(serial);
    const rows = table.locator('tbody tr');
    await eventually(() => rows.count()).toBe(6);
    await table.locator('select[data-filter="mediaType"]').selectOption(String(MIFARE));
    await eventually(() => rows.count()).toBe(3);
    expect((await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('[data-column="value"]')?.textContent))).sort()).toEqual(
      [120, 80, 500].map((v) => formatMoney(v, 'EUR', lang)).sort(),
    );
    const espresso = rows.filter({ hasText: 'Espresso' });
    expect(await espresso.locator('td[data-column="mediaType"]').textContent()).toBe(messages['labels.mediaType.mifare']);
    expect(await espresso.locator('td[data-column="category"]').textContent()).toBe(messages['labels.category.media']);
    expect(await espresso.locator('td[data-column="sourceType"]').textContent()).toBe(messages['labels.sourceType.vendingMachine']);
    expect(await espresso.locator('td[data-column="mediaId"]').textContent()).toBe(media.id);
    // The rest of the transaction opens in its row: the key credit left after it, in the merchant's currency.
    await espresso.getByTestId('transaction-details').locator('summary').click();
    expect(await espresso.locator('[data-field="mediaCredit"] dd').textContent()).toBe(formatMoney(media.credit, 'EUR', lang));
    expect(await espresso.locator('[data-field="transactionId"] dd').textContent()).toBe(sales.media1!.id);
    await expectAccessible(page, 'transactions, filtered, a row’s details open');

    // A value range in the merchant's currency (major units): from 1 EUR → the 80-cent sale drops out.
    await table.locator('input[data-filter="valueMin"]').fill('1');
    await eventually(() => rows.count()).toBe(2);
    await table.locator('input[data-filter="valueMax"]').fill('0,5');
    expect(await page.getByTestId('filter-valueMax-error').textContent()).toBe(messages['transactions.filter.valueInverted']);
    await table.locator('input[data-filter="valueMax"]').fill('');
    await table.locator('input[data-filter="valueMin"]').fill('');
    await eventually(() => rows.count()).toBe(3);

    // The filters are the table's state: they are still there after a reload.
    await page.reload();
    await eventually(() => rows.count()).toBe(3);
    expect(await table.locator('select[data-filter="mediaType"]').inputValue()).toBe(String(MIFARE));

    // The CSV comes from the API with the same filters.
    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const csv = (await readFile(await downloadedFile(await download), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(csv[0]).toContain('transactionId');
    const ids = [sales.media1!.id, sales.media2!.id, sales.recharge!.id];
    expect(csv.slice(1).filter((row) => ids.some((id) => row.includes(id)))).toHaveLength(3);
    expect(csv.slice(1).some((row) => row.includes(sales.cash!.id))).toBe(false);
  });

  it('the statistics show the sales of the day per category, over time and by machine', async () => {
    await salesStored();
    const { page, messages } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'transactions-stats')).click();
    await page.waitForURL(/\/transactions\/stats/);
    await page.getByTestId('stats-range').getByTestId('date-range-preset').selectOption('today');
    await page.getByTestId('stats-group').selectOption(group.id);
    const totals = page.getByTestId('stats-totals');
    const count = (category: string) => totals.locator(`[data-category="${category}"] [data-count]`).getAttribute('data-count');
    const value = (category: string) => totals.locator(`[data-category="${category}"] [data-value]`).getAttribute('data-value');
    await eventually(() => count('media')).toBe('2');
    expect(await value('media')).toBe('200');
    expect([await count('cash'), await value('cash')]).toEqual(['1', '150']);
    expect([await count('recharges'), await value('recharges')]).toEqual(['1', '500']);
    expect([await count('free'), await count('error'), await value('error')]).toEqual(['1', '1', '90']);
    expect(await totals.locator('[data-category="cash"] dt').textContent()).toBe(messages['labels.category.cash']);
    expect(await page.getByTestId('stats-value-chart').getAttribute('data-bars')).toBe('1');
    expect(await page.getByTestId('stats-count-chart').locator('canvas').count()).toBe(1);

    // By machine: the group's one machine, with the same figures.
    const machine = page.getByTestId('stats-machine-table').locator(`tr[data-row-id="${serial}"]`);
    await eventually(() => machine.locator('td[data-column="media"]').getAttribute('data-count')).toBe('2');
    expect(await machine.locator('td[data-column="recharges"]').getAttribute('data-value')).toBe('500');
    await expectAccessible(page, 'transaction statistics');

    // By week and month, one period holds the day.
    await page.getByTestId('stats-period').selectOption('month');
    await eventually(() => page.getByTestId('stats-period-table').locator('tbody tr').count()).toBe(1);
    expect(await count('media')).toBe('2');
    // The choice is in the address: a reload shows the same.
    await page.reload();
    await eventually(() => count('media')).toBe('2');
    expect(await page.getByTestId('stats-period').inputValue()).toBe('month');
  });

  it('a web payment order’s detail shows its fields and the service’s request and response readable, card numbers masked', async () => {
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    const apiToken = (
      await api<{ apiToken: string }>(await idToken(superAdmin.email, superAdmin.password), 'POST', `/merchants/${MERCHANT}/settings/api-token`)
    ).apiToken;
    const number = `E2E-${run}`;
    const order = { service: 2, serviceTransactionNumber: number, type: 0, amount: 250, currency: 'EUR', channel: 'app' };
    const call = async (body: Record<string, unknown>) => {
      const apiBase = /\/api\/v1\/?$/.test(stack.api) ? stack.api.replace(/\/$/, '') : new URL('/api/v1', stack.api).toString();
      const response = await fetch(`${apiBase}/payment-service/${MERCHANT}/orders`, {
        method: 'POST',
        headers: { 'x-api-token': apiToken, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    // The service tells it waiting (with the card it was paid with), then paid.
    await call({ ...order, result: 0, requestDetails: JSON.stringify({ amount: 250, pan: '4111 1111 1111 1111', shop: 'acme' }) });
    await call({ ...order, result: 1, responseDetails: '{"status":"ACCEPTED","authCode":"A1B2"}' });

    const { page, messages, lang } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'transactions-webpayment-orders')).click();
    await page.waitForURL(/\/transactions\/webpayment-orders$/);
    const table = page.getByTestId('table-webpayment-orders');
    await table.locator('select[data-filter="result"]').selectOption('1');
    const row = table.locator('tbody tr').filter({ hasText: number });
    await eventually(() => row.count()).toBe(1);
    expect(await row.locator('td[data-column="result"]').textContent()).toBe(messages['webpaymentOrders.result.success']);
    expect(await row.locator('td[data-column="amount"]').textContent()).toBe(formatMoney(250, 'EUR', lang));
    await expectAccessible(page, 'web payment orders');

    await row.getByTestId('webpayment-order-link').click();
    await page.waitForURL(/\/transactions\/webpayment-order-details\?/);
    const fields = page.getByTestId('webpayment-order-fields');
    await eventually(() => fields.locator('[data-field="serviceName"] dd').textContent()).toBe('Satispay');
    expect(await fields.locator('[data-field="type"] dd').textContent()).toBe(messages['webpaymentOrders.type.payment']);
    expect(await fields.locator('[data-field="processed"] dd').textContent()).toBe(messages['webpaymentOrders.yes']);
    expect(await fields.locator('[data-field="channel"] dd').textContent()).toBe(messages['webpaymentOrders.channel.app']);
    // JSON indented, one field a line; the card number as the API stored it, masked.
    const request = await page.getByTestId('webpayment-order-request').textContent();
    expect(request).toBe(JSON.stringify({ amount: 250, pan: '411111******1111', shop: 'acme' }, null, 2));
    expect(await page.getByTestId('webpayment-order-response').textContent()).toBe(JSON.stringify({ status: 'ACCEPTED', authCode: 'A1B2' }, null, 2));
    await expectAccessible(page, 'web payment order detail');

    // An order that is not there (or another merchant's) says so, with the way back to the list.
    await page.goto(new URL('/transactions/webpayment-order-details?id=ffffffffffffffffffffffff', stack.web).toString());
    await page.getByTestId('not-found-state').waitFor();
    expect(await page.getByTestId('not-found-state').textContent()).toContain(messages['webpaymentOrders.detail.notFound']);
  });
});
