import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
} from './browser';
import { menuLink } from './menu';

const stack = getStack();
const build = Date.now() % 1_000_000_000;
const dir = mkdtempSync(join(tmpdir(), 'e2e-firmware-'));
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('firmware catalogue', () => {
  it('the super admin uploads a firmware: progress shown, size and SHA-256 computed from the file; a file of another type is refused', async () => {
    const page = await newPage(browser);
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    await signInToDashboard(page, stack.web, superAdmin);
    const messages = await uiMessages(page);
    await (await menuLink(page, 'admin-firmwares')).click();
    await page.waitForURL(/\/admin\/firmwares$/);
    await page.locator('[data-testid^="table-"] tbody tr, [data-testid="empty-state"]').first().waitFor();
    await expectAccessible(page, 'firmware list');
    await page.getByTestId('firmware-create').click();
    await page.waitForURL(/\/admin\/firmwares\/create$/);

    // A build that is not a number is refused before anything is sent.
    for (const [part, value] of [
      ['major', '7'],
      ['minor', '0'],
      ['patch', '1'],
      ['build', '12a'],
    ] as const)
      await page.getByTestId(`field-${part}`).fill(value);
    await page.getByTestId('field-deviceType').selectOption('CUNI');
    await page.getByTestId('firmware-submit').click();
    await expect.poll(() => page.getByTestId('error-build').textContent()).toBe(messages['firmwares.error.build']);

    // A text file named .zip passes the browser's check but not the API's, by content.
    const fake = join(dir, 'fake.zip');
    writeFileSync(fake, 'not a zip at all\n'.repeat(100));
    await page.getByTestId('field-build').fill(String(build));
    await page.getByTestId('firmware-file').setInputFiles(fake);
    await page.getByTestId('firmware-submit').click();
    await toast(page, messages['errors.UnsupportedFileTypeException']!).waitFor();

    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2 * 1024 * 1024)]);
    const file = join(dir, 'cuni-7.0.1.zip');
    writeFileSync(file, bytes);
    await page.getByTestId('firmware-file').setInputFiles(file);
    await page.getByTestId('firmware-submit').click();
    await page.getByTestId('firmware-upload-progress').waitFor();
    await toast(page, messages['firmwares.created']!).waitFor();
    await page.waitForURL(/\/admin\/firmwares\/[0-9a-z]{9}-[0-9a-f]{12}$/);
    const fields = page.getByTestId('firmware-fields');
    await expect.poll(() => fields.locator('[data-field="version"] dd').textContent()).toBe(`7.0.1+${build}`);
    expect(await fields.locator('[data-field="sha256"] dd').textContent()).toBe(createHash('sha256').update(bytes).digest('hex'));
    await expectAccessible(page, 'firmware detail');

    // Level and release date change; the list shows it.
    await page.getByTestId('field-level').selectOption('Beta');
    await page.getByTestId('firmware-save').click();
    await toast(page, messages['firmwares.updated']!).waitFor();
    const id = page.url().split('/').pop()!;
    const token = await idToken(superAdmin.email, superAdmin.password);
    expect(await api<{ level: string; file: { size: number } }>(token, 'GET', `/firmwares/${id}`)).toMatchObject({
      level: 'Beta',
      file: { size: bytes.length },
    });
    await page.getByTestId('firmware-delete').click();
    await page.locator('dialog[open] [data-testid="confirm-ok"]').click();
    await toast(page, messages['firmwares.deleted']!).waitFor();
    await page.waitForURL(/\/admin\/firmwares$/);
  });

  it('the list and the create screen add no width on a phone', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'superadmin@demo.local'));
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    // The super admin's app bar is itself wider than a phone (its distributor picker): the screens must add nothing to it.
    await networkQuiet(page);
    const shell = Math.max(390, await width());
    for (const [path, ready] of [
      ['/admin/firmwares', '[data-testid^="table-"] tbody tr, [data-testid="empty-state"]'],
      ['/admin/firmwares/create', '[data-testid="firmware-form"]'],
    ] as const) {
      await openInApp(page, path);
      await page.locator(ready).first().waitFor();
      await networkQuiet(page);
      expect(await width()).toBeLessThanOrEqual(shell);
    }
  });
});
