import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmMessage, auditMessage, connectDevice, saleTransaction, salesMessage, telemetryMessage } from '../../infra/local/simulator';
import {
  accessibilityViolations,
  api,
  demoUser,
  getStack,
  idToken,
  connectBrowser,
  networkQuiet,
  newPage,
  openInApp,
  registerCustomer,
  signInToDashboard,
} from './browser';

const stack = getStack();
const run = Date.now().toString(36);
/** A demo machine of Acme (no group) that the other browser tests leave alone. */
const SERIAL = 'CUNI-00000010';
const PHONE = { width: 390, height: 844 };
/** A key used at that machine: its sale creates it (MediaId, printed serial). */
const MEDIA = { id: randomBytes(7).toString('hex').toUpperCase(), serial: randomBytes(4).toString('hex').toUpperCase() };

let browser: Browser;
let rowsStored: () => Promise<void>;
let customerId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  // Rows with long cells in the machine's tables: an alarm, a sale, an audit, a ping.
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  const token = await idToken(admin.email, admin.password);
  const device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
  try {
    await device.publish('telemetry', telemetryMessage(SERIAL, { signalLevel: 65, temperature: 3.1 }));
    await device.publish('alarms', alarmMessage(SERIAL, { code: 'E-COIN-JAM', detail: 'coin mechanism: a tube is blocked' }));
    const sale = saleTransaction({ id: `PHONE${run}`, type: 2, mediaType: 252, value: 150, currency: 'EUR', productCode: 'A12', line: 12, priceTable: 1 });
    const keySale = saleTransaction({
      id: `PHONEK${run}`,
      type: 3,
      mediaType: 2,
      value: 90,
      currency: 'EUR',
      media: { id: MEDIA.id, serial: MEDIA.serial, credit: 2500 },
    });
    await device.publish('sales', salesMessage(SERIAL, [sale, keySale]));
    await device.publish('audit', auditMessage(SERIAL, { origin: 1 }));
  } finally {
    await device.client.endAsync();
  }
  customerId = await registerCustomer(token, 'acme-vending', {
    userId: `phone-${run}`,
    name: 'Maria Antonietta Scarabelli-Colonna di Sciarra',
    email: `phone-${run}@example.com`,
    paymentInfo: { cardType: 'MASTERCARD', maskedNumber: '555555******4444', expiry: '01/30', saved: true },
  });
  const rows = async (path: string) => (await api<{ items: unknown[] }>(token, 'GET', `/pos/${SERIAL}/${path}`)).items.length;
  rowsStored = async () => {
    for (const path of ['alarms', 'transactions', 'audits']) await expect.poll(() => rows(path), { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
    const media = () =>
      api(token, 'GET', `/medias/${MEDIA.id}?merchantId=acme-vending`).then(
        () => true,
        () => false,
      );
    await expect.poll(media, { timeout: 20_000, interval: 250 }).toBe(true);
  };
});
afterAll(async () => {
  await browser?.close();
});

/** How much wider than the phone the document is, once the screen has loaded. */
async function overflow(page: Page, path: string, ready?: string): Promise<number> {
  await openInApp(page, path);
  if (ready) await page.locator(ready).first().waitFor();
  await networkQuiet(page);
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  // Compared with the device's width: a phone browser widens its layout viewport to fit a wider page.
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - PHONE.width;
}

describe('on a phone (390 px)', () => {
  it('no screen is wider than the viewport: tables scroll inside their card, strips and filters wrap', async () => {
    await rowsStored();
    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));

    const rows = '[data-testid^="table-"] tbody tr';
    const listed = `${rows}, [data-testid="empty-state"]`;
    const screens: [string, string?][] = [
      ['/dashboard', '[data-testid="dashboard"]'],
      ['/devices/list', listed],
      ...['details', 'notes', 'configs', 'custom-config', 'cash', 'remote-commands', 'signal', 'temperature'].map((tab): [string] => [
        `/devices/${SERIAL}/${tab}`,
      ]),
      [`/devices/${SERIAL}/pos-alarms`, rows],
      [`/devices/${SERIAL}/transactions`, rows],
      [`/devices/${SERIAL}/audits`, rows],
      ['/alarms', listed],
      ['/devices/remote-commands', listed],
      ['/manage/users', listed],
      ['/manage/groups', listed],
      ['/devices/manage-stock', listed],
      ['/devices/prices-bulk', '[data-testid="bulk-prices-form"]'],
      ['/manage/products', listed],
      ['/manage/planograms', listed],
      ['/transactions/data', listed],
      ['/transactions/stats', '[data-testid="stats-totals"], [data-testid="stats-by-period"] [data-testid="empty-state"]'],
      ['/transactions/webpayment-orders', listed],
      ['/customers-medias/medias', listed],
      [`/customers-medias/medias/${MEDIA.id}`, '[data-testid="media-history"], [data-testid="empty-state"]'],
      [`/customers-medias/medias/${MEDIA.id}/transactions`, listed],
      [`/customers-medias/medias/${MEDIA.id}/refunds`, listed],
      ['/customers-medias/customers', listed],
      [`/customers-medias/customers/${customerId}`, '[data-testid="customer-consents"]'],
      [`/customers-medias/customers/${customerId}/transactions`, listed],
      [`/customers-medias/customers/${customerId}/medias`, '[data-testid="customer-associate"]'],
    ];
    const wider: Record<string, number> = {};
    const inaccessible: Record<string, string[]> = {};
    for (const [path, ready] of screens) {
      const extra = await overflow(page, path, ready);
      if (extra > 0) wider[path] = extra;
      // axe-core (WCAG 2.1 A/AA) too: tables that scroll inside their card must be reachable by keyboard.
      const violations = await accessibilityViolations(page);
      if (violations.length > 0) inaccessible[path] = violations;
    }
    expect(wider).toEqual({});
    expect(inaccessible).toEqual({});

    // A filter's select is as wide as its longest option: a machine with a long name must not widen the page.
    await overflow(page, '/alarms', listed);
    await page.getByRole('combobox', { name: 'Macchina', exact: true }).evaluate((select) => {
      const option = document.createElement('option');
      option.textContent = 'Distributore del terzo piano, edificio amministrativo nord, ingresso B · CENG-00000099';
      select.append(option);
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The table is still all there: it scrolls inside its card.
    await overflow(page, `/devices/${SERIAL}/pos-alarms`, rows);
    const wrap = page.getByTestId('table-device-alarms').locator('.table-wrap');
    const { scrollWidth, clientWidth } = await wrap.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await wrap.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
  });
});
