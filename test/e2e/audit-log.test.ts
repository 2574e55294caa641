/**
 * The audit log in the browser (issue 28 item 6): a merchant admin's changes made through the API are read in the log,
 * filtered to the machine and to the media they concern, an entry opened to its before → after; the machine's and the
 * media's screens link to the log filtered to them, and the CSV holds the same selection; a selection past the direct CSV's cap is
 * prepared through historical data and downloaded from the log. A group admin and a merchant user have no menu entry, and the typed
 * address turns them away.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import type { StackInfo } from '../../infra/local/stack-info';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import {
  ACME_USERS,
  api,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  connectBrowser,
  downloadedFile,
  newPage,
  signInToDashboard,
  waitUntil,
  signInAt,
} from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const MERCHANT = 'acme-vending';
const ADMIN = 'merchant.admin@demo.local';
const menuEntry = (page: Page, id: string) => page.locator(`[data-testid="side-menu"] [data-menu-id="${id}"]`);
const rowsOf = (page: Page) => page.getByTestId('table-audit-log').locator('tbody > tr');

/** A machine of Acme joined by this test, and a key first used at it (its sale creates the media). */
const machine = `CENG-${randomInt(60_000_000, 69_999_999)}`;
const mediaId = randomBytes(7).toString('hex').toUpperCase();

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, ADMIN);
  token = await idToken(admin.email, admin.password);
  await api(token, 'POST', '/pos/join', { serial: machine, pin: DEMO_PINS[MERCHANT], name: `E2E audit ${machine}` });
  const device = await connectDevice((stack as unknown as StackInfo).mqtt, machine);
  try {
    const media = { id: mediaId, serial: randomBytes(5).toString('hex').toUpperCase(), credit: 900, counter: 3 };
    await device.publish(
      'sales',
      salesMessage(machine, [saleTransaction({ type: 3, mediaType: 2, value: 80, currency: 'EUR', media, source: { type: 1, serial: machine } })]),
    );
  } finally {
    await device.client.endAsync();
  }
  await waitUntil(`media ${mediaId} created by its sale`, () =>
    api(token, 'GET', `/medias/${mediaId}?merchantId=${MERCHANT}`).then(
      () => true,
      () => false,
    ),
  );
  // The change the log is read for: the merchant admin blocks the key.
  await api(token, 'POST', `/medias/${mediaId}/block?merchantId=${MERCHANT}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('audit log', () => {
  it('a merchant admin filters the log to a media and opens its entry: the status before → after; the media’s screen links to it', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, ADMIN));
    await (await menuLink(page, 'manage-audit-log')).click();
    await page.waitForURL(/\/manage\/audit-log$/);
    await page.getByTestId('table-audit-log').waitFor();

    await page.locator('input[data-filter="mediaId"]').fill(mediaId);
    const rows = rowsOf(page);
    const block = rows.filter({ hasText: 'medias.block' });
    // Once the filter applies: only entries about this media, its blocking among them.
    const targets = () => rows.locator('[data-column="targets"]').allTextContents();
    await expect.poll(async () => (await targets()).every((t) => t.includes(mediaId))).toBe(true);
    await block.waitFor();
    expect(await block.locator('[data-column="actor"]').textContent()).toContain(ADMIN);
    expect(await block.locator('[data-outcome]').getAttribute('data-outcome')).toBe('success');

    await block.getByTestId('audit-entry-details').locator('summary').click();
    const status = block.locator('[data-testid="audit-change"][data-field="status"]');
    await status.waitFor();
    expect(await status.locator('[data-side="before"]').textContent()).toBe('0');
    expect(await status.locator('[data-side="after"]').textContent()).toBe('1');
    await expectAccessible(page, 'audit log with an entry open');

    // From the media's screen: the log filtered to it.
    await page.goto(web(`/customers-medias/medias/${mediaId}`));
    await page.getByTestId('media-audit-log').click();
    await page.waitForURL(/\/manage\/audit-log$/);
    await expect.poll(() => page.locator('input[data-filter="mediaId"]').inputValue()).toBe(mediaId);
    await rows.filter({ hasText: 'medias.block' }).waitFor();
  });

  it('the machine’s screen opens the log filtered to the machine: its joining, by the merchant admin', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, ADMIN), web(`/devices/${machine}`));
    // Once its details have loaded: the page's header grows while the machine and its tab load, and a click during
    // that layout shift can land beside the button (the log never opened in one clean run under load).
    await page.getByTestId('device-details').waitFor();
    await page.getByTestId('device-audit-log').click();
    await page.waitForURL(/\/manage\/audit-log$/);
    await expect.poll(() => page.locator('input[data-filter="serial"]').inputValue()).toBe(machine);
    const rows = rowsOf(page);
    const join = rows.filter({ hasText: 'pos.join' });
    await join.waitFor();
    for (const targets of await rows.locator('[data-column="targets"]').allTextContents()) expect(targets).toContain(machine);
    expect(await join.locator('[data-column="actor"]').textContent()).toContain(ADMIN);

    // The CSV comes from the API with the same filters.
    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const csv = (await readFile(await downloadedFile(await download), 'utf8')).trimEnd().split(/\r?\n/);
    expect(csv[0]).toContain('action');
    expect(csv.length).toBeGreaterThan(1);
    for (const row of csv.slice(1)) expect(row).toContain(`pos:${machine}`);
    expect(csv.slice(1).some((row) => row.includes('pos.join'))).toBe(true);

    // Narrowed to another action: none of this machine's entries.
    await page.locator('select[data-filter="action"]').selectOption('pos.delete');
    await page.getByTestId('table-audit-log').getByTestId('empty-state').waitFor();
  });

  it('a selection past the direct CSV’s cap (5 rows on this stack) is prepared through historical data, its progress shown, then downloaded', async () => {
    for (let i = 0; i < 6; i++) await api(token, 'POST', `/pos/${machine}/notes`, { note: `audit export ${i}` });
    const page = await newPage(browser, ACME_USERS);
    await signInAt(page, stack.web, demoUser(stack, ADMIN), web('/manage/audit-log'));
    await rowsOf(page).first().waitFor();
    await page.getByTestId('table-export').click();
    const large = page.getByTestId('audit-log-large-export');
    await expect.poll(() => large.getAttribute('data-status')).toBe('offer');
    await page.getByTestId('audit-log-large-export-start').click();
    await expect.poll(() => large.getAttribute('data-status'), { timeout: 40_000 }).toBe('ready');
    await expectAccessible(page, 'audit log with a large export ready');
    const download = page.waitForEvent('download');
    await page.getByTestId('audit-log-large-export-download').click();
    const csv = (await readFile(await downloadedFile(await download), 'utf8')).trimEnd().split(/\r?\n/);
    expect(csv[0]).toContain('action');
    expect(csv.filter((row) => row.includes('pos.addNote') && row.includes(`pos:${machine}`)).length).toBeGreaterThanOrEqual(6);
    // The request is one of the merchant's historical data requests too.
    await page.getByTestId('audit-log-large-export').getByRole('link').click();
    await page.waitForURL(/\/manage\/data-retrieval-requests$/);
  });

  it.each(['group.admin@demo.local', 'merchant.user@demo.local'])('%s has no menu entry and the typed address turns them away', async (email) => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, email));
    await menuEntry(page, 'alarms').waitFor({ state: 'attached' });
    expect(await menuEntry(page, 'manage-audit-log').count()).toBe(0);
    await page.goto(web('/manage/audit-log'));
    await page.waitForURL(/\/unauthorized$/);
    await page.getByTestId('unauthorized').waitFor();
  });
});
