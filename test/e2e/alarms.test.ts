import { randomInt } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmMessage } from '#schemas/iot';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, signInAt } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36);
const ACME_PIN = '11223344';

interface ListedAlarm {
  id: string;
  code: string;
  status: string;
}

/** The device side: a real MQTT client publishing alarms, as the simulator does. */
let device: MqttClient;
let sent = 0;
async function raise(serial: string, code: string, criticity: 0 | 2 | 4): Promise<void> {
  const message: AlarmMessage = {
    messageId: `e2e-al-${run}-${sent++}`,
    serial,
    sentAt: new Date().toISOString(),
    type: 'alarms',
    payload: { code, state: 'raised', at: new Date().toISOString(), criticity, category: 'fault', message: `E2E ${code}` },
  };
  await device.publishAsync(`vend/${serial}/alarms`, JSON.stringify(message), { qos: 1 });
}

let browser: Browser;
let token: string;
const join = async (groupId: string) => {
  const serial = `CENG-${randomInt(80_000_000, 89_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E alarms ${serial} ${groupId}` });
  await api(token, 'PUT', `/pos/${serial}/associate-group`, { groupId });
  return serial;
};
const alarmsOf = async (serial: string, count: number) => {
  let items: ListedAlarm[] = [];
  await expect
    .poll(async () => (items = (await api<{ items: ListedAlarm[] }>(token, 'GET', `/pos/${serial}/alarms`)).items).length, { timeout: 20_000, interval: 250 })
    .toBe(count);
  return items;
};

