import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connectBrowser,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  networkQuiet,
  newPage,
  openInApp,
  signInToDashboard,
  toast,
  uiMessages,
  signInAt,
} from './browser';
import { menuLink } from './menu';
import { connectDevice, type SimulatedDevice } from '../../infra/local/simulator';

const stack = getStack();
let browser: Browser;
let firmware: { id: string; version: string };
let adminToken = '';
/** Two CUNI machines of Acme played by the simulator: the rule the merchant admin watches rolls out to them. */
const machines: SimulatedDevice[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  // A firmware of the catalogue, as the super admin uploads it (its file by the presigned PUT).
  const admin = demoUser(stack, 'superadmin@demo.local');
  const token = await idToken(admin.email, admin.password);
  const bytes = new Uint8Array(4096);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  const link = await api<{ uploadId: string; url: string; headers: Record<string, string> }>(token, 'POST', '/firmwares/uploads', {
    fileName: 'cuni.zip',
    contentType: 'application/zip',
    size: bytes.length,
  });
  expect((await fetch(link.url, { method: 'PUT', headers: link.headers, body: bytes })).status).toBe(200);
  firmware = await api(token, 'POST', '/firmwares', {
    major: 9,
    minor: 1,
    patch: 0,
    build: Date.now() % 1_000_000_000,
    deviceType: 'CUNI',
    level: 'Production',
    releaseDate: '2026-12-01',
    uploadId: link.uploadId,
    fileName: 'cuni.zip',
  });
  adminToken = token;
  for (const n of [1, 2]) {
    const serial = `CUNI-${String(70_000_000 + (Date.now() % 9_000_000) * 2 + n)}`;
    await api(token, 'POST', '/pos/join', { serial, pin: '11223344', name: `Rollout watch ${n}` });
    machines.push(await connectDevice((stack as typeof stack & { mqtt: string }).mqtt, serial));
  }
});
afterAll(async () => {
  await Promise.all(machines.map((d) => d.client.endAsync()));
  await browser?.close();
});

describe('firmware rules', () => {
  it('a merchant admin creates a rule (refused input first), sees it scheduled, pauses and resumes it', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'devices-firmware-rules')).click();
    await page.waitForURL(/\/devices\/firmware-rules$/);
    await page.getByTestId('rule-create').click();
    const form = page.getByTestId('rule-form');
    await form.waitFor();
    await expect.poll(() => form.locator('select[name="firmwareId"] option').count()).toBeGreaterThan(1);
    await page.getByTestId('field-firmwareId').selectOption(firmware.id);
    // A wave count of zero is refused before anything is sent.
    await page.getByTestId('field-waves').fill('0');
    await page.getByTestId('rule-submit').click();
    await page.getByTestId('error-waves').waitFor();
    await page.getByTestId('field-waves').fill('2');
    // A week ahead: the rule stays scheduled until then (a rule dated today starts rolling out at once).
    await page.getByTestId('field-startAt').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    await page.getByTestId('field-failureThresholdPercent').fill('25');
    await page.getByTestId('field-useWindow').check();
    await page.getByTestId('rule-submit').click();
    await toast(page, messages['firmwareRules.created']!).waitFor();
    await expectAccessible(page, 'firmware rules');

    // Newest first: the rule just made is the firmware's first row.
    const row = page.getByTestId('table-firmware-rules').locator('tbody tr').filter({ hasText: firmware.version }).first();
    await expect.poll(() => row.locator('[data-rule-status]').getAttribute('data-rule-status')).toBe('scheduled');
    await row.getByTestId('rule-pause').click();
    await toast(page, messages['rollouts.paused']!).waitFor();
    await expect.poll(() => row.locator('[data-rule-status]').getAttribute('data-rule-status')).toBe('paused');
    await row.getByTestId('rule-resume').click();
    await toast(page, messages['rollouts.resumed']!).waitFor();
    await expect.poll(() => row.locator('[data-rule-status]').getAttribute('data-rule-status')).toBe('scheduled');
  });

  it('a merchant admin watches a rule roll out, wave by wave and machine by machine, until its machines run the firmware', async () => {
    await api(adminToken, 'POST', '/merchants/acme-vending/firmware-rules', {
      firmwareId: firmware.id,
      target: { kind: 'machines', serials: machines.map((d) => d.serial) },
      startAt: new Date().toISOString(),
      waves: { kind: 'count', count: 2 },
      minMachines: 1,
      failureThresholdPercent: 50,
      machineTimeoutSeconds: 120,
    });
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await openInApp(page, '/devices/firmware-rules');
    // Newest first: the rule just made is the firmware's first row.
    const row = page.getByTestId('table-firmware-rules').locator('tbody tr').filter({ hasText: firmware.version }).first();
    await row.getByTestId('rule-progress').first().click();
    const progress = page.getByTestId('rollout-progress');
    await progress.waitFor();
    // Live: the waves go out one after the other and the screen follows without a reload.
    await progress.locator('[data-rule-status="completed"]').waitFor({ timeout: 30_000 });
    expect(await progress.locator('[data-wave-finished="true"]').count()).toBe(2);
    await progress.getByTestId('rollout-wave-1').click();
    const second = progress.getByTestId('rollout-machines').locator(`tr[data-serial="${machines[1]!.serial}"] [data-machine-state]`);
    await expect.poll(() => second.getAttribute('data-machine-state')).toBe('updated');
    // The list follows too (every 5 s while a rule runs), then stops refreshing.
    await expect.poll(() => row.locator('[data-rule-status]').getAttribute('data-rule-status'), { timeout: 10_000 }).toBe('completed');
    await networkQuiet(page);
    await expectAccessible(page, 'firmware rollout progress');
  });

  it('a merchant user sees the rules without the actions', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'NEBULARMERCHANTUSER'), new URL('/devices/firmware-rules', stack.web).toString());
    await page.getByTestId('table-firmware-rules').locator('tbody tr, [data-testid="empty-state"]').first().waitFor();
    expect(await page.getByTestId('rule-create').count()).toBe(0);
    expect(await page.getByTestId('rule-pause').count()).toBe(0);
  });

  it('the rules screen and its form fit a phone', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    await openInApp(page, '/devices/firmware-rules');
    await page.getByTestId('table-firmware-rules').locator('tbody tr, [data-testid="empty-state"]').first().waitFor();
    await page.getByTestId('rule-create').click();
    await page.getByTestId('rule-form').waitFor();
    await networkQuiet(page);
    // Compared with the device's width: a phone browser widens its layout viewport to fit a wider page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
