import { randomInt } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { SimulatedPrices } from '../../infra/local/simulated-prices';
import { auditMessage, connectDevice, DexBook, type SimulatedDevice } from '../../infra/local/simulator';
import type { PosPrices } from '#schemas/prices';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, signInAt } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36).toUpperCase();
const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

/** A new Acme machine running the can planogram (lines C1–C8: C3 holds acme-cola). */
async function canMachine(token: string, label: string): Promise<string> {
  const serial = `CENG-${randomInt(70_000_000, 79_999_999)}`;
  const name = `E2E prices ${label} ${run}`;
  await api(token, 'POST', '/pos/join', { serial, pin: DEMO_PINS['acme-vending'], name });
  await api(token, 'PUT', `/pos/${serial}`, { name, networkType: null, warrantyEnd: null, planogramId: 'acme-cans' });
  return serial;
}

const cell = (page: Page, line: string, table: number) => page.getByTestId(`price-${line}-${table}`);
const syncState = (page: Page) => page.getByTestId('prices-sync').getAttribute('data-sync');
/** The dialog on screen (a closed one stays in the page). */
const dialog = (page: Page) => page.locator('dialog[open]');

let browser: Browser;
let token: string;
let serial: string;
let device: SimulatedDevice;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = merchantAdmin();
  token = await idToken(admin.email, admin.password);
  serial = await canMachine(token, 'A');
  // The machine itself: a simulated device on the stack's broker that acknowledges what it is sent.
  device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, serial);
});
const devices: SimulatedDevice[] = [];
afterAll(async () => {
  await Promise.all(devices.map((d) => d.client.endAsync()));
  await device?.client.endAsync();
  await browser?.close();
});

