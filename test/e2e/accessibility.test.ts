import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { accessibilityViolations, api, demoUser, getStack, idToken, connectBrowser, networkQuiet, newPage, openInApp, signInToDashboard } from './browser';

const stack = getStack();
/** A demo machine of Acme with alarms, sales and audits in its history. */
const SERIAL = 'CUNI-00000010';
const ROWS = '[data-testid^="table-"] tbody tr';
const LISTED = `${ROWS}, [data-testid="empty-state"]`;

/** A key used at that machine (its sale creates it), for the media's screens. */
const MEDIA_ID = randomBytes(7).toString('hex').toUpperCase();

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
  const device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
  try {
    const media = { id: MEDIA_ID, serial: randomBytes(4).toString('hex').toUpperCase(), credit: 1200 };
    await device.publish('sales', salesMessage(SERIAL, [saleTransaction({ type: 3, mediaType: 2, value: 80, currency: 'EUR', media })]));
  } finally {
    await device.client.endAsync();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the screen has loaded: its `ready` element shown, the network quiet, no spinner left. */
async function settle(page: Page, ready = 'main h1'): Promise<void> {
  await page.locator(ready).first().waitFor();
  await networkQuiet(page);
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

// Each screen is checked once. Not walked here, as a feature's own test checks them in the state it puts them in
// (a form with its errors, a filtered list, a dialog open): the login (sign-in), a device's alarms tab and the alarm
// setting form (alarms), the profile (alarm-notifications), the customers list and a customer's details, medias and
// transactions (customers), the data requests list and form (data-retrieval-requests), a device's custom config and
// the no-vend profile form (device-configs), a device's signal chart (devices), the medias list and a media's details
// and refunds (medias), a merchant's settings (merchant-admin), the planograms list (planograms), a device's prices and
// the bulk price change (prices), the change password (settings), manage-stock (stock), the transactions, statistics
// and web payment orders (transactions), the user form (users).

/** Visits each screen and collects axe-core's WCAG 2.1 A/AA violations by screen; none expected. */
async function violationsOn(page: Page, screens: [string, string?][]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [path, ready] of screens) {
    await openInApp(page, path);
    await settle(page, ready);
    const violations = await accessibilityViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

/** Opens the first row of the list at `path` and returns the detail screen's path. */
async function firstDetail(page: Page, path: string): Promise<string> {
  await openInApp(page, path);
  await settle(page, ROWS);
  await page.locator(`${ROWS} a`).first().click();
  await page.waitForURL((url) => url.pathname !== path);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

describe('accessibility (axe-core, WCAG 2.1 A/AA) at 1280 px', () => {
  it('every screen of the merchant admin', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const tabs = ['details', 'notes', 'notes/create', 'audits', 'cash', 'transactions', 'configs', 'remote-commands', 'temperature'];
    const screens: [string, string?][] = [
      ['/dashboard', '[data-testid="dashboard"]'],
      ['/devices/list', LISTED],
      ...tabs.map((tab): [string] => [`/devices/${SERIAL}/${tab}`]),
      ['/alarms', LISTED],
      ['/devices/remote-commands', LISTED],
      ['/manage/products', LISTED],
      ['/manage/users', LISTED],
      ['/manage/groups', LISTED],
      ['/manage/clients', LISTED],
      ['/manage/clients/create'],
      ['/manage/no-vend-profiles', LISTED],
      ['/manage/merchant-alarms-settings', LISTED],
    ];
    const found = await violationsOn(page, screens);
    for (const list of ['/manage/users', '/manage/groups']) Object.assign(found, await violationsOn(page, [[await firstDetail(page, list)]]));

    // The command wizard, each of its steps.
    await openInApp(page, '/devices/remote-commands');
    await settle(page, LISTED);
    await page.getByTestId('command-new').click();
    const wizard = page.getByTestId('command-wizard');
    const step = async (name: string) => {
      await expect.poll(() => wizard.getAttribute('data-step')).toBe(name);
      const violations = await accessibilityViolations(page);
      if (violations.length > 0) found[`command wizard: ${name}`] = violations;
    };
    await step('device');
    await page.getByTestId('wizard-device').selectOption(SERIAL);
    await page.getByTestId('wizard-next').click();
    await step('command');
    await page.getByTestId('wizard-type').selectOption('6');
    await page.getByTestId('wizard-param-amount').fill('1.00');
    await page.getByTestId('wizard-next').click();
    await step('when');
    await page.getByTestId('wizard-next').click();
    await step('summary');
    expect(found).toEqual({});
    // Some thirty screens: on the shared 2-core machine under load (load average 20) the walk passes 120 s.
  }, 300_000);

  it('the media screens of the merchant admin', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await expect
      .poll(
        () =>
          api(token, 'GET', `/medias/${MEDIA_ID}?merchantId=acme-vending`).then(
            () => true,
            () => false,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const found = await violationsOn(page, [[`/customers-medias/medias/${MEDIA_ID}/transactions`, LISTED]]);
    expect(found).toEqual({});
  });

  it('every screen of the super admin', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'superadmin@demo.local'));
    const found = await violationsOn(page, [
      ['/dashboard', '[data-testid="dashboard"]'],
      ['/admin/merchants', LISTED],
      ['/admin/merchants/create'],
      ['/admin/users', LISTED],
      ['/admin/troubleshooting-alarm', LISTED],
      ['/admin/troubleshooting-alarm/create'],
    ]);
    const merchant = await firstDetail(page, '/admin/merchants');
    Object.assign(found, await violationsOn(page, [[merchant]]));
    for (const list of ['/admin/users', '/admin/troubleshooting-alarm']) Object.assign(found, await violationsOn(page, [[await firstDetail(page, list)]]));
    expect(found).toEqual({});
  });
});
