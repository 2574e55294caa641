/**
 * KPIs in the browser (issue 30 item 2): the distributor KPIs of a cash merchant with the spec's rejection colours and
 * the interval kept locally as `kpis`, the machine's kpis tab, and a phone layout.
 */
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptanceMessage } from '../../infra/local/simulated-cash';
import {
  api,
  connectBrowser,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  networkQuiet,
  newPage,
  openInApp,
  signInToDashboard,
  uiMessages,
  waitUntil,
} from './browser';

const stack = getStack();
const PHONE = { width: 390, height: 844 };
/** A demo cash machine of Colibrí (the rejecting one of the demo) that no other browser test uses. */
const SERIAL = 'C100-00000019';
const MERCHANT = 'colibri-cash';

interface KpisBody {
  coinRejectionTone: string | null;
  billRejectionTone: string | null;
  coinRejectionRate: number | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'superadmin@demo.local');
  const token = await idToken(admin.email, admin.password);
  // The machine's validators refuse 90 % of its coins and 5 % of its bills now.
  const device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, {
    protocolVersion: 4,
    clientId: `e2e-kpis-${SERIAL}`,
    reconnectPeriod: 0,
  });
  const now = Date.now();
  const message = acceptanceMessage(
    SERIAL,
    `e2e-kpis-${now}`,
    { fromMs: now - 20 * 60_000, toMs: now - 60_000 },
    'COP',
    [
      { medium: 'coin', denomination: 500, count: 100 },
      { medium: 'note', denomination: 10000, count: 950 },
    ],
    [
      { medium: 'coin', reason: 'unrecognised', count: 900 },
      { medium: 'note', denomination: 10000, reason: 'jam', count: 50 },
    ],
  );
  await device.publishAsync(`vend/${SERIAL}/cash-acceptance`, JSON.stringify(message), { qos: 1 });
  await device.endAsync();
  await waitUntil('the coins in the KPIs', async () => (await api<KpisBody>(token, 'GET', `/kpis?merchantId=${MERCHANT}`)).coinRejectionTone === 'red');
});
afterAll(async () => {
  await browser?.close();
});

describe('KPIs', () => {
  it('distributor KPIs: the figures with the rejection colours, the interval kept for the next visit; the machine’s kpis tab', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'superadmin@demo.local'));
    const messages = await uiMessages(page);
    await page.getByTestId('merchant-selector').selectOption(MERCHANT);
    await openInApp(page, '/distributor-kpis');
    const coins = page.getByTestId('kpi-coinRejection');
    await coins.waitFor();
    await expect.poll(() => coins.getAttribute('class')).toContain('kpi--red');
    expect(await page.getByTestId('kpi-coinRejection-tone').textContent()).toBe(messages['kpis.tone.red']);
    await expect.poll(() => page.getByTestId('kpi-billRejection').getAttribute('class')).toContain('kpi--green');
    // No sale in this stack's Colibrí: not enough data, never NaN.
    expect(await page.getByTestId('kpi-averageTicket-value').textContent()).toBe(messages['kpis.notEnoughData']);
    expect(await page.getByTestId('kpis-figures').textContent()).not.toMatch(/NaN|Infinity/);

    // The interval: 90 days, kept locally (spec: `kpis`) and asked of the API.
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/kpis?') && r.url().includes('days=90'));
    await page.getByTestId('kpis-preset-90').click();
    await asked;
    expect(await page.evaluate(() => localStorage.getItem('kpis:interval'))).toBe('90');
    await networkQuiet(page);
    await expectAccessible(page, '/distributor-kpis');

    // The machine's tab, over the same interval.
    await openInApp(page, `/devices/${SERIAL}/kpis`);
    await page.getByTestId('device-kpis').waitFor();
    await expect.poll(() => page.getByTestId('kpis-preset-90').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('kpi-coinRejection').getAttribute('class')).toContain('kpi--red');
    await networkQuiet(page);
    await expectAccessible(page, '/devices/{id}/kpis');
    await page.close();
  });

  it('on a phone (390 px): the figures stack in one column, nothing wider than the screen', async () => {
    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    // The merchant admin's (the super admin's machine screen has wider action buttons, outside this screen).
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await openInApp(page, '/distributor-kpis');
    await page.getByTestId('kpi-coinRejection').waitFor();
    await networkQuiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const first = await page.getByTestId('kpi-sales').boundingBox();
    const second = await page.getByTestId('kpi-salesPerMachineDay').boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await expectAccessible(page, '/distributor-kpis on a phone');
    await page.close();
  });
});
