/**
 * Alarm notifications in the browser (issue 21): the merchant admin sets a rule, a machine raises the alarm over MQTT,
 * the e-mail lands in the local outbox, and its link opens the alarm after sign-in; the log shows it delivered.
 */
import { randomInt } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmMessage } from '#schemas/iot';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signIn, signInToDashboard, toast, uiMessages, signInAt } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const run = Date.now().toString(36);
const ACME_PIN = '11223344';

interface OutboxMessage {
  source: string;
  subject: string;
  message: string;
}
const alarmMails = async (email: string) =>
  ((await (await fetch(`${stack.cognito.endpoint}/__local/messages?email=${encodeURIComponent(email)}`)).json()) as OutboxMessage[]).filter(
    (m) => m.source === 'SES',
  );

let browser: Browser;
let device: MqttClient;
let token: string;

beforeAll(async () => {
  browser = await connectBrowser();
  device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, { protocolVersion: 4, clientId: `e2e-notify-${run}`, reconnectPeriod: 0 });
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

describe('alarm notifications', () => {
  it('a rule set in the console mails the alarm a machine raises; the e-mail’s link opens the alarm after sign-in; the log shows it delivered', async () => {
    const code = `E2E-NTF-${run}`.toUpperCase();
    const recipient = demoUser(stack, 'merchant.user@demo.local');
    const users = await api<Array<{ id: string; email: string }>>(token, 'GET', '/users/all?merchantId=acme-vending');
    const recipientId = users.find((u) => u.email === recipient.email)!.id;

    // The merchant admin sets the rule.
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-alarm-settings')).click();
    await page.getByTestId('alarm-setting-create').click();
    await page.getByTestId('field-name').fill(`Notify ${run}`);
    await page.getByTestId('field-alarmCodes').fill(code);
    await page.getByTestId(`field-user-${recipientId}`).check();
    await page.getByTestId('field-notifyRepaired').check();
    await page.getByTestId('alarm-setting-submit').click();
    await toast(page, messages['alarmSettings.created']!).waitFor();

    // A machine raises the alarm.
    const serial = `CENG-${randomInt(80_000_000, 89_999_999)}`;
    await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E notify ${serial}` });
    await api(token, 'PUT', `/pos/${serial}/associate-group`, { groupId: 'acme-north' });
    const at = new Date().toISOString();
    const alarm: AlarmMessage = {
      messageId: `e2e-ntf-${run}`,
      serial,
      sentAt: at,
      type: 'alarms',
      payload: { code, state: 'raised', at, criticity: 4, category: 'fault', message: 'Spiral blocked' },
    };
    await device.publishAsync(`vend/${serial}/alarms`, JSON.stringify(alarm), { qos: 1 });

    // The e-mail, in the recipient's language (en), with the console link.
    let mail: OutboxMessage | undefined;
    await expect
      .poll(async () => (mail = (await alarmMails(recipient.email)).find((m) => m.subject.includes(code))), { timeout: 30_000, interval: 250 })
      .toBeDefined();
    expect(mail!.subject).toContain(`Alarm ${code} on E2E notify ${serial}`);
    expect(mail!.message).toContain('Group: Acme North');
    const link = /Open the alarm in the console: (\S+)/.exec(mail!.message)![1]!;
    expect(link.startsWith(`${stack.web}/devices/${serial}/pos-alarms?alarm=`)).toBe(true);
    const alarmId = new URL(link).searchParams.get('alarm')!;

    // Its link, opened signed out: sign in, then the machine's alarms with that alarm.
    const reader = await newPage(browser);
    await reader.goto(link);
    await reader.waitForURL(/\/login$/);
    await signIn(reader, stack.web, recipient.email, recipient.password);
    await reader.waitForURL(new RegExp(`/devices/${serial}/pos-alarms\\?alarm=`));
    const row = reader.getByTestId('table-device-alarms').locator(`tbody tr[data-row-id="${alarmId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(code);

    // The administrators' log: delivered to the recipient.
    await (await menuLink(page, 'manage-notifications')).click();
    await page.waitForURL(/\/manage\/notifications$/);
    const entry = page.locator('tbody tr').filter({ hasText: recipient.email }).filter({ hasText: code });
    await entry.waitFor();
    expect(await entry.locator('[data-notification-status]').getAttribute('data-notification-status')).toBe('delivered');
    await expectAccessible(page, 'notifications log');
  });

  it('a user turns alarm notifications off in the profile, with the reason shown', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'group.admin@demo.local'), new URL('/settings/profile', stack.web).toString());
    const messages = await uiMessages(page);
    const box = page.getByTestId('field-receiveNotifications');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await toast(page, messages['profile.updated']!).waitFor();
    expect(await page.getByTestId('profile-notifications-reason').textContent()).toBe(messages['profile.notifications.off.user']);
    await box.check();
    await expect.poll(async () => page.getByTestId('profile-notifications-reason').count()).toBe(0);
    await expectAccessible(page, 'profile with the notifications switch');
  });
});
