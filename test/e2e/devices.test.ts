import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointOfSale } from '#schemas/pos';
import type { TelemetryMessage } from '#schemas/iot';
import {
  api,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  connectBrowser,
  newPage,
  signInToDashboard,
  toast,
  uiMessages,
  downloadedFile,
  signInAt,
} from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36);

const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

/** Demo machines (infra/local/demo-data.ts): Acme's acme-north group (the demo group admin's) and acme-south. */
const NORTH = ['CENG-00000001', 'CENG-00000002', 'CENG-00000003', 'CENG-00000004'];
const SOUTH = 'CENG-00000005';
const DEVICE = NORTH[0]!;

/** The device side: a real MQTT client publishing on the machine's telemetry topic, as the simulator does. */
let device: MqttClient;
let sent = 0;
async function ping(serial: string, signalLevel: number): Promise<void> {
  const message: TelemetryMessage = {
    messageId: `e2e-${run}-${randomUUID().slice(0, 8)}-${sent++}`,
    serial,
    sentAt: new Date().toISOString(),
    type: 'telemetry',
    payload: {
      signalLevel,
      temperature: 6.5,
      connection: { networkType: '4G', publicIp: '203.0.113.10' },
      firmwareVersion: '2.4.1',
      boards: {},
    },
  };
  await device.publishAsync(`vend/${serial}/telemetry`, JSON.stringify(message), { qos: 1 });
}

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await connectBrowser();
  const mqttUrl = (stack as unknown as { mqtt: string }).mqtt;
  device = await mqtt.connectAsync(mqttUrl, { protocolVersion: 4, clientId: `e2e-device-${run}`, reconnectPeriod: 0 });
  const admin = merchantAdmin();
  adminToken = await idToken(admin.email, admin.password);
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

