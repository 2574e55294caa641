/**
 * Visual programmer configurations in the browser: a merchant admin creates one (an invalid form refused first), sends
 * it to a machine and downloads it with the spec's options; a merchant user views one on a phone and cannot send it.
 * And Acme's screen configuration edited and sent by its merchant admin.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  demoUser,
  downloadedFile,
  expectAccessible,
  getStack,
  networkQuiet,
  newPage,
  openInApp,
  signInToDashboard,
  toast,
  uiMessages,
} from './browser';
import { menuLink } from './menu';

const stack = getStack();
const SERIAL = 'CENG-00000004';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('VP configurations', () => {
  it('a merchant admin creates one (an invalid form refused), sends it to a machine and downloads it', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'devices-vp-configurations')).click();
    await page.waitForURL(/\/devices\/vp\/configurations$/);
    await page.getByTestId('vp-configuration-link').first().waitFor();
    await expectAccessible(page, 'VP configurations');
    await page.getByTestId('vp-configuration-create').click();
    await page.waitForURL(/\/devices\/vp\/configurations\/create$/);

    const name = `Browser VP ${Date.now().toString(36)}`;
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-brightness').fill('140');
    await page.getByTestId('field-parameters').fill('coffee.sugarDefault=3\nvp.version=9');
    await page.getByTestId('vp-configuration-submit').click();
    await expect.poll(() => page.getByTestId('vp-form-invalid').textContent()).toBe(messages['vpConfigurations.error.formInvalid']);
    await page.getByTestId('error-brightness').waitFor();
    await page.getByTestId('error-parameters').waitFor();
    await expectAccessible(page, 'VP configuration form with its errors');
    await page.getByTestId('field-brightness').fill('55');
    await page.getByTestId('field-parameters').fill('coffee.sugarDefault=3');
    await page.getByTestId('vp-configuration-submit').click();
    await toast(page, messages['vpConfigurations.created']!).waitFor();
    await page.waitForURL(/\/devices\/vp\/configurations\/[0-9a-f-]{36}\?merchantId=acme-vending$/);
    await page.getByTestId('vp-versions').locator('tbody tr').first().waitFor();
    await expectAccessible(page, 'VP configuration');

    await page.getByTestId('field-serials').fill(SERIAL);
    await page.getByTestId('vp-send-submit').click();
    await toast(page, messages['vpConfigurations.sent']!.replace('{version}', '1').replace('{count}', '1')).waitFor();
    await page.getByTestId('vp-machines').locator('tbody tr').filter({ hasText: SERIAL }).waitFor();

    await page.getByTestId('field-deviceSerial').fill('CENG-1');
    await page.getByTestId('vp-download-submit').click();
    await page.getByTestId('error-deviceSerial').waitFor();
    await page.getByTestId('field-deviceSerial').fill(SERIAL);
    await page.getByTestId('field-usbSerial').fill('USB-0001');
    await page.getByTestId('field-expiresOn').fill('2099-12-31');
    const download = page.waitForEvent('download');
    await page.getByTestId('vp-download-submit').click();
    const file = JSON.parse(await readFile(await downloadedFile(await download), 'utf8'));
    expect(file).toMatchObject({
      name,
      version: 1,
      deviceType: 'CENG',
      deviceSerial: SERIAL,
      usbSerial: 'USB-0001',
      expiresOn: '2099-12-31',
      values: { 'display.brightness': '55', 'coffee.sugarDefault': '3', 'vp.version': '1' },
    });
  });

  it('a merchant user views one on a phone, its versions included, and cannot change nor send it', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDashboard(page, stack.web, demoUser(stack, 'NEBULARMERCHANTUSER'));
    await openInApp(page, '/devices/vp/configurations/demo-vp-espresso-bar?merchantId=acme-vending');
    await page.getByTestId('vp-configuration-form').waitFor();
    await expect.poll(() => page.getByTestId('vp-versions').locator('tbody tr').count()).toBe(3);
    expect(await page.getByTestId('field-name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('vp-configuration-submit').count()).toBe(0);
    expect(await page.getByTestId('vp-send').count()).toBe(0);
    expect(await page.getByTestId('vp-machines').count()).toBe(0);
    await page.getByTestId('vp-version-view-1').click();
    await page.getByTestId('vp-version-shown').waitFor();
    await networkQuiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'VP configuration (merchant user, phone)');
  });

  it('a merchant admin edits the demo screen configuration and sends it to a machine', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-screen-configurations')).click();
    await page.waitForURL(/\/manage\/screen-configurations$/);
    await page.getByTestId('screen-configuration-link').first().click();
    await page.getByTestId('screen-configuration-form').waitFor();
    await expect.poll(() => page.getByTestId('screen-slide').count()).toBe(2);
    await expectAccessible(page, 'screen configuration');
    await page.getByTestId('screen-slide-add').click();
    await page.getByTestId('screen-configuration-submit').click();
    await page.getByTestId('error-slides').waitFor();
    await page.getByTestId('field-slide-2-title').fill('Cioccolata');
    await page.getByTestId('screen-configuration-submit').click();
    await toast(page, messages['screenConfigurations.updated']!).waitFor();
    await page.getByTestId('field-serials').fill(SERIAL);
    await page.getByTestId('screen-send-submit').click();
    await toast(page, messages['screenConfigurations.sent']!.replace('{count}', '1')).waitFor();
  });
});
