import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, type SimulatedDevice } from '../../infra/local/simulator';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, toast, uiMessages } from './browser';

const stack = getStack();
const ACME_PIN = '11223344';

let browser: Browser;
let device: SimulatedDevice;
let serial: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  const token = await idToken(admin.email, admin.password);
  serial = `CENG-${randomInt(70_000_000, 79_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E keyboard ${serial.slice(-4)}` });
  // The machine on the stack's broker, which executes what it is sent.
  device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, serial);
});
afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

/** The focused element's data-testid (or tag), and the attribute `attr` of it when asked. */
const focused = (page: Page, attr = 'data-testid') =>
  page.evaluate((name) => {
    const active = document.activeElement;
    return active?.getAttribute(name) ?? active?.tagName.toLowerCase() ?? null;
  }, attr);

/** Presses `key` (Tab or Shift+Tab) until the element matching `selector` has the focus; fails after `max` presses. */
async function moveFocusTo(page: Page, selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} × ${max} never reached ${selector} (focus on ${await focused(page)})`);
}

describe('by keyboard only', () => {
  it('the merchant admin signs in, opens a machine and sends it a command through the wizard', async () => {
    const admin = demoUser(stack, 'merchant.admin@demo.local');
    const page = await newPage(browser);
    await page.goto(new URL('/login', stack.web).toString());

    await moveFocusTo(page, '[data-testid="login-email"]');
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('login-password');
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('dashboard').waitFor();
    const messages = await uiMessages(page);

    // The side menu's devices group (opened with Enter when closed) and its devices link, the list's search, the machine's link.
    const devicesGroup = '[data-testid="side-menu"] [data-menu-group="devices"]';
    await moveFocusTo(page, devicesGroup);
    if ((await page.locator(devicesGroup).getAttribute('aria-expanded')) === 'false') await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(devicesGroup).getAttribute('aria-expanded')).toBe('true');
    await moveFocusTo(page, '[data-testid="side-menu"] [data-menu-id="devices"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('device-list-page').waitFor();
    await moveFocusTo(page, '[data-testid="table-devices"] input[data-filter="search"]');
    await page.keyboard.type(serial.slice(-8));
    await expect.poll(() => page.getByTestId('device-link').count()).toBe(1);
    await moveFocusTo(page, '[data-testid="device-link"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('device-summary').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/devices/${serial}/details`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // Its remote commands tab, then the button that opens the wizard with the machine chosen.
    await moveFocusTo(page, '[data-tab="remote-commands"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('device-remote-commands').waitFor();
    await moveFocusTo(page, '[data-testid="device-command-new"]');
    await page.keyboard.press('Enter');
    const wizard = page.getByTestId('command-wizard');
    await wizard.waitFor();
    await expectAccessible(page, 'command wizard');

    await moveFocusTo(page, '[data-testid="wizard-device"]');
    expect(await page.getByTestId('wizard-device').inputValue()).toBe(serial);
    await moveFocusTo(page, '[data-testid="wizard-next"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('command');

    // The command: "send external credit" (type 6, the sixth option) by arrows, then its amount.
    await moveFocusTo(page, '[data-testid="wizard-type"]', 'Shift+Tab');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('wizard-type').inputValue()).toBe('6');
    await moveFocusTo(page, '[data-testid="wizard-param-amount"]');
    await page.keyboard.type('1.50');
    await moveFocusTo(page, '[data-testid="wizard-next"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('when');

    // When: now (the checked radio); Space on it keeps it.
    await moveFocusTo(page, '[data-testid="wizard-now"]', 'Shift+Tab');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('wizard-now').isChecked()).toBe(true);
    await moveFocusTo(page, '[data-testid="wizard-next"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('summary');
    expect(await page.getByTestId('wizard-summary').textContent()).toContain('"amount":150');

    await moveFocusTo(page, '[data-testid="wizard-send"]');
    await page.keyboard.press('Enter');
    await toast(page, messages['remoteCommands.sent']!).waitFor();
    // The wizard closes and gives the focus back to the button that opens it; the command is listed until the machine answers.
    await expect.poll(() => focused(page)).toBe('command-new');
    const sent = page.getByTestId('table-remote-commands').locator('tbody tr').filter({ hasText: serial });
    await expect.poll(() => sent.first().locator('[data-command-status]').getAttribute('data-command-status'), { timeout: 20_000 }).toBe('2');
    expect(await sent.first().locator('td[data-column="result"]').textContent()).toBe(messages['remoteCommands.result.success']);
    await expectAccessible(page, 'remote commands after sending');
  });
});