/** The machine as the API has it once ingestion has stored a ping newer than `after`. */
/** Waits until the devices list (the POS item's copy of what the machine reported) shows a ping later than `after`. */
async function pingStored(serial: string, after: string | null): Promise<PointOfSale> {
  let pos: PointOfSale | undefined;
  await expect
    .poll(
      async () => {
        pos = (await api<{ items: PointOfSale[] }>(adminToken, 'GET', `/pos?merchantId=acme-vending&search=${serial}`)).items[0];
        return !!pos?.lastPingAt && (after === null || pos.lastPingAt > after);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return pos!;
}

describe('devices', () => {
  it('the merchant admin finds a simulated device by serial, sees its last ping move, opens its signal chart, hides it and undoes it', async () => {
    const before = await api<PointOfSale>(adminToken, 'GET', `/pos/${DEVICE}`);
    await ping(DEVICE, 71);
    const first = await pingStored(DEVICE, before.lastPingAt);
    // Processed before now: the next ping is processed in a later online bucket once the clock has entered the next one.
    const firstBucket = Math.floor(Date.now() / 1000);

    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    await (await menuLink(page, 'devices')).click();
    await page.waitForURL(/\/devices\/list$/);
    const table = page.getByTestId('table-devices');
    await table.locator('tbody tr').first().waitFor();
    // The counts strip shows the counters of the merchant (the demo data hides one machine).
    const counts = await api<{ total: number; hidden: number; online: number }>(adminToken, 'GET', '/pos/counts?merchantId=acme-vending');
    expect(counts.hidden).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.locator('[data-count="total"] .counts-strip__value').textContent()).toBe(String(counts.total));
    expect(await page.locator('[data-count="hidden"] .counts-strip__value').textContent()).toBe(String(counts.hidden));

    // Search by serial (from 3 letters on): the list asks the API with `search` and shows the one machine.
    const searched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/pos' && new URL(r.url()).searchParams.get('search') === DEVICE);
    await table.locator('input[data-filter="search"]').fill(DEVICE);
    expect(new URL((await searched).url()).searchParams.get('merchantId')).toBe('acme-vending');
    const row = table.locator(`tbody tr[data-row-id="${DEVICE}"]`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await row.waitFor();
    const shownPing = () => row.locator('td[data-column="lastPing"] time').getAttribute('datetime');
    expect(await shownPing()).toBe(first.lastPingAt);
    expect(await row.locator('td[data-column="group"]').textContent()).toBe('Acme North');
    expect(await row.locator('td[data-column="connection"]').textContent()).toBe(messages['devices.connection.online']);
    expect(await row.locator('td[data-column="signal"]').textContent()).toContain('71');

    // CSV export through the API's route, with the list's filters.
    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('pos-acme-vending.csv');
    const csv = await readFile(await downloadedFile(file), 'utf8');
    expect(csv).toContain(DEVICE);
    expect(csv).not.toContain(NORTH[1]);

    // The device pings again: after a refresh the list shows the newer ping (the search is remembered). The list
    // copy moves once per online bucket at most, and at most every LIST_COPY_SECONDS (both 1 s in this stack: global-setup.ts).
    await expect.poll(() => Math.floor(Date.now() / 1000), { interval: 50 }).toBeGreaterThan(firstBucket);
    await ping(DEVICE, 64);
    const second = await pingStored(DEVICE, first.lastPingAt);
    await page.reload();
    await expect.poll(shownPing).toBe(second.lastPingAt);
    expect(second.lastPingAt! > first.lastPingAt!).toBe(true);

    // Its screen: details first, then the signal chart (the chart chunk loads only now).
    await row.getByTestId('device-link').click();
    await page.waitForURL(new RegExp(`/devices/${DEVICE}/details$`));
    await expect.poll(() => page.getByTestId('device-last-ping').getAttribute('datetime')).toBe(second.lastPingAt);
    await expect.poll(() => page.locator('[data-testid="device-fields"] [data-field="serial"] dd').textContent()).toBe(DEVICE);
    const chartChunk = page.waitForResponse((r) => /\/assets\/vendor-charts-[^/]+\.js$/.test(r.url()));
    await page.locator('[data-testid="device-tabs"] [data-tab="signal"]').click();
    await page.waitForURL(new RegExp(`/devices/${DEVICE}/signal$`));
    await chartChunk;
    const chart = page.getByTestId('chart-signal');
    await chart.locator('canvas').waitFor();
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
    await expectAccessible(page, 'the signal chart');
    // The week: 7 days, the last one today, labelled DD/MM.
    const today = new Date();
    const ddmm = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}`;
    expect(await page.getByTestId('chart-week-label').textContent()).toMatch(new RegExp(`^\\d{2}/\\d{2} – ${ddmm}$`));

    // Hide, after confirmation: gone from the list, back with "show hidden".
    await page.getByTestId('device-hide').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await expectAccessible(page, 'the hide confirmation');
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['devices.hidden']!).waitFor();
    await page.getByTestId('device-hidden-badge').waitFor();
    expect(await api<PointOfSale>(adminToken, 'GET', `/pos/${DEVICE}`)).toMatchObject({ hidden: true });

    await page.getByRole('link', { name: messages['devices.backToList'] }).click();
    await page.waitForURL(/\/devices\/list$/);
    await page.getByTestId('empty-state').waitFor();
    await table.locator('input[data-filter="hidden"]').check();
    await row.waitFor();
    expect(await row.locator('td[data-column="hidden"]').textContent()).toBe(messages['devices.yes']);

    // Undo hide.
    await row.getByTestId('device-link').click();
    await page.getByTestId('device-undoHide').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['devices.unhidden']!).waitFor();
    await expect.poll(() => page.getByTestId('device-hidden-badge').count()).toBe(0);
    expect(await api<PointOfSale>(adminToken, 'GET', `/pos/${DEVICE}`)).toMatchObject({ hidden: false });
    await page.goto(web('/devices/list'));
    await table.locator('input[data-filter="hidden"]').uncheck();
    await row.waitFor();
  });

  it('a group admin sees only the devices of its group', async () => {
    const groupAdmin = demoUser(stack, 'NEBULARGROUPADMIN');
    const page = await newPage(browser);
    await signInAt(page, stack.web, groupAdmin, web('/devices'));
    await page.waitForURL(/\/devices\/list$/);
    const table = page.getByTestId('table-devices');
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    // Exactly the machines of Acme North (the demo ones, plus any another browser test joined to that group).
    const north = await api<{ items: PointOfSale[] }>(adminToken, 'GET', '/pos?merchantId=acme-vending&groupIds=acme-north&size=100');
    const northSerials = north.items.map((p) => p.serial).sort();
    expect(northSerials).toEqual(expect.arrayContaining(NORTH));
    expect(northSerials).not.toContain(SOUTH);
    await expect.poll(async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')))).sort()).toEqual(northSerials);
    expect(new Set(await table.locator('td[data-column="group"]').allTextContents())).toEqual(new Set(['Acme North']));
    await expect.poll(() => page.locator('[data-count="total"] .counts-strip__value').textContent()).toBe(String(northSerials.length));

    // A machine of another group does not exist for them: not found, with the way to the list.
    await page.goto(web(`/devices/${SOUTH}`));
    await page.getByTestId('not-found-state').waitFor();
    const messages = await uiMessages(page);
    expect(await page.getByTestId('not-found-state').locator('p').textContent()).toBe(messages['errors.PosNotFoundException']);
    expect(await page.getByTestId('not-found-list').textContent()).toBe(messages['devices.goToList']);
  });

  it('an address that is not a serial, or an unknown serial, says the machine was not found and offers the list', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    const posCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/pos/')) posCalls.push(new URL(r.url()).pathname);
    });

    // An address the device route takes as a serial but that is not one: the API is not asked.
    await page.goto(web('/devices/not-a-serial'));
    const notFound = page.getByTestId('not-found-state');
    await notFound.waitFor();
    expect(await notFound.locator('p').textContent()).toBe(messages['errors.PosNotFoundException']);
    expect(await page.getByTestId('error-state').count()).toBe(0);
    expect(await notFound.getByRole('button').count()).toBe(0);
    expect(posCalls.filter((path) => path.includes('not-a-serial'))).toEqual([]);

    // A serial no machine has: the API's 404 shows the same state.
    await page.goto(web('/devices/CENG-99999999'));
    await notFound.waitFor();
    expect(await notFound.locator('p').textContent()).toBe(messages['errors.PosNotFoundException']);
    expect(await page.getByTestId('error-state').count()).toBe(0);
    expect(posCalls).toContain('/api/v1/pos/CENG-99999999');

    await notFound.getByRole('link', { name: messages['devices.goToList'] }).click();
    await page.waitForURL(/\/devices\/list$/);
    await page.getByTestId('table-devices').locator('tbody tr').first().waitFor();
  });

  it("shows a machine's QR code image (no content security policy violation)", async () => {
    const page = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${DEVICE}`));
    const messages = await uiMessages(page);
    await page.getByTestId('device-panel-qr').click();
    const image = page.getByRole('img', { name: messages['devices.qr.alt']!.replace('{serial}', DEVICE) });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
});

describe('clients', () => {
  it('a merchant admin creates a client (postal code fills the city; VAT, phone and duplicate name are refused) and edits it', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-clients')).click();
    await page.waitForURL(/\/manage\/clients$/);
    await page.getByTestId('table-manage-clients').waitFor();
    await page.getByTestId('client-create').click();
    await page.waitForURL(/\/manage\/clients\/create$/);

    const name = `E2E client ${run}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-country').selectOption('IT');
    await page.getByTestId('field-postalCode').fill('20121');
    await expect.poll(() => page.getByTestId('field-city').inputValue()).toBe('Milano');
    expect(await page.getByTestId('field-province').inputValue()).toBe('MI');

    // Spec §5: invalid phone (checked before sending) and invalid VAT (checked by the server for the country).
    await page.getByTestId('field-phone').fill('12ab');
    await page.getByTestId('client-submit').click();
    await expect.poll(() => page.getByTestId('error-phone').textContent()).toBe(messages['errors.validation.phone']);
    await page.getByTestId('field-phone').fill('+39 02 1234 5678');
    await page.getByTestId('field-vat').fill('IT123');
    await page.getByTestId('client-submit').click();
    await expect.poll(() => page.getByTestId('error-vat').textContent()).toBe(messages['errors.validation.vat']);
    await page.getByTestId('field-vat').fill('IT12345678901');
    await page.getByTestId('field-website').fill('https://example.com/acme');
    await page.getByTestId('client-submit').click();
    await toast(page, messages['clients.created']!).waitFor();
    await page.waitForURL(/\/manage\/clients\/[^/?]+\?merchantId=acme-vending$/);
    const clientUrl = page.url();

    // The same name again: duplicate client, told under the name.
    await page.goto(web('/manage/clients/create'));
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('client-submit').click();
    await toast(page, messages['errors.DuplicateClientNameException']!).waitFor();
    await expect.poll(() => page.getByTestId('error-name').textContent()).toBe(messages['errors.DuplicateClientNameException']);

    // Edit: an unknown postal code is told (the city stays to be typed), then a known one fills it.
    await page.goto(clientUrl);
    await expect.poll(() => page.getByTestId('field-name').inputValue()).toBe(name);
    await page.getByTestId('field-postalCode').fill('99999');
    await page.getByTestId('postal-code-unknown').waitFor();
    await page.getByTestId('field-postalCode').fill('00184');
    await expect.poll(() => page.getByTestId('field-city').inputValue()).toBe('Roma');
    await page.getByTestId('field-code').fill(`C-${run}`);
    await page.getByTestId('client-submit').click();
    await toast(page, messages['clients.updated']!).waitFor();

    // The list shows it with its new city.
    await page.getByRole('link', { name: messages['clients.backToList'] }).click();
    const row = page.getByTestId('table-manage-clients').locator('tbody tr', { hasText: name });
    await row.waitFor();
    expect(await row.locator('td[data-column="city"]').textContent()).toBe('Roma');
    expect(await row.locator('td[data-column="code"]').textContent()).toBe(`C-${run}`);
  });
});