beforeAll(async () => {
  browser = await connectBrowser();
  device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, { protocolVersion: 4, clientId: `e2e-alarms-${run}`, reconnectPeriod: 0 });
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

describe('alarms', () => {
  it('the merchant admin repairs one alarm of a machine and deletes another after confirming; the machine goes back to ok', async () => {
    const serial = await join('acme-north');
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    await api(await idToken(superAdmin.email, superAdmin.password), 'POST', '/master-alarms', {
      code: `BLOCK-${run}`,
      criticity: 4,
      machineType: 'Nebular Vending',
      message: 'Motor blocked',
      category: 'jam',
      level1: '<p>Turn the spiral back by hand.</p>',
    });
    await raise(serial, `BLOCK-${run}`, 4);
    await raise(serial, `WARN-${run}`, 2);
    const listed = await alarmsOf(serial, 2);
    const [block, warn] = [`BLOCK-${run}`, `WARN-${run}`].map((c) => listed.find((a) => a.code === c));

    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await page.getByTestId('dashboard-alarms').waitFor();
    await page.goto(web(`/devices/${serial}/details`));
    expect(await page.locator('[data-testid="device-summary"] [data-status]').getAttribute('data-status')).toBe('3');
    await page.locator('[data-testid="device-tabs"] [data-tab="pos-alarms"]').click();
    await page.waitForURL(new RegExp(`/devices/${serial}/pos-alarms$`));

    const table = page.getByTestId('table-device-alarms');
    const row = (id: string) => table.locator(`tbody tr[data-row-id="${id}"]`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await row(block!.id).locator('[data-alarm-status]').getAttribute('data-alarm-status')).toBe('active');
    // Its code opens the troubleshooting steps of the master alarm (which also named and classified it).
    expect(await row(block!.id).locator('td[data-column="message"]').textContent()).toBe('Motor blocked');
    await row(block!.id).locator('[data-testid="alarm-troubleshooting"] summary').click();
    await expect.poll(() => row(block!.id).locator('iframe').first().getAttribute('srcdoc')).toBe('<p>Turn the spiral back by hand.</p>');
    await expectAccessible(page, 'alarms with a troubleshooting open');

    await row(block!.id).getByTestId('alarm-repair').click();
    await toast(page, messages['alarms.repaired']!).waitFor();
    await expect.poll(() => row(block!.id).locator('[data-alarm-status]').getAttribute('data-alarm-status')).toBe('repairedManually');
    expect(await row(block!.id).getByTestId('alarm-repair').count()).toBe(0);

    // Delete asks first: cancelling keeps the alarm.
    await row(warn!.id).getByTestId('alarm-delete').click();
    await page.locator('dialog[open] [data-testid="confirm-cancel"]').click();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await row(warn!.id).getByTestId('alarm-delete').click();
    await page.locator('dialog[open] [data-testid="confirm-ok"]').click();
    await toast(page, messages['alarms.deleted']!).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    // The machine's counts follow: one alarm, repaired manually.
    await expect.poll(() => page.locator('[data-testid="alarm-counts"] [data-count="total"] .counts-strip__value').textContent()).toBe('1');
    expect(await page.locator('[data-testid="alarm-counts"] [data-count="active"] .counts-strip__value').textContent()).toBe('0');

    expect((await api<{ status: number }>(token, 'GET', `/pos/${serial}`)).status).toBe(1);
    const [left] = await alarmsOf(serial, 1);
    expect(left).toMatchObject({ id: block!.id, status: 'repairedManually' });

    // /alarms lists it among the merchant's repaired ones.
    await (await menuLink(page, 'alarms')).click();
    await page.waitForURL(/\/alarms$/);
    await page.getByTestId('alarm-counts').waitFor();
    const all = page.getByTestId('table-alarms');
    await all.locator('select[data-filter="status"]').selectOption('repaired');
    await all.locator(`tbody tr[data-row-id="${block!.id}"]`).waitFor();
    await all.locator('select[data-filter="serial"]').selectOption(serial);
    await expect.poll(() => all.locator('tbody tr').count()).toBe(1);
    await all.locator(`tbody tr[data-row-id="${block!.id}"]`).waitFor();
  });

  it('a group admin sees only the alarms of its groups’ machines', async () => {
    const [north, south] = [await join('acme-north'), await join('acme-south')];
    await raise(north, `GA-${run}`, 2);
    await raise(south, `GA-${run}`, 2);
    const [[northAlarm], [southAlarm]] = [await alarmsOf(north, 1), await alarmsOf(south, 1)];

    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'group.admin@demo.local'), web('/alarms'));
    const table = page.getByTestId('table-alarms');
    await table.locator('select[data-filter="status"]').selectOption('active');
    await table.locator(`tbody tr[data-row-id="${northAlarm!.id}"]`).waitFor();
    expect(await table.locator(`tbody tr[data-row-id="${southAlarm!.id}"]`).count()).toBe(0);
    expect(await table.locator('[data-testid="alarm-device-link"]').allTextContents()).not.toContain(`E2E alarms ${south} acme-south`);
  });

  it('the super admin’s troubleshooting content over the size limit is refused with “reduce image sizes”', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'superadmin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'admin-troubleshooting')).click();
    await page.waitForURL(/\/admin\/troubleshooting-alarm$/);
    await page.getByTestId('master-alarm-create').click();
    const code = `E2E-${run}`.toUpperCase();
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-message').fill('Paper jam');
    await page.getByTestId('field-level1').fill(`<p>${'x'.repeat(310 * 1024)}</p>`);
    await page.getByTestId('master-alarm-submit').click();
    await toast(page, messages['errors.TroubleshootingContentExceedsSizeLimits']!).waitFor();
    await page.getByTestId('field-level1').fill('<p>Open the front door and remove the paper.</p>');
    await page.getByTestId('master-alarm-submit').click();
    await toast(page, messages['troubleshooting.created']!).waitFor();
    await page.waitForURL(new RegExp(`/admin/troubleshooting-alarm/${code}$`));
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    const stored = await api<{ message: string; level1: string }>(await idToken(superAdmin.email, superAdmin.password), 'GET', `/master-alarms/${code}`);
    expect(stored).toMatchObject({ message: 'Paper jam', level1: '<p>Open the front door and remove the paper.</p>' });
  });

  it('the merchant admin sets which alarm codes notify which users (Acme has advanced alarms: criticities and groups are offered)', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-alarm-settings')).click();
    await page.waitForURL(/\/manage\/merchant-alarms-settings$/);
    await page.getByTestId('alarm-setting-create').click();
    const name = `Jams ${run}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-alarmCodes').fill('E-COIN-JAM, E-COOLING');
    // No user picked: refused before anything is sent.
    await page.getByTestId('alarm-setting-submit').click();
    await page.getByTestId('error-userIds').waitFor();
    await expectAccessible(page, 'alarm setting with its error');
    const admin = (await api<Array<{ id: string; email: string }>>(token, 'GET', '/users/all?merchantId=acme-vending')).find(
      (u) => u.email === 'merchant.admin@demo.local',
    )!;
    await page.getByTestId(`field-user-${admin.id}`).check();
    await page.getByTestId('alarm-setting-advanced').waitFor();
    await page.getByTestId('field-criticity-4').check();
    await page.getByTestId('field-group-acme-north').check();
    await page.getByTestId('alarm-setting-submit').click();
    await toast(page, messages['alarmSettings.created']!).waitFor();
    await page.waitForURL(/\/manage\/merchant-alarms-settings\/[^/?]+\?merchantId=acme-vending$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(await api(token, 'GET', `/merchants/acme-vending/alarm-settings/${id}`)).toMatchObject({
      name,
      alarmCodes: ['E-COIN-JAM', 'E-COOLING'],
      userIds: [admin.id],
      criticities: [4],
      groupIds: ['acme-north'],
    });
  });
});
