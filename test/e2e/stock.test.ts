import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import type { StackInfo } from '../../infra/local/stack-info';
import { connectDevice, saleTransaction, salesMessage, type SimulatedDevice } from '../../infra/local/simulator';
import type { MachineStock } from '#schemas/stock';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, downloadedFile } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const info = stack as unknown as StackInfo;
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36).toUpperCase();
const MERCHANT = 'acme-vending';
const serial = () => `CENG-${randomInt(10_000_000, 99_999_999)}`;

/**
 * Two machines of a group of their own run a small can planogram: selection 1 holds cola (capacity 10, warning
 * at 3, refilled to 8), selection 2 water (capacity 6, warning at 2, refilled to 6). The first reports its sales
 * over MQTT; the second stays full. A third machine has no planogram.
 */
const machines = { selling: serial(), full: serial(), bare: serial() };
const group = { id: '', name: `E2E stock ${run}` };
let device: SimulatedDevice;
let token: string;

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
  group.id = (await api<{ id: string }>(token, 'POST', `/merchants/${MERCHANT}/groups`, { name: group.name })).id;
  const planogram = await api<{ id: string }>(token, 'POST', `/merchants/${MERCHANT}/planograms`, {
    name: `E2E stock cans ${run}`,
    planogramType: 'B',
    lines: [
      { selection: '1', productId: 'acme-cola', capacity: 10, warningLevel: 3, refillValue: 8 },
      { selection: '2', productId: 'acme-water-still', capacity: 6, warningLevel: 2, refillValue: 6 },
    ],
  });
  for (const [role, s] of Object.entries(machines)) {
    const name = `E2E stock ${role} ${run}`;
    await api(token, 'POST', '/pos/join', { serial: s, pin: DEMO_PINS[MERCHANT], name });
    if (role === 'bare') continue;
    await api(token, 'PUT', `/pos/${s}`, { name, networkType: null, warrantyEnd: null, planogramId: planogram.id });
    await api(token, 'PUT', `/pos/${s}/associate-group`, { groupId: group.id });
  }
  device = await connectDevice(info.mqtt, machines.selling);
});
afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

