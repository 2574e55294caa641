/**
 * The distributors dashboard (every merchant the user may see, side by side) and the super admin's platform dashboard
 * (issue 30 item 3): sorted by a figure, exported as CSV in that order, the platform blocks with the API's totals, a
 * phone layout, axe clean.
 */
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import type { SalesMessage } from '#schemas/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connectBrowser,
  demoUser,
  downloadedFile,
  expectAccessible,
  getStack,
  idToken,
  networkQuiet,
  newPage,
  signInToDashboard,
  uiMessages,
  waitUntil,
  signInAt,
} from './browser';

const stack = getStack();
const PHONE = { width: 390, height: 844 };
const SUPER_ADMIN = 'superadmin@demo.local';
const ACME_PIN = '11223344';

interface Row {
  merchantId: string;
  name: string;
  machines: { visible: number };
}

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, SUPER_ADMIN);
  token = await idToken(admin.email, admin.password);
  // A machine of Acme sells now over MQTT, so that the platform's sales chart has a day whatever the seed holds.
  const serial = `CENG-${randomInt(70_000_000, 79_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E platform ${serial}` });
  const device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, {
    protocolVersion: 4,
    clientId: `e2e-platform-${serial}`,
    reconnectPeriod: 0,
  });
  const at = new Date().toISOString();
  const message: SalesMessage = {
    messageId: `e2e-platform-${serial}`,
    serial,
    sentAt: at,
    type: 'sales',
    payload: { transactions: [{ id: 'T1', type: 2, line: 11, productCode: '11', priceTable: 1, value: 180, currency: 'EUR', mediaType: 252, createdAt: at }] },
  };
  await device.publishAsync(`vend/${serial}/sales`, JSON.stringify(message), { qos: 1 });
  await device.endAsync();
  await waitUntil(
    'the sale in the platform statistics',
    async () => (await api<{ byCurrency: unknown[] }>(token, 'GET', '/admin/stats/transactions')).byCurrency.length > 0,
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('the distributors and platform dashboards', () => {
  it('the super admin sorts the distributors by machines, downloads them in that order, and sees the platform blocks', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, SUPER_ADMIN));
    const messages = await uiMessages(page);
    const { rows } = await api<{ rows: Row[] }>(token, 'GET', '/merchants-dashboard');
    // Most machines first, ties by name (the screen's order).
    const expected = [...rows].sort((a, b) => b.machines.visible - a.machines.visible || a.name.localeCompare(b.name)).slice(0, 20);

    await page.goto(`${stack.web}/merchants-dashboard`);
    const table = page.getByTestId('table-merchants-dashboard');
    await table.locator('tbody tr[data-row-id]').first().waitFor();
    await page.getByTestId('sort-visible').click();
    if ((await table.locator('th[data-column="visible"]').getAttribute('aria-sort')) !== 'descending') await page.getByTestId('sort-visible').click();
    await expect.poll(() => table.locator('th[data-column="visible"]').getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(() => table.locator('tbody tr[data-row-id]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id'))))
      .toEqual(expected.map((r) => r.merchantId));

    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const lines = (await readFile(await downloadedFile(await download), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.split(',')[0]).toBe(messages['merchantsDashboard.column.name']);
    expect(lines.slice(1).map((l) => l.split(',')[0]!.replace(/^"|"$/g, ''))).toEqual(
      [...rows].sort((a, b) => b.machines.visible - a.machines.visible || a.name.localeCompare(b.name)).map((r) => r.name),
    );
    await networkQuiet(page);
    await expectAccessible(page, '/merchants-dashboard');

    await page.goto(`${stack.web}/admin-dashboard`);
    const [merchants, machines] = await Promise.all([
      api<{ total: number }>(token, 'GET', '/admin/stats/merchants'),
      api<{ total: number }>(token, 'GET', '/admin/stats/pointsofsale'),
    ]);
    for (const block of ['merchants', 'machines', 'medias', 'transactions']) await page.getByTestId(`admin-dashboard-${block}`).waitFor();
    await expect.poll(() => page.getByTestId('admin-dashboard-merchants-total').getAttribute('data-value')).toBe(String(merchants.total));
    await expect.poll(() => page.getByTestId('admin-dashboard-machines-total').getAttribute('data-value')).toBe(String(machines.total));
    await page.getByTestId('admin-chart-transactions').waitFor();
    await networkQuiet(page);
    await expectAccessible(page, '/admin-dashboard');
    await page.close();
  });

  it('on a phone (390 px): the platform blocks stack in one column; a merchant admin sees its own distributor only, nothing wider than the screen', async () => {
    const phone = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAt(phone, stack.web, demoUser(stack, SUPER_ADMIN), `${stack.web}/admin-dashboard`);
    await phone.getByTestId('admin-chart-transactions').waitFor();
    await networkQuiet(phone);
    // The blocks fit the content area (the super admin's app bar is itself wider than 390 px, a shell matter: see the report).
    expect(await phone.locator('main').evaluate((m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
    const first = await phone.getByTestId('admin-dashboard-merchants').boundingBox();
    const second = await phone.getByTestId('admin-dashboard-machines').boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await expectAccessible(phone, '/admin-dashboard on a phone');
    await phone.close();

    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAt(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'), `${stack.web}/merchants-dashboard`);
    const table = page.getByTestId('table-merchants-dashboard');
    await expect
      .poll(() => table.locator('tbody tr[data-row-id]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id'))))
      .toEqual(['acme-vending']);
    await networkQuiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, '/merchants-dashboard on a phone');
    await page.close();
  });
});
