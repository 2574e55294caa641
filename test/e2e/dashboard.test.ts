import { randomInt } from 'node:crypto';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import type { SalesMessage } from '#schemas/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connectBrowser, waitUntil, demoUser, expectAccessible, getStack, idToken, networkQuiet, newPage, signInToDashboard, uiMessages } from './browser';

const stack = getStack();
const PHONE = { width: 390, height: 844 };
const ACME_PIN = '11223344';

interface DashboardBody {
  currency: string;
  machines: { visible: number; online: number; offline: number; critical: number };
  commands: { pending: number; failed: number };
  sales: Record<'today' | 'week' | 'month', { current: Record<string, { value: number }> }>;
}

const SOLD = ['cash', 'cashless', 'media'];
const sold = (figures: Record<string, { value: number }>) => SOLD.reduce((n, c) => n + figures[c]!.value, 0);

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
  // A machine of Acme sells now over MQTT, so that today's block has a figure whatever the seed holds.
  const serial = `CENG-${randomInt(80_000_000, 89_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E dashboard ${serial}` });
  const device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, {
    protocolVersion: 4,
    clientId: `e2e-dashboard-${serial}`,
    reconnectPeriod: 0,
  });
  const at = new Date().toISOString();
  const message: SalesMessage = {
    messageId: `e2e-dash-${serial}`,
    serial,
    sentAt: at,
    type: 'sales',
    payload: { transactions: [{ id: 'T1', type: 2, line: 11, productCode: '11', priceTable: 1, value: 250, currency: 'EUR', mediaType: 252, createdAt: at }] },
  };
  await device.publishAsync(`vend/${serial}/sales`, JSON.stringify(message), { qos: 1 });
  await device.endAsync();
  await waitUntil(
    'the sale on the dashboard',
    async () => sold((await api<DashboardBody>(token, 'GET', '/dashboard?merchantId=acme-vending')).sales.today.current) > 0,
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('the dashboard', () => {
  it('shows the merchant admin its blocks with the API’s figures, each linked to its screen, and refreshes on demand', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    const expected = await api<DashboardBody>(token, 'GET', '/dashboard?merchantId=acme-vending');

    for (const block of ['sales', 'machines', 'blocking', 'alarms', 'stock', 'commands', 'anomalies', 'charts']) {
      await page.getByTestId(`dashboard-${block}`).waitFor();
    }
    await page.getByTestId('dashboard-machine-counts').waitFor();
    const count = (testId: string, key: string) => page.getByTestId(testId).locator(`[data-count="${key}"] .counts-strip__value`).textContent();
    expect(await count('dashboard-machine-counts', 'visible')).toBe(String(expected.machines.visible));
    expect(await count('dashboard-machine-counts', 'online')).toBe(String(expected.machines.online));
    expect(await count('dashboard-command-counts', 'failed')).toBe(String(expected.commands.failed));
    for (const period of ['today', 'week', 'month'] as const) {
      const shown = page.getByTestId(`dashboard-sales-${period}`);
      await expect.poll(() => shown.getAttribute('data-value')).toBe(String(sold(expected.sales[period].current)));
    }
    // Seven days on the week's chart (DD/MM), the month's days on the other.
    await expect.poll(() => page.getByTestId('dashboard-chart-week').getAttribute('data-bars')).toBe('7');
    // Blocks link to the screen that explains them.
    await expect
      .poll(() => page.getByTestId('dashboard-machines').getByRole('link', { name: messages['dashboard.machines.title'] }).getAttribute('href'))
      .toBe('/devices/list');
    await expect
      .poll(() => page.getByTestId('dashboard-stock').getByRole('link', { name: messages['dashboard.stock.title'] }).getAttribute('href'))
      .toBe('/devices/manage-stock');
    await expect.poll(() => page.getByTestId('dashboard-auto-refresh').isChecked()).toBe(true);

    await networkQuiet(page);
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/dashboard?'));
    await page.getByTestId('dashboard-refresh').click();
    await asked;
    await expectAccessible(page, '/dashboard');
    await page.close();
  });

  it('on a phone (390 px): the blocks stack in one column, nothing wider than the screen', async () => {
    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await page.getByTestId('dashboard-chart-week').waitFor();
    await networkQuiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const sales = await page.getByTestId('dashboard-sales').boundingBox();
    const machines = await page.getByTestId('dashboard-machines').boundingBox();
    expect(machines!.y).toBeGreaterThan(sales!.y + sales!.height - 1);
    expect(Math.abs(machines!.x - sales!.x)).toBeLessThan(2);
    await expectAccessible(page, '/dashboard on a phone');
    await page.close();
  });
});
