import { randomInt } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigMessage } from '#schemas/iot';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, signInAt } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36);
const ACME_PIN = '11223344';

const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

/** The device side: a real MQTT client publishing the machine's configuration, as the simulator does. */
let device: MqttClient;
let sent = 0;
async function reportConfig(serial: string, values: Record<string, string>, reportedAt: string): Promise<void> {
  const message: ConfigMessage = {
    messageId: `e2e-cf-${run}-${sent++}`,
    serial,
    sentAt: new Date().toISOString(),
    type: 'config',
    payload: { reportedAt, values },
  };
  await device.publishAsync(`vend/${serial}/config`, JSON.stringify(message), { qos: 1 });
}

let browser: Browser;
let token: string;
let serial: string;
beforeAll(async () => {
  browser = await connectBrowser();
  device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, { protocolVersion: 4, clientId: `e2e-configs-${run}`, reconnectPeriod: 0 });
  const admin = merchantAdmin();
  token = await idToken(admin.email, admin.password);
  const joined = await api<{ serial: string }>(token, 'POST', '/pos/join', {
    serial: `CENG-${randomInt(80_000_000, 89_999_999)}`,
    pin: ACME_PIN,
    name: `E2E configs ${run}`,
  });
  serial = joined.serial;
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

const OLDER = { 'telemetry.pingSeconds': '60', 'display.language': 'it' };
const LATEST = { 'telemetry.pingSeconds': '30', 'display.language': 'it', 'display.brightness': '80' };

describe('device configurations', () => {
  it('the merchant admin reads the reported configuration and its history, then edits the custom config until the device runs it', async () => {
    const hour = 3_600_000;
    await reportConfig(serial, OLDER, new Date(Date.now() - 2 * hour).toISOString());
    await reportConfig(serial, LATEST, new Date(Date.now() - hour).toISOString());
    await expect
      .poll(async () => (await api<{ total: number }>(token, 'GET', `/pos/${serial}/configs/historical`)).total, { timeout: 20_000, interval: 250 })
      .toBe(2);

    const page = await newPage(browser);
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${serial}/details`));
    const messages = await uiMessages(page);
    await page.locator('[data-testid="device-tabs"] [data-tab="configs"]').click();
    await page.waitForURL(new RegExp(`/devices/${serial}/configs$`));

    // The latest values in the shared table, searchable; no custom config yet.
    const latest = page.getByTestId('table-device-config-latest');
    await expect.poll(() => latest.locator('tbody tr').count()).toBe(3);
    expect(await latest.locator('tbody tr[data-row-id="display.brightness"] td[data-column="value"]').textContent()).toBe('80');
    expect(await page.getByTestId('config-sync').getAttribute('data-sync')).toBe('none');
    await latest.locator('input[data-filter="search"]').fill('bright');
    await expect.poll(() => latest.locator('tbody tr').count()).toBe(1);

    // The history, newest first; the older one opens on its own screen.
    const history = page.getByTestId('table-device-config-history');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    expect(await history.locator('tbody tr td[data-column="valueCount"]').allTextContents()).toEqual(['3', '2']);
    await history.getByTestId('config-historical-link').nth(1).click();
    await page.waitForURL(new RegExp(`/devices/${serial}/configs/\\d+-e2e-cf-`));
    const older = page.getByTestId('table-device-config-historical');
    await expect.poll(() => older.locator('tbody tr').count()).toBe(2);
    expect(await older.locator('tbody tr[data-row-id="telemetry.pingSeconds"] td[data-column="value"]').textContent()).toBe('60');
    await page.getByTestId('config-back').click();
    await page.waitForURL(new RegExp(`/devices/${serial}/configs$`));

    // The custom config: none yet; start from the reported values, add one (a bad name is refused first), save.
    await page.getByTestId('config-open-custom').click();
    await page.waitForURL(new RegExp(`/devices/${serial}/custom-config$`));
    await page.getByTestId('custom-config-not-set').waitFor();
    await page.getByTestId('custom-config-from-reported').click();
    await expect.poll(() => page.getByTestId('custom-config-row').count()).toBe(3);
    await page.getByTestId('custom-config-add').click();
    await page.getByTestId('custom-config-key-3').fill('display contrast');
    await page.getByTestId('custom-config-value-3').fill('40');
    await page.getByTestId('custom-config-save').click();
    await page.getByText(messages['devices.customConfig.error.key']!).waitFor();
    await expectAccessible(page, 'custom config with its error');
    await page.getByTestId('custom-config-key-3').fill('display.contrast');
    await page.getByTestId('custom-config-save').click();
    await toast(page, messages['devices.customConfig.saved']!).waitFor();
    await expect.poll(() => page.getByTestId('config-sync').getAttribute('data-sync')).toBe('pending');
    const wanted = { ...LATEST, 'display.contrast': '40' };
    expect((await api<{ values: Record<string, string> }>(token, 'GET', `/pos/${serial}/custom-configs`)).values).toEqual(wanted);

    // The device applies it and reports it: the configuration is in sync.
    await reportConfig(serial, wanted, new Date().toISOString());
    await expect
      .poll(async () => (await api<{ sync: { state: string } | null }>(token, 'GET', `/pos/${serial}/configs`)).sync?.state, { timeout: 20_000, interval: 250 })
      .toBe('sync');
    await page.locator('[data-testid="device-tabs"] [data-tab="configs"]').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('config-sync').getAttribute('data-sync')).toBe('sync');
    await page.getByTestId('config-last-sync').waitFor();
  });

  it('the merchant admin creates a no-vend profile and associates it to the machine', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-no-vend-profiles')).click();
    await page.waitForURL(/\/manage\/no-vend-profiles$/);
    await page.getByTestId('no-vend-profile-create').click();
    const name = `Nights ${run}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('period-add').click();
    // A period ending before it starts is refused before anything is sent.
    await page.getByTestId('period-0-from').fill('23:00');
    await page.getByTestId('period-0-to').fill('06:00');
    await page.getByTestId('no-vend-profile-submit').click();
    await page.getByTestId('error-periods').waitFor();
    await expectAccessible(page, 'no-vend profile with its error');
    await page.getByTestId('period-0-from').fill('00:00');
    await page.getByTestId('period-0-day-6').check();
    await page.getByTestId('no-vend-profile-submit').click();
    await toast(page, messages['noVendProfiles.created']!).waitFor();
    await page.waitForURL(/\/manage\/no-vend-profiles\/[^/?]+\?merchantId=acme-vending$/);
    const profileId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const created = await api<{ periods: unknown[] }>(token, 'GET', `/merchants/acme-vending/no-vend-profiles/${profileId}`);
    expect(created.periods).toEqual([{ weekdays: [1, 2, 3, 4, 5, 6], from: '00:00', to: '06:00' }]);

    await page.goto(web(`/devices/${serial}/details`));
    await page.getByTestId('device-panel-noVendProfile').click();
    const panel = page.getByTestId('device-associate-noVendProfile');
    await panel.getByTestId('field-noVendProfile').selectOption({ label: name });
    await panel.locator('button[type="submit"]').click();
    await toast(page, messages['noVendProfiles.associate.done']!).waitFor();
    expect((await api<{ noVendProfileId: string | null }>(token, 'GET', `/pos/${serial}`)).noVendProfileId).toBe(profileId);
    expect((await api<{ machines: number }>(token, 'GET', `/merchants/acme-vending/no-vend-profiles/${profileId}`)).machines).toBe(1);

    // In use, the profile cannot be deleted: the list shows it with its machine.
    await page.goto(web('/manage/no-vend-profiles'));
    const row = page.getByTestId('table-manage-no-vend-profiles').locator(`tbody tr[data-row-id="${profileId}"]`);
    await expect.poll(() => row.locator('td[data-column="machines"]').textContent()).toBe('1');
    await row.getByTestId('no-vend-profile-link').click();
    await page.getByTestId('no-vend-profile-delete').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['noVendProfiles.error.inUse']!).waitFor();
  });
});
