/**
 * Merchant features in the console (issue 28 item 2): a distributor without a feature has no menu entry or tab for
 * it, and its address typed by hand shows the "not enabled for this distributor" screen, never an error or an empty
 * table. Bravo lacks PRODUCTS_STOCK, NETWORK, ADVANCED_ALARMS…; Acme has every feature.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MACHINES } from '../../infra/local/demo-data';
import { demoUser, getStack, connectBrowser, newPage, signInToDashboard, uiMessages } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const bravoMachine = DEMO_MACHINES.find((m) => m.merchantId === 'bravo-distribucion' && !m.hidden && !m.offline)!.serial;

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The command types the remote command wizard offers for a machine. */
async function wizardTypes(page: Page, serial: string) {
  await page.goto(web('/devices/remote-commands'));
  await page.getByTestId('command-new').click();
  await page.getByTestId('wizard-device').selectOption(serial);
  await page.getByTestId('wizard-next').click();
  const type = page.getByTestId('wizard-type');
  await type.waitFor();
  return type.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

const menuIds = (page: Page) =>
  page.locator('[data-testid="side-menu"] [data-menu-id]').evaluateAll((links) => links.map((a) => a.getAttribute('data-menu-id')));

async function expectNotEnabled(page: Page, path: string, feature: string) {
  await page.goto(web(path));
  const screen = page.getByTestId('feature-not-enabled');
  await screen.waitFor();
  const messages = await uiMessages(page);
  expect(await screen.locator('h1').textContent()).toBe(messages['featureGate.title']);
  const text = (await screen.textContent()) ?? '';
  expect(text).toContain(messages[`features.${feature}`]);
  expect(text).toContain('Bravo Distribución');
  expect(await page.getByTestId('error-state').count()).toBe(0);
  expect(await page.getByTestId('empty-state').count()).toBe(0);
  await page.getByTestId('feature-not-enabled-home').click();
  await page.waitForURL(/\/dashboard$/);
}

describe('merchant features in the console', () => {
  it('a distributor without a feature has no menu entry or tab for it; its typed address says it is not enabled', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'bravo.admin@demo.local'));
    await expect.poll(() => menuIds(page)).toContain('customers-medias-medias');
    const shown = await menuIds(page);
    for (const id of ['devices-manage-stock', 'devices-pick-list', 'manage-notifications']) expect(shown).not.toContain(id);
    for (const id of ['manage-products', 'manage-planograms', 'transactions-webpayment-orders']) expect(shown).toContain(id);

    await expectNotEnabled(page, '/devices/manage-stock', 'PRODUCTS_STOCK');
    await expectNotEnabled(page, '/manage/notifications', 'ADVANCED_ALARMS');

    // A machine's screen: the tabs of features it lacks are absent, and typed they say so.
    await page.goto(web(`/devices/${bravoMachine}/details`));
    await page.getByTestId('device-tabs').waitFor();
    const tabs = await page.locator('[data-testid="device-tabs"] [data-tab]').evaluateAll((links) => links.map((a) => a.getAttribute('data-tab')));
    expect(tabs).toContain('prices');
    for (const tab of ['stock', 'signal', 'custom-config']) expect(tabs).not.toContain(tab);
    await expectNotEnabled(page, `/devices/${bravoMachine}/signal`, 'NETWORK');

    // The remote command wizard leaves out the types that send a configuration (REMOTE_CONFIGURATIONS).
    const types = await wizardTypes(page, bravoMachine);
    expect(types).toContain('4');
    for (const type of ['7', '13']) expect(types).not.toContain(type);
  });

  it('a distributor with the features sees their menu entries and screens', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await expect.poll(() => menuIds(page)).toContain('devices-manage-stock');
    expect(await menuIds(page)).toContain('manage-notifications');
    await page.goto(web('/devices/manage-stock'));
    await page.getByTestId('manage-stock-page').waitFor();
    expect(await page.getByTestId('feature-not-enabled').count()).toBe(0);
    const acmeMachine = DEMO_MACHINES.find((m) => m.merchantId === 'acme-vending' && !m.hidden && !m.offline)!.serial;
    await expect.poll(() => wizardTypes(page, acmeMachine)).toEqual(expect.arrayContaining(['4', '7', '13']));
  });
});
