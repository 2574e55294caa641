import { randomInt } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36).toUpperCase();
const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('planograms', () => {
  it('a merchant admin creates a planogram with lines (told per field what is wrong), assigns it to a machine, then deletes it knowing the machine loses stock management', async () => {
    const admin = merchantAdmin();
    const token = await idToken(admin.email, admin.password);
    const machine = await api<{ serial: string }>(token, 'POST', '/pos/join', {
      serial: `CENG-${randomInt(10_000_000, 99_999_999)}`,
      pin: DEMO_PINS['acme-vending'],
      name: `E2E planogram ${run}`,
    });

    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, admin);
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-planograms')).click();
    await page.waitForURL(/\/manage\/planograms$/);
    await page.getByTestId('table-manage-planograms').locator('tbody tr', { hasText: 'Lattine e bottiglie' }).waitFor();
    await expectAccessible(page, 'planogram list');

    await page.getByTestId('planogram-create').click();
    await page.waitForURL(/\/manage\/planograms\/create$/);
    const name = `E2E cans ${run}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-planogramType').selectOption('B');
    for (const [i, selection, productId] of [
      [0, 'C1', 'acme-cola'],
      [1, 'C2', 'acme-water-still'],
    ] as const) {
      await page.getByTestId('line-add').click();
      await page.getByTestId(`line-${i}-selection`).fill(selection);
      await page.getByTestId(`line-${i}-product`).selectOption(productId);
    }
    // A warning level above the capacity is told under that field while typing; nothing is sent.
    await page.getByTestId('line-1-capacity').fill('6');
    await page.getByTestId('line-1-warningLevel').fill('8');
    await expect.poll(() => page.getByTestId('line-1-warningLevel-error').textContent()).toBe(messages['planograms.error.warningAboveCapacity']);
    await page.getByTestId('planogram-submit').click();
    expect(page.url()).toMatch(/\/create$/);
    await expectAccessible(page, 'planogram form with a line error');
    expect(await page.getByTestId('line-1-refillValue-error').textContent()).toBe(messages['planograms.error.refillAboveCapacity']);
    await page.getByTestId('line-1-warningLevel').fill('2');
    await page.getByTestId('line-1-refillValue').fill('6');
    await expect.poll(() => page.locator('[data-testid^="line-1-"][data-testid$="-error"]').count()).toBe(0);
    await page.getByTestId('planogram-submit').click();
    await toast(page, messages['planograms.created']!).waitFor();
    await page.waitForURL(/\/manage\/planograms\/[^/?]+\?merchantId=acme-vending$/);
    const planogramUrl = page.url();
    await expect.poll(() => page.getByTestId('planogram-line').count()).toBe(2);
    expect(await page.getByTestId('line-1-product').inputValue()).toBe('acme-water-still');

    // The machine's detail: an admin picks the planogram by name.
    await page.goto(web(`/devices/${machine.serial}/details`));
    await page.getByTestId('field-planogramId').locator('option', { hasText: name }).waitFor({ state: 'attached' });
    await page.getByTestId('field-planogramId').selectOption({ label: name });
    await page.getByTestId('device-submit').click();
    await toast(page, messages['devices.updated']!).waitFor();
    await expect.poll(() => page.locator('[data-testid="device-fields"] [data-field="planogram"]').textContent()).toContain(name);

    // Deleting it says that one machine loses stock management; afterwards the machine has none.
    await page.goto(planogramUrl);
    await page.getByTestId('planogram-delete').click();
    const lang = await page.evaluate(() => document.documentElement.lang);
    const confirmation = new IntlMessageFormat(messages['planograms.delete.confirmMessage']!, lang).format({ machines: 1 }) as string;
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain(confirmation);
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['planograms.deleted']!).waitFor();
    await page.waitForURL(/\/manage\/planograms$/);
    const after = await api<{ planogramId: string | null; manageStock: boolean }>(token, 'GET', `/pos/${machine.serial}`);
    expect(after).toMatchObject({ planogramId: null, manageStock: false });
  });
});