describe('device prices tab', () => {
  it('a merchant admin enters prices (told per cell what is wrong), cannot send or leave before saving, saves, sends, and sees sync once the machine acknowledges', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${serial}/prices`));
    const messages = await uiMessages(page);
    await page.getByTestId('prices-editor').waitFor();
    expect(await syncState(page)).toBe('none');
    expect(await page.getByTestId('prices-last-sync').textContent()).toBe(messages['prices.neverSynced']);
    expect(await page.getByTestId('prices-send').isDisabled()).toBe(true);
    expect(await page.getByTestId('prices-save').isDisabled()).toBe(true);
    await expectAccessible(page, 'device prices tab');

    // Only cash1 is shown until another table is added; a negative price is told under its cell.
    expect(await page.locator('[data-testid="prices-grid"] th[data-price-table]').count()).toBe(1);
    await cell(page, 'C1', 1).fill('-1');
    expect(await page.getByTestId('price-C1-1-error').textContent()).toBe(messages['money.error.negative']);
    await cell(page, 'C1', 1).fill('1,234');
    expect(await page.getByTestId('price-C1-1-error').textContent()).toContain('2');
    await expectAccessible(page, 'device prices tab with a cell error');
    await cell(page, 'C1', 1).fill('1.50');
    await page.getByTestId('price-C1-1-error').waitFor({ state: 'detached' });
    await page.getByTestId('prices-add-table').selectOption('6');
    await cell(page, 'C1', 6).fill('1.40');
    await cell(page, 'C3', 1).fill('2');

    // Unsaved edits: Send says to save first, and leaving the tab asks.
    expect(await page.getByTestId('prices-send').isDisabled()).toBe(true);
    expect(await page.getByTestId('prices-send-blocked').textContent()).toBe(messages['errors.SavePricesBeforeSendingException']);
    await page.locator('[data-testid="device-tabs"] [data-tab="details"]').click();
    await dialog(page).getByTestId('confirm-cancel').click();
    expect(page.url()).toMatch(/\/prices$/);
    expect(await cell(page, 'C3', 1).inputValue()).toBe('2');

    await page.getByTestId('prices-save').click();
    await toast(page, messages['prices.toast.set']!).waitFor();
    await expect.poll(() => syncState(page)).toBe('pending');
    expect(await page.getByTestId('prices-pending-by').isVisible()).toBe(true);
    await page.getByTestId('prices-send-blocked').waitFor({ state: 'detached' });

    await page.getByTestId('prices-send').click();
    await toast(page, messages['prices.toast.sent']!).waitFor();
    await expect.poll(() => syncState(page), { timeout: 20_000 }).toBe('sync');
    expect(await page.getByTestId('prices-last-sync').textContent()).not.toBe(messages['prices.neverSynced']);

    // What the API holds is what was typed, in minor units; the history lists the save.
    const saved = await api<PosPrices>(token, 'GET', `/pos/${serial}/prices`);
    expect(saved.prices).toEqual(
      expect.arrayContaining([
        { line: 'C1', priceTable: 1, value: 150 },
        { line: 'C1', priceTable: 6, value: 140 },
        { line: 'C3', priceTable: 1, value: 200 },
      ]),
    );
    expect(saved.prices).toHaveLength(3);
    const history = page.getByTestId('table-device-price-history').locator('tbody tr');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(1);
    expect(await history.first().locator('td[data-column="action"]').textContent()).toBe(messages['prices.action.save']);

    // Leaving without edits does not ask.
    await page.locator('[data-testid="device-tabs"] [data-tab="details"]').click();
    await page.waitForURL(/\/details$/);
  });

  it('when someone else saves meanwhile, saving says so and offers to reload their prices', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${serial}/prices`));
    const messages = await uiMessages(page);
    await cell(page, 'C2', 1).fill('3');

    const current = await api<PosPrices>(token, 'GET', `/pos/${serial}/prices`);
    await api(token, 'PUT', `/pos/${serial}/prices`, { version: current.version, prices: [...current.prices, { line: 'C4', priceTable: 1, value: 95 }] });

    await page.getByTestId('prices-save').click();
    await dialog(page).waitFor();
    expect(await dialog(page).textContent()).toContain(messages['prices.conflict.message']);
    await dialog(page).getByTestId('confirm-ok').click();
    await expect.poll(() => cell(page, 'C4', 1).inputValue()).toMatch(/^0[.,]95$/);
    expect(await cell(page, 'C2', 1).inputValue()).toBe('');
    expect(await syncState(page)).toBe('pending');
  });

  it('cancel, after a confirmation, goes back to the prices the machine last synced', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${serial}/prices`));
    const messages = await uiMessages(page);
    await expect.poll(() => syncState(page)).toBe('pending');
    await page.getByTestId('prices-cancel').click();
    await dialog(page).waitFor();
    await expectAccessible(page, 'cancel prices confirmation');
    await dialog(page).getByTestId('confirm-ok').click();
    await toast(page, messages['prices.toast.cancelled']!).waitFor();
    await expect.poll(() => syncState(page)).toBe('sync');
    expect(await cell(page, 'C4', 1).inputValue()).toBe('');
    expect(await cell(page, 'C1', 1).inputValue()).toMatch(/^1[.,]50$/);
  });

  it('prices the merchant’s ERP sets with its API token show “via ERP API”, in the state and the history', async () => {
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    const adminToken = await idToken(superAdmin.email, superAdmin.password);
    const machine = await canMachine(token, 'ERP');
    const { apiToken } = await api<{ apiToken: string }>(adminToken, 'POST', '/merchants/acme-vending/settings/api-token');
    const { merchantId: _, updatedAt: __, ...settings } = await api<Record<string, unknown>>(adminToken, 'GET', '/merchants/acme-vending/super-admin-settings');
    await api(adminToken, 'PUT', '/merchants/acme-vending/super-admin-settings', { ...settings, erpApi: true });
    try {
      const apiBase = /\/api\/v1\/?$/.test(stack.api) ? stack.api.replace(/\/$/, '') : new URL('/api/v1', stack.api).toString();
      const erp = await fetch(`${apiBase}/erp/pos/${machine}/prices`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'x-api-token': apiToken },
        body: JSON.stringify({ prices: [{ line: 'C1', priceTable: 1, value: 120 }] }),
      });
      expect(erp.status).toBe(200);
    } finally {
      await api(adminToken, 'PUT', '/merchants/acme-vending/super-admin-settings', settings);
    }

    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${machine}/prices`));
    const messages = await uiMessages(page);
    await page.getByTestId('prices-origin').waitFor();
    expect(await page.getByTestId('prices-origin').textContent()).toBe(messages['prices.origin.erpApi']);
    expect(await cell(page, 'C1', 1).inputValue()).toMatch(/^1[.,]20$/);
    const history = page.getByTestId('table-device-price-history').locator('tbody tr');
    await expect.poll(() => history.first().locator('td[data-column="origin"]').textContent()).toBe(messages['prices.origin.erpApi']);
    expect(await history.first().locator('td[data-column="by"]').textContent()).toBe('ERP API');
  });

  it('prices changed on the machine itself, as its audit reports them, show “modified in device”', async () => {
    const machine = await canMachine(token, 'keypad');
    const onMqtt = await connectDevice((stack as unknown as { mqtt: string }).mqtt, machine);
    devices.push(onMqtt);
    onMqtt.prices = new SimulatedPrices();
    const book = new DexBook();
    book.prices = onMqtt.prices;
    const saved = await api<PosPrices>(token, 'PUT', `/pos/${machine}/prices`, { version: 0, prices: [{ line: 'C1', priceTable: 1, value: 100 }] });
    await api(token, 'POST', `/pos/${machine}/prices/send`, { version: saved.version });
    await expect.poll(async () => (await api<PosPrices>(token, 'GET', `/pos/${machine}/prices`)).status, { timeout: 20_000 }).toBe('sync');

    // Someone sets another price on the machine's keypad; its next audit reports it.
    onMqtt.prices.apply([{ line: 'C1', priceTable: 1, value: 130 }]);
    const readAt = new Date().toISOString();
    await onMqtt.publish('audit', auditMessage(machine, { readAt, origin: 2, dex: book.text(machine, readAt) }));
    await expect.poll(async () => (await api<PosPrices>(token, 'GET', `/pos/${machine}/prices`)).origin, { timeout: 20_000 }).toBe('device');

    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${machine}/prices`));
    const messages = await uiMessages(page);
    await page.getByTestId('prices-origin').waitFor();
    expect(await page.getByTestId('prices-origin').textContent()).toBe(messages['prices.origin.device']);
    expect(await syncState(page)).toBe('sync');
    expect(await cell(page, 'C1', 1).inputValue()).toMatch(/^1[.,]30$/);
    const history = page.getByTestId('table-device-price-history').locator('tbody tr');
    await expect.poll(() => history.first().locator('td[data-column="action"]').textContent()).toBe(messages['prices.action.device']);
  });

  it('a merchant user reads the prices without a way to change them', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'merchant.user@demo.local'), web(`/devices/${serial}/prices`));
    await page.getByTestId('prices-editor').waitFor();
    expect(await cell(page, 'C1', 1).textContent()).toContain('1.50');
    expect(await page.locator('[data-testid="prices-grid"] input').count()).toBe(0);
    expect(await page.getByTestId('prices-save').count()).toBe(0);
    expect(await page.locator('[data-testid="side-menu"] [data-menu-id="devices-prices-bulk"]').count()).toBe(0);
    await expectAccessible(page, 'device prices tab, read-only');

    // On a phone the grid scrolls inside its card, and the page stays as wide as the screen.
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAt(phone, stack.web, demoUser(stack, 'merchant.user@demo.local'), web(`/devices/${serial}/prices`));
    await phone.getByTestId('prices-grid').waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone, 'device prices tab, read-only, on a phone');
  });
});

describe('bulk price change', () => {
  it('previews only the machines whose price differs (old → new) and applies the change with an outcome per machine', async () => {
    // Two can machines: one sells cola (C3, cash1) at 2.00, the other already at the new price, so the preview leaves it out.
    const [first, other] = [await canMachine(token, 'bulk 1'), await canMachine(token, 'bulk 2')];
    await api(token, 'PUT', `/pos/${first}/prices`, { version: 0, prices: [{ line: 'C3', priceTable: 1, value: 200 }] });
    await api(token, 'PUT', `/pos/${other}/prices`, { version: 0, prices: [{ line: 'C3', priceTable: 1, value: 90 }] });

    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    await (await menuLink(page, 'devices-prices-bulk')).click();
    await page.waitForURL(/\/devices\/prices-bulk$/);
    await page.getByTestId('bulk-prices-form').waitFor();

    // Nothing chosen: each missing choice is told under its field.
    await page.getByTestId('bulk-preview').click();
    expect(await page.getByTestId('error-planogramId').textContent()).toBe(messages['prices.bulk.error.planogram']);
    expect(await page.getByTestId('error-productId').textContent()).toBe(messages['prices.bulk.error.product']);
    expect(await page.getByTestId('error-amount').textContent()).toBe(messages['money.error.required']);
    await expectAccessible(page, 'bulk price change with errors');

    await page.getByTestId('bulk-target-machines').check();
    await page.getByTestId('field-serials').locator(`option[value="${other}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('field-serials').selectOption([first, other]);
    await page.getByTestId('field-productId').selectOption('acme-cola');
    await page.getByTestId('field-amount').fill('0.90');
    await page.getByTestId('bulk-preview').click();

    const previewed = page.getByTestId('bulk-preview-machine');
    await expect.poll(() => previewed.count()).toBe(1);
    expect(await previewed.first().getAttribute('data-serial')).toBe(first);
    const change = await previewed.first().getByTestId('bulk-preview-change').textContent();
    expect(change).toMatch(/^C3 · .+: .*2[.,]00.* → .*0[.,]90/);
    await expectAccessible(page, 'bulk price change preview');

    await page.getByTestId('bulk-apply').click();
    await page.getByTestId('bulk-apply-result').waitFor();
    expect(await page.getByTestId('bulk-result-machine').getAttribute('data-outcome')).toBe('saved');
    const lang = await page.evaluate(() => document.documentElement.lang);
    await toast(page, new IntlMessageFormat(messages['prices.bulk.applied']!, lang).format({ saved: 1 }) as string).waitFor();

    const after = await api<PosPrices>(token, 'GET', `/pos/${first}/prices`);
    expect(after.prices).toContainEqual({ line: 'C3', priceTable: 1, value: 90 });
    expect(after.status).toBe('pending');
  });
});
