import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import type { StackInfo } from '../../infra/local/stack-info';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import type { Customer } from '#schemas/customer';
import {
  api,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  connectBrowser,
  newPage,
  registerCustomer,
  signInToDashboard,
  toast,
  uiMessages,
  waitUntil,
} from './browser';
import { menuLink } from './menu';

const stack = getStack();
const info = stack as unknown as StackInfo;
const web = (path: string) => new URL(path, stack.web).toString();
const MERCHANT = 'acme-vending';
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** A customer the payment service registers (analysis consent given, a saved card), and a key of Acme's to give it. */
const person = { userId: `e2e-${randomUUID().slice(0, 8)}`, name: `Giulia E2E ${hex(3)}` };
const key = { id: hex(7), serial: hex(5) };
let customerId: string;
let token: string;
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
  customerId = await registerCustomer(token, MERCHANT, {
    ...person,
    email: `${person.userId}@example.com`,
    consents: { analysis: true },
    paymentInfo: { cardType: 'VISA', maskedNumber: '411111******1111', expiry: '12/29', saved: true },
  });

  // The key is used at a machine of Acme: its sale creates it.
  const machine = `CENG-${randomInt(10_000_000, 99_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial: machine, pin: DEMO_PINS[MERCHANT], name: `E2E customers ${machine}` });
  const device = await connectDevice(info.mqtt, machine);
  try {
    const sale = saleTransaction({
      type: 3,
      mediaType: 2,
      value: 110,
      currency: 'EUR',
      media: { id: key.id, serial: key.serial, credit: 900 },
      source: { type: 1, serial: machine },
    });
    await device.publish('sales', salesMessage(machine, [sale]));
  } finally {
    await device.client.endAsync();
  }
  await waitUntil('the key’s sale stored', () =>
    api(token, 'GET', `/medias/${key.id}?merchantId=${MERCHANT}`).then(
      () => true,
      () => false,
    ),
  );
});
afterAll(async () => {
  await browser?.close();
});

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function signedIn(email: string) {
  const page = await newPage(browser);
  await signInToDashboard(page, stack.web, demoUser(stack, email));
  const messages = await uiMessages(page);
  const lang = await page.evaluate(() => document.documentElement.lang);
  const format = (id: string, values: Record<string, unknown> = {}) => new IntlMessageFormat(messages[id]!, lang).format(values) as string;
  return { page, messages, format };
}

describe('customer screens', () => {
  it('a merchant admin finds a customer, reads its masked card and changes its consents, each with its date', async () => {
    const { page, messages } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'customers-medias-customers')).click();
    await page.waitForURL(/\/customers-medias\/customers$/);
    const table = page.getByTestId('table-customers');
    await table.locator('[data-filter="search"]').fill(person.name);
    await eventually(() => table.locator('tbody tr').count()).toBe(1);
    await expectAccessible(page, 'customers list');
    await table.getByTestId('customer-link').click();
    await page.waitForURL(new RegExp(`/customers-medias/customers/${customerId}$`));
    await page.getByTestId('customer-details').waitFor();
    expect(await page.locator('main h1').textContent()).toBe(person.name);

    // Only the masked number is shown.
    expect(await page.locator('[data-testid="customer-payment"] [data-field="maskedNumber"] dd').textContent()).toBe('411111******1111');
    // Analysis was given at registration (with its date), commercial never answered.
    const consent = (k: string) => page.locator(`[data-testid="customer-consents"] [data-consent="${k}"]`);
    expect(await consent('analysis').getAttribute('data-granted')).toBe('true');
    expect(await page.getByTestId('consent-date-analysis').textContent()).not.toBe(messages['customers.consents.never']);
    expect(await page.getByTestId('consent-date-commercial').textContent()).toBe(messages['customers.consents.never']);
    expect(await page.getByTestId('consents-save').isDisabled()).toBe(true);
    await expectAccessible(page, 'customer details');

    await page.getByTestId('field-consent-commercial').check();
    await page.getByTestId('field-consent-analysis').uncheck();
    await page.getByTestId('consents-save').click();
    await toast(page, messages['customers.consents.saved']!).waitFor();
    await eventually(() => consent('commercial').getAttribute('data-granted')).toBe('true');
    expect(await consent('analysis').getAttribute('data-granted')).toBe('false');
    expect(await page.getByTestId('consent-date-commercial').textContent()).not.toBe(messages['customers.consents.never']);
    const stored = await api<Customer>(token, 'GET', `/customers/${customerId}?merchantId=${MERCHANT}`);
    expect([stored.consents.analysis.granted, stored.consents.commercial.granted, stored.consents.quality.granted]).toEqual([false, true, false]);
    expect(stored.consents.commercial.changedAt).not.toBeNull();
    expect(stored.consents.quality.changedAt).toBeNull();
  });

  it('associates a key found by its serial, lists its transactions, then dissociates it', async () => {
    const { page, messages, format } = await signedIn('merchant.admin@demo.local');
    await page.goto(web(`/customers-medias/customers/${customerId}/medias`));
    await page.getByTestId('customer-medias').locator('[data-testid="empty-state"]').waitFor();
    await page.getByTestId('field-mediaSearch').fill(key.serial.slice(0, 6).toLowerCase());
    await page.locator(`[data-testid="media-picker-option"][value="${key.id}"]`).check();
    await expectAccessible(page, 'customer medias, associating');
    await page.getByTestId('customer-associate-submit').click();
    await toast(page, messages['customers.medias.associated']!).waitFor();
    const row = page.locator(`[data-testid="customer-medias-table"] tr[data-row-id="${key.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(key.serial);

    // Its transactions: the key's sale at the machine.
    await page.locator('[data-testid="customer-tabs"] [data-tab="transactions"]').click();
    const sales = page.locator('[data-testid="table-customer-transactions"] tbody tr');
    await eventually(() => sales.count()).toBe(1);
    expect(await sales.locator('[data-column="mediaId"]').textContent()).toBe(key.id);
    await expectAccessible(page, 'customer transactions');

    await page.locator('[data-testid="customer-tabs"] [data-tab="medias"]').click();
    await row.getByTestId('customer-media-dissociate').click();
    const dialog = page.locator('[data-testid="confirm-dialog"][open]');
    await eventually(() => dialog.textContent()).toContain(format('customers.medias.dissociateMessage', { serial: key.serial }));
    await dialog.getByTestId('confirm-ok').click();
    await toast(page, messages['customers.medias.dissociated']!).waitFor();
    await page.getByTestId('customer-medias').locator('[data-testid="empty-state"]').waitFor();
  });

  it('keeps customers from merchant users: no menu entry, and the address leads to unauthorized', async () => {
    const { page } = await signedIn('merchant.user@demo.local');
    // The feature-gated entries appear once the user's merchants are loaded.
    await page.locator('[data-testid="side-menu"] [data-menu-id="customers-medias-medias"]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid="side-menu"] [data-menu-id="customers-medias-customers"]').count()).toBe(0);
    await page.goto(web(`/customers-medias/customers/${customerId}`));
    await page.waitForURL(/\/unauthorized$/);
  });
});
