import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryMessage } from '#schemas/iot';
import type { PointOfSale } from '#schemas/pos';
import { api, demoUser, getStack, idToken, connectBrowser, newPage, signInToDashboard, signInAt } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();

/** Acme's Genova Brignole (infra/local/demo-data.ts), a machine no other browser test reads the sensors of. */
const SERIAL = 'CUNI-00000010';
/** The demo merchant admin's language is Italian. */
const italianUser = () => demoUser(stack, 'merchant.admin@demo.local');

let browser: Browser;
let device: MqttClient;
beforeAll(async () => {
  browser = await connectBrowser();
  device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, { protocolVersion: 4, clientId: `e2e-intl-${Date.now()}`, reconnectPeriod: 0 });
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

/** The machine reports a signal and a temperature with a decimal, and ingestion stores it. */
async function report(signalLevel: number, temperature: number): Promise<void> {
  const user = italianUser();
  const token = await idToken(user.email, user.password);
  const message: TelemetryMessage = {
    messageId: `e2e-intl-${randomUUID()}`,
    serial: SERIAL,
    sentAt: new Date().toISOString(),
    type: 'telemetry',
    payload: { signalLevel, temperature, connection: { networkType: '4G', publicIp: '203.0.113.20' }, firmwareVersion: '2.4.1', boards: {} },
  };
  await device.publishAsync(`vend/${SERIAL}/telemetry`, JSON.stringify(message), { qos: 1 });
  await expect.poll(async () => (await api<PointOfSale>(token, 'GET', `/pos/${SERIAL}`)).temperature, { timeout: 20_000, interval: 250 }).toBe(temperature);
}

const text = async (locator: { textContent: () => Promise<string | null> }) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe("numbers and names in the user's language", () => {
  it('in Italian, the signal tab and the details tab show the same temperature and signal, with a decimal comma', async () => {
    await report(63, 4.8);
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, italianUser());
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');

    await page.goto(web(`/devices/${SERIAL}/details`));
    const field = (name: string) => page.locator(`[data-testid="device-fields"] [data-field="${name}"] dd`);
    await expect.poll(() => text(field('temperature'))).toBe('4,8 °C');
    const signal = await text(field('signal'));
    expect(signal).toBe('63%');

    await page.locator('[data-testid="device-tabs"] [data-tab="signal"]').click();
    await page.waitForURL(new RegExp(`/devices/${SERIAL}/signal$`));
    const strip = page.getByTestId('sensors-strip');
    await expect.poll(() => text(strip)).toContain('4,8 °C');
    expect(await text(strip)).toContain(signal);
    expect(await text(strip)).not.toContain('4.8');
  });

  it("in Italian, the client form's country picker names countries in Italian, in Italian alphabetical order", async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, italianUser(), web('/manage/clients/create'));
    const picker = page.getByTestId('field-country');
    await expect.poll(() => picker.locator('option[value="DE"]').textContent()).toBe('Germania');
    expect(await picker.locator('option:checked').textContent()).toBe('Italia');
    const names = await picker.locator('option').allTextContents();
    expect(names).toContain('Stati Uniti');
    expect(names).not.toContain('Germany');
    expect(names).toEqual([...names].sort(new Intl.Collator('it').compare));
  });

  it('in Italian, the profile names languages in Italian, each with its own name beside', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, italianUser(), web('/settings/profile'));
    const picker = page.getByTestId('profile-language');
    await expect.poll(() => picker.locator('option[value="de"]').textContent()).toBe('Tedesco (Deutsch)');
    expect(await picker.locator('option:checked').textContent()).toBe('Italiano');
  });
});
