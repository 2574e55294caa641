/**
 * Cash databases in the console (issue 32 item 3): a merchant admin uploads a version (progress shown, SHA-256
 * computed from the file), rolls it out with a rule, and the screens fit a phone; a merchant user has no rules screen.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoUser, expectAccessible, getStack, networkQuiet, newPage, openInApp, signInToDashboard, toast, uiMessages } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const version = `2026.${Date.now() % 1_000_000}`;
const dir = mkdtempSync(join(tmpdir(), 'e2e-cash-databases-'));
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cash databases', () => {
  it('a merchant admin uploads a cash database and rolls it out with a rule', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-cash-database')).click();
    await page.waitForURL(/\/manage\/cash-database$/);
    await page.locator('[data-testid^="table-"] tbody tr, [data-testid="empty-state"]').first().waitFor();
    await expectAccessible(page, 'cash database list');
    await page.getByTestId('cash-database-create').click();
    await page.waitForURL(/\/manage\/cash-database\/create$/);
    await page.getByTestId('cash-database-form').waitFor();
    await expectAccessible(page, 'cash database create');

    await page.getByTestId('field-version').fill(version);
    await page.getByTestId('field-deviceType').selectOption('C100');
    await page.getByTestId('field-peripheral').selectOption('billValidator');
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(1024 * 1024)]);
    const file = join(dir, 'eur-2026.zip');
    writeFileSync(file, bytes);
    await page.getByTestId('cash-database-file').setInputFiles(file);
    await page.getByTestId('cash-database-submit').click();
    await page.getByTestId('cash-database-upload-progress').waitFor();
    await toast(page, messages['cashDatabases.created']!).waitFor();
    await page.waitForURL(/\/manage\/cash-database\/[0-9a-z]{9}-[0-9a-f]{12}\?merchantId=acme-vending$/);
    const fields = page.getByTestId('cash-database-fields');
    await expect.poll(() => fields.locator('[data-field="version"] dd').textContent()).toBe(version);
    expect(await fields.locator('[data-field="sha256"] dd').textContent()).toBe(createHash('sha256').update(bytes).digest('hex'));
    await expectAccessible(page, 'cash database detail');

    await (await menuLink(page, 'manage-cash-database-rules')).click();
    await page.waitForURL(/\/manage\/cash-database-rules$/);
    await page.getByTestId('rule-create').click();
    const form = page.getByTestId('rule-form');
    await expect.poll(() => form.locator('select[name="cashDatabaseId"] option', { hasText: version }).count()).toBe(1);
    await form.locator('select[name="cashDatabaseId"]').selectOption({ label: `C100 ${version} (${messages['cashDatabases.peripheral.billValidator']})` });
    await page.getByTestId('field-waves').fill('2');
    await page.getByTestId('rule-submit').click();
    await toast(page, messages['cashDatabases.rules.created']!).waitFor();
    const row = page.getByTestId('table-cash-database-rules').locator('tbody tr').filter({ hasText: version }).first();
    await expect.poll(() => row.locator('[data-rule-status]').getAttribute('data-rule-status')).toBe('scheduled');
    await expectAccessible(page, 'cash database rules');
  });

  it('the screens fit a phone; a merchant user has no rules screen', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'NEBULARMERCHANTUSER'));
    for (const [path, ready] of [
      ['/manage/cash-database', '[data-testid^="table-"] tbody tr, [data-testid="empty-state"]'],
      ['/manage/cash-database/create', '[data-testid="cash-database-form"]'],
    ] as const) {
      await openInApp(page, path);
      await page.locator(ready).first().waitFor();
      await networkQuiet(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await openInApp(page, '/manage/cash-database-rules');
    await networkQuiet(page);
    expect(await page.getByTestId('cash-database-rules-page').count()).toBe(0);
  });
});