/** A page's state once it has loaded or reacted (the shared 2-core machine can take seconds, past expect.poll's default 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const stockLine = (page: Page, selection: string) => page.locator(`[data-testid="stock-line"][data-selection="${selection}"]`);
const valueOf = (page: Page, selection: string) => page.getByTestId(`stock-value-${selection}`).inputValue();

async function signedIn(email: string): Promise<{ page: Page; messages: Record<string, string>; lang: string }> {
  const page = await newPage(browser);
  await signInToDashboard(page, stack.web, demoUser(stack, email));
  return { page, messages: await uiMessages(page), lang: await page.evaluate(() => document.documentElement.lang) };
}

describe('stock screens', () => {
  it('a merchant admin turns stock management on, refills the machine, watches its sales take stock away and corrects a line', async () => {
    const { page, messages, lang } = await signedIn('merchant.admin@demo.local');
    const format = (id: string, values: Record<string, unknown>) => new IntlMessageFormat(messages[id]!, lang).format(values) as string;

    // Without a planogram the tab says one must be assigned, and leads there.
    await page.goto(web(`/devices/${machines.bare}/stock`));
    await page.locator('[data-testid="stock-not-managed"][data-reason="noPlanogram"]').waitFor();
    expect(await page.getByTestId('stock-not-managed').textContent()).toContain(messages['stock.notManaged.noPlanogram']);
    await page.getByTestId('stock-assign-planogram').click();
    await page.waitForURL(new RegExp(`/devices/${machines.bare}/details$`));

    // With one, stock management is off until turned on.
    await page.goto(web(`/devices/${machines.selling}/stock`));
    await page.locator('[data-testid="stock-not-managed"][data-reason="off"]').waitFor();
    await expectAccessible(page, 'stock tab, stock management off');
    await page.getByTestId('stock-turn-on').click();
    await toast(page, messages['stock.turnedOn']!).waitFor();
    await eventually(() => page.getByTestId('stock-line').count()).toBe(2);

    // A full refill, after confirming, sets each line to its refill value.
    await page.getByTestId('stock-full-refill').click();
    // The machine's header has its own (closed) confirmations: the open one is the refill's.
    const dialog = page.locator('[data-testid="confirm-dialog"][open]');
    await eventually(() => dialog.textContent()).toContain(format('stock.refill.confirmMessage', { lines: 2 }));
    await expectAccessible(page, 'full refill confirmation');
    await dialog.getByTestId('confirm-ok').click();
    await toast(page, messages['stock.refilled']!).waitFor();
    await eventually(() => valueOf(page, '1')).toBe('8');
    expect(await valueOf(page, '2')).toBe('6');
    expect(await stockLine(page, '1').locator('[data-column="status"]').textContent()).toBe(messages['stock.status.inStock']);
    await expectAccessible(page, 'stock tab');

    // The machine sells three colas over MQTT (one message delivered twice): the tab, refreshing itself, shows 5.
    const sales = salesMessage(
      machines.selling,
      [1, 2, 3].map((i) => saleTransaction({ id: `E2ES${run}${i}`, type: 2, line: 1, productCode: 'COLD-003', createdAt: new Date().toISOString() })),
    );
    await device.publish('sales', sales);
    await device.publish('sales', sales);
    await expect.poll(() => valueOf(page, '1'), { timeout: 30_000, interval: 500 }).toBe('5');
    // Selling, it now runs out some day (it said "no sales" before).
    const daysToSellOut = page.locator('[data-testid="stock-summary"] [data-summary="daysToSellOut"] [data-days]');
    await eventually(() => daysToSellOut.getAttribute('data-days')).not.toBe('');

    // Values are checked under their field while typing: not negative, not above the line's capacity.
    await page.getByTestId('stock-value-2').fill('-1');
    await eventually(() => page.getByTestId('stock-value-2-error').textContent()).toBe(messages['stock.error.negative']);
    await page.getByTestId('stock-value-2').fill('7');
    await eventually(() => page.getByTestId('stock-value-2-error').textContent()).toBe(format('stock.error.aboveCapacity', { capacity: 6 }));
    await expectAccessible(page, 'stock tab with a line error');
    await page.getByTestId('stock-save').click();
    expect(await page.getByTestId('toast').count()).toBe(0);
    await page.getByTestId('stock-value-2').fill('1');
    await eventually(() => page.getByTestId('stock-value-2-error').count()).toBe(0);
    await page.getByTestId('stock-save').click();
    await toast(page, messages['stock.saved']!).waitFor();
    await eventually(() => stockLine(page, '2').locator('[data-column="status"]').textContent()).toBe(messages['stock.status.low']);
    const stored = await api<MachineStock>(token, 'GET', `/pos/${machines.selling}/stock`);
    expect(stored.lines.map((l) => [l.selection, l.value, l.status])).toEqual([
      ['1', 5, 9],
      ['2', 1, 4],
    ]);
  });

  it('a merchant user reads a machine’s stock but cannot change it', async () => {
    await api(token, 'PUT', `/pos/${machines.full}/manage-stock`, { manageStock: true });
    await api(token, 'POST', `/pos/${machines.full}/stock/full-refill`);
    const { page } = await signedIn('merchant.user@demo.local');
    await page.goto(web(`/devices/${machines.full}/stock`));
    await eventually(() => page.getByTestId('stock-line').count()).toBe(2);
    expect(await stockLine(page, '1').locator('[data-column="value"]').textContent()).toBe('8');
    expect(await page.locator('[data-testid="device-stock"] input').count()).toBe(0);
    expect(await page.getByTestId('stock-full-refill').count()).toBe(0);
  });

  it('manage-stock lists the group’s machines with their fill, sorted by fill both ways, each opening its stock tab', async () => {
    const { page, messages } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'devices-manage-stock')).click();
    await page.waitForURL(/\/devices\/manage-stock$/);
    const table = page.getByTestId('table-manage-stock');
    await table.locator('[data-filter="groupId"]').selectOption(group.id);
    const rows = table.locator('tbody tr');
    await eventually(() => rows.count()).toBe(2);
    await expectAccessible(page, 'manage-stock');
    const order = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')));
    // Emptiest first by default: the selling machine holds 6 of 16, the other 14.
    await eventually(order).toEqual([machines.selling, machines.full]);
    expect(await rows.first().locator('[data-column="fill"]').textContent()).toMatch(/37\s?%/);
    expect(await rows.first().locator('[data-column="linesLow"]').textContent()).toBe('1');
    expect(await rows.first().locator('[data-column="status"]').textContent()).toBe(messages['stock.status.low']);
    await page.getByTestId('sort-fill').click();
    await eventually(order).toEqual([machines.full, machines.selling]);
    await table.locator(`tr[data-row-id="${machines.selling}"]`).getByTestId('manage-stock-link').click();
    await page.waitForURL(new RegExp(`/devices/${machines.selling}/stock$`));
    await page.getByTestId('stock-lines').waitFor();
  });

  it('a group admin finds only its groups’ machines and groups in manage-stock and the pick list', async () => {
    const { page } = await signedIn('group.admin@demo.local');
    await page.goto(web('/devices/manage-stock'));
    await expectAccessible(page, 'manage-stock of a group admin');
    const table = page.getByTestId('table-manage-stock');
    await table.locator('tbody tr, [data-testid="empty-state"]').first().waitFor();
    expect(await table.locator(`tr[data-row-id="${machines.selling}"], tr[data-row-id="${machines.full}"]`).count()).toBe(0);
    expect(await table.locator(`[data-filter="groupId"] option[value="${group.id}"]`).count()).toBe(0);
    await page.goto(web('/devices/pick-list'));
    await page.getByTestId('pick-list-group').locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await page.locator(`[data-testid="pick-list-group"] option[value="${group.id}"]`).count()).toBe(0);
    // Another group's address shows none of its machines: the API answers as for a group without any.
    await page.goto(web(`/devices/pick-list?groupId=${group.id}`));
    await page.getByTestId('pick-list').waitFor();
    expect(await page.getByTestId('pick-list-product').count()).toBe(0);
    expect(await page.getByTestId('pick-list-machine').count()).toBe(0);
  });

  it('a pick list for a group: what to bring per product and line, when each machine runs out, as CSV and on paper', async () => {
    const { page, messages } = await signedIn('merchant.admin@demo.local');
    await (await menuLink(page, 'devices-pick-list')).click();
    await page.waitForURL(/\/devices\/pick-list$/);
    await page.getByTestId('pick-list-form').waitFor();
    await expectAccessible(page, 'pick list, nothing chosen');

    // Nothing chosen: said under the choice.
    await page.getByTestId('pick-list-kind-group').check();
    await page.getByTestId('pick-list-show').click();
    expect(await page.getByTestId('pick-list-missing').textContent()).toBe(messages['stock.pickList.missing.group']);
    await page.getByTestId('pick-list-group').selectOption(group.id);
    await page.getByTestId('pick-list-show').click();
    await page.waitForURL(new RegExp(`/devices/pick-list\\?groupId=${group.id}$`));
    await page.getByTestId('pick-list').waitFor();

    // Cola: 8 − 5 = 3; water: 6 − 1 = 5, both from the selling machine; the full machine needs nothing.
    const products = page.getByTestId('pick-list-product');
    await eventually(() => products.count()).toBe(2);
    const quantities = await products.evaluateAll((bodies) =>
      Object.fromEntries(bodies.map((b) => [b.getAttribute('data-product'), b.querySelector('[data-testid="pick-list-quantity"]')?.textContent])),
    );
    expect(quantities).toEqual({ 'acme-cola': '3', 'acme-water-still': '5' });
    const water = page.locator('[data-testid="pick-list-product"][data-product="acme-water-still"]');
    expect(await water.getByTestId('pick-list-line').isVisible()).toBe(false);
    await water.getByTestId('pick-list-toggle').click();
    expect(await water.getByTestId('pick-list-line').textContent()).toContain(machines.selling);
    const machineRows = page.getByTestId('pick-list-machine');
    expect(await machineRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-serial')).sort())).toEqual([machines.full, machines.selling].sort());
    await expectAccessible(page, 'pick list');

    // The CSV comes from the API: a row per product and line.
    const download = page.waitForEvent('download');
    await page.getByTestId('pick-list-csv').click();
    const csv = (await readFile(await downloadedFile(await download), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(csv[0]).toContain('productCode');
    expect(csv.slice(1).filter((row) => row.includes(machines.selling))).toHaveLength(2);

    // On paper: only the list, every line shown, nothing wider than A4 (186 mm between 12 mm margins ≈ 703 px).
    await page.setViewportSize({ width: 703, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.app-bar', '.shell__menu', '[data-testid="pick-list-form"]', '[data-testid="pick-list-print"]']) {
      expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
    }
    expect(await page.getByTestId('pick-list').isVisible()).toBe(true);
    expect(await page.locator('[data-product="acme-cola"] [data-testid="pick-list-line"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
