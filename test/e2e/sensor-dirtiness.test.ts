import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sensorsMessage } from '../../infra/local/simulated-cash';
import { connectDevice, newMessageId, type SimulatedDevice } from '../../infra/local/simulator';
import { api, connectBrowser, demoUser, expectAccessible, getStack, idToken, newPage, signInToDashboard, toast, uiMessages, waitUntil } from './browser';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
/** A demo cash machine of Colibrí (model C100) that the other browser tests leave alone. */
const SERIAL = 'C100-00000020';

let browser: Browser;
let device: SimulatedDevice;
let token: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const superAdmin = demoUser(stack, 'NEBULARSUPERADMIN');
  token = await idToken(superAdmin.email, superAdmin.password);
  // The machine's hopper exit sensor reads 75.
  device = await connectDevice((stack as unknown as { mqtt: string }).mqtt, SERIAL);
  await device.publish('sensors', sensorsMessage(SERIAL, newMessageId('sn'), Date.now() - 60_000, [{ submodule: 'hopper', values: { hopperExitGain: 75 } }]));
  await waitUntil(
    'the reading stored',
    async () =>
      (await api<{ sensors: Array<{ name: string; value: number | null }> }>(token, 'GET', `/pos/${SERIAL}/sensordirtyness`)).sensors.find(
        (s) => s.name === 'hopperExitGain',
      )?.value === 75,
  );
});

afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

describe('sensor thresholds and dirtiness', () => {
  it('the super admin sets a threshold and sees the machine’s dirtiness change', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'NEBULARSUPERADMIN'));
    const messages = await uiMessages(page);
    const setThreshold = async (warning: string, critical: string) => {
      await page.goto(web('/admin/sensors-thresholds-configuration'));
      await page.getByTestId('threshold-model').selectOption('C100');
      await page.getByTestId('threshold-sensor').selectOption('hopperExitGain');
      await page.getByTestId('threshold-warning').fill(warning);
      await page.getByTestId('threshold-critical').fill(critical);
      await page.getByTestId('threshold-increase').check();
      await page.getByTestId('threshold-save').click();
    };

    // Warning past critical for values that increase: refused, with the reason.
    await setThreshold('80', '70');
    await expect.poll(() => page.getByTestId('threshold-error').textContent()).toBe(messages['cashData.thresholds.invalid']);

    await setThreshold('60', '70');
    await toast(page, messages['cashData.thresholds.saved']!).waitFor();
    await expect.poll(() => page.getByTestId('threshold-C100-hopperExitGain').textContent()).toContain('70');
    await expectAccessible(page, 'sensor thresholds');

    // 75 is past critical 70: the sensor and the machine are critical, the chart draws the reading and both thresholds.
    await page.goto(web(`/devices/${SERIAL}/pos-sensordirtyness`));
    await expect.poll(() => page.getByTestId('sensor-state-hopperExitGain').getAttribute('data-state')).toBe('critical');
    expect(await page.getByTestId('machine-dirtiness').getAttribute('data-state')).toBe('critical');
    expect(await page.getByTestId('sensor-state-hopperExitGain').textContent()).toBe(messages['cashData.dirtiness.critical']);
    await expect.poll(() => page.getByTestId('sensor-chart-hopperExitGain').getAttribute('data-points')).not.toBe('0');
    await expectAccessible(page, 'a machine’s sensor dirtiness');

    // Critical moved to 90: the same reading is now a warning.
    await setThreshold('60', '90');
    await toast(page, messages['cashData.thresholds.saved']!).waitFor();
    await page.goto(web(`/devices/${SERIAL}/pos-sensordirtyness`));
    await expect.poll(() => page.getByTestId('sensor-state-hopperExitGain').getAttribute('data-state')).toBe('warning');
    expect(await page.getByTestId('sensor-state-hopperExitGain').textContent()).toBe(messages['cashData.dirtiness.warning']);

    // The machine's cash data tab: the submodule chart of its reading, accessible.
    await page.goto(web(`/devices/${SERIAL}/cash-data`));
    await expect.poll(() => page.getByTestId('submodule-chart-hopper').getAttribute('data-points')).not.toBe('0');
    await expectAccessible(page, 'a machine’s cash data');
    await page.close();
  });
});
