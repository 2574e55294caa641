import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, type SimulatedDevice } from '../../infra/local/simulator';
import { api, getStack, idToken, connectBrowser, newPage, uiMessages, signInAt } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const ACME_PIN = '11223344';

const merchantAdmin = () => {
  const user = stack.users.find((u) => u.email === 'merchant.admin@demo.local');
  if (!user) throw new Error('no demo merchant admin');
  return user;
};
const row = (page: Page, tableId: string) => page.getByTestId(`table-${tableId}`).locator('tbody tr');

let browser: Browser;
let device: SimulatedDevice;
let serial: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const admin = merchantAdmin();
  const token = await idToken(admin.email, admin.password);
  serial = `CENG-${randomInt(60_000_000, 69_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E commands ${serial.slice(-4)}` });
  // The machine itself: a simulated device on the stack's broker that executes what it is sent.
  device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, serial);
});
afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

describe('remote commands', () => {
  it('the merchant admin walks the wizard (device, command, when, summary) and sees the command reach received with success', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web('/devices/remote-commands'));
    const messages = await uiMessages(page);
    await page.getByTestId('command-new').click();

    const wizard = page.getByTestId('command-wizard');
    expect(await wizard.getAttribute('data-step')).toBe('device');
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await page.getByTestId('wizard-device').selectOption(serial);
    await page.getByTestId('wizard-next').click();

    expect(await wizard.getAttribute('data-step')).toBe('command');
    await page.getByTestId('wizard-type').selectOption('6');
    await page.getByTestId('wizard-param-amount').fill('2.50');
    await page.getByTestId('wizard-next').click();

    expect(await wizard.getAttribute('data-step')).toBe('when');
    expect(await page.getByTestId('wizard-now').isChecked()).toBe(true);
    await page.getByTestId('wizard-next').click();

    const summary = page.getByTestId('wizard-summary');
    await expect.poll(() => summary.textContent()).toContain(serial);
    expect(await summary.textContent()).toContain(messages['remoteCommands.type.sendExternalCredit']);
    expect(await summary.textContent()).toContain('"amount":250');
    await page.getByTestId('wizard-send').click();
    await page.getByTestId('toast').filter({ hasText: messages['remoteCommands.sent']! }).waitFor();

    // The list follows the command live until the device's answer.
    const sent = row(page, 'remote-commands').filter({ hasText: serial });
    await expect.poll(() => sent.first().locator('[data-command-status]').getAttribute('data-command-status'), { timeout: 20_000 }).toBe('2');
    expect(await sent.first().locator('td[data-column="result"]').textContent()).toBe(messages['remoteCommands.result.success']);
    expect(await sent.first().locator('td[data-column="type"]').textContent()).toBe(messages['remoteCommands.type.sendExternalCredit']);

    // The machine's tab shows it too; its send button opens the wizard with the machine chosen.
    await sent.first().getByTestId('command-device-link').click();
    await page.waitForURL(new RegExp(`/devices/${serial}/remote-commands$`));
    const onTab = row(page, 'device-remote-commands');
    await expect.poll(() => onTab.count()).toBe(1);
    expect(await onTab.first().locator('[data-command-status]').getAttribute('data-command-status')).toBe('2');
    await page.getByTestId('device-command-new').click();
    await page.waitForURL(/\/devices\/remote-commands\?serial=/);
    expect(await page.getByTestId('wizard-device').inputValue()).toBe(serial);
  });

  it('the devices list shows each machine’s pending commands', async () => {
    const admin = merchantAdmin();
    const token = await idToken(admin.email, admin.password);
    await api(token, 'POST', '/remote-commands/send', { serial, type: 10, params: {}, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const page = await newPage(browser);
    await signInAt(page, stack.web, admin, web('/devices/list'));
    await page.getByTestId('table-devices').locator('input[data-filter="search"]').fill(serial.slice(-8));
    const machine = page.getByTestId('table-devices').locator(`tbody tr[data-row-id="${serial}"]`);
    await expect.poll(() => machine.locator('td[data-column="pendingCommands"]').textContent(), { timeout: 15_000 }).toBe('1');
  });
});
