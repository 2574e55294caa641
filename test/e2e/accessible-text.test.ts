import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, telemetryMessage } from '../../infra/local/simulator';
import { demoUser, getStack, connectBrowser, newPage, uiMessages, signInAt } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
/** A demo machine of Acme (no group) that the other browser tests leave alone. */
const SERIAL = 'CUNI-00000011';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('what assistive technologies read', () => {
  it('names each date filter of the devices list by its visible label', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'), web('/devices/list'));
    const messages = await uiMessages(page);
    await page.getByTestId('filter-warranty').waitFor();
    for (const [prefix, labelId] of [
      ['lastUpdate', 'devices.filter.lastUpdate'],
      ['created', 'devices.filter.created'],
      ['warranty', 'devices.filter.warranty'],
    ] as const) {
      const label = messages[labelId]!;
      const preset = page.getByRole('combobox', { name: label, exact: true });
      expect(await preset.count()).toBe(1);
      expect(await preset.getAttribute('data-testid')).toBe('date-range-preset');
      expect(await page.getByTestId(`filter-${prefix}`).locator('legend').textContent()).toBe(label);
    }
    // A custom range's dates say which filter they belong to.
    await page.getByRole('combobox', { name: messages['devices.filter.created'], exact: true }).selectOption('custom');
    const dates = page.getByTestId('filter-created').locator('input[type="date"]');
    const labelledBy = (index: number) =>
      dates.nth(index).evaluate((el) =>
        (el.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    expect(await labelledBy(0)).toBe(`${messages['devices.filter.created']} ${messages['dateRange.from']}`);
    expect(await labelledBy(1)).toBe(`${messages['devices.filter.created']} ${messages['dateRange.to']}`);
  });

  it('keeps the items of the signal tab’s sensors and of the command wizard’s steps apart', async () => {
    const device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
    try {
      await device.publish('telemetry', telemetryMessage(SERIAL, { signalLevel: 65, temperature: 3.1 }));
    } finally {
      await device.client.endAsync();
    }
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'), web(`/devices/${SERIAL}/signal`));
    const messages = await uiMessages(page);
    const strip = page.getByTestId('sensors-strip');
    await expect.poll(() => strip.innerText(), { timeout: 20_000 }).toContain('65%');
    // A description list: term and value of each sensor; in copied text, one item after the other.
    const lines = (await strip.innerText()).split('\n').map((line) => line.trim());
    for (const labelId of ['devices.field.connection', 'devices.field.signal', 'devices.field.temperature', 'devices.field.lastPing'])
      expect(lines).toContain(`${messages[labelId]}:`);
    expect(await strip.evaluate((el) => el.tagName)).toBe('DL');
    const text = (await strip.textContent()) ?? '';
    expect(text).toContain(`${messages['devices.field.signal']}: 65% ${messages['devices.field.temperature']}:`);

    await page.goto(web('/devices/remote-commands'));
    await page.getByTestId('command-new').click();
    const steps = page.getByTestId('command-wizard').locator('ol');
    const names = ['device', 'command', 'when', 'summary'].map((step) => messages[`remoteCommands.wizard.${step}`]!);
    expect((await steps.innerText()).split('\n')).toEqual(names);
    expect(await steps.locator('li').allTextContents()).toEqual(names);
    expect(((await steps.textContent()) ?? '').trim()).toBe(names.join(' '));
  });
});
