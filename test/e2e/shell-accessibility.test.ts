import { randomInt } from 'node:crypto';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmMessage } from '#schemas/iot';
import { api, CATALOGUES, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, uiMessages, signInAt } from './browser';
import { menuGroup, menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const ACME_PIN = '11223344';
const PHONE = { width: 390, height: 844 };
const ALARM_CODE = 'E-COIN-MECH-JAM-042';

const superadmin = () => demoUser(stack, 'superadmin@demo.local');
const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

/** The tab title a screen named `screen` has in `language`. */
const documentTitle = (language: string, screen: string) => CATALOGUES[language]!['app.documentTitle']!.replace('{screen}', screen);

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Where the keyboard focus is: inside the side menu, the menu button, or elsewhere (with its tag). */
const focusIsIn = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.closest('.shell__menu')) return 'menu';
    if (active.getAttribute('data-testid') === 'menu-toggle') return 'toggle';
    return `other:${active.tagName}`;
  });

/** The page's heading has the focus. */
const headingFocused = (page: Page, testId: string) =>
  page.evaluate((id) => document.activeElement === document.querySelector(`[data-testid="${id}"] h1`), testId);

/** How many lines `text` takes where it is shown inside each element matching `selector` (one client rect per line box). */
const linesOf = (page: Page, selector: string, text: string) =>
  page.locator(selector).evaluateAll(
    (elements, wanted) =>
      elements.map((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(wanted);
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + wanted.length);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }
        return 0;
      }),
    text,
  );

let browser: Browser;
let superToken: string;
let adminToken: string;
let serial: string;
beforeAll(async () => {
  browser = await connectBrowser();
  superToken = await idToken(superadmin().email, superadmin().password);
  // A machine of Acme with an open alarm whose code has hyphens, for the phone layout checks.
  const admin = merchantAdmin();
  const token = (adminToken = await idToken(admin.email, admin.password));
  serial = `CENG-${randomInt(70_000_000, 79_999_999)}`;
  await api(token, 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `Distributore ingresso nord ${serial.slice(-4)}` });
  const device = await mqtt.connectAsync((stack as unknown as { mqtt: string }).mqtt, {
    protocolVersion: 4,
    clientId: `e2e-shell-${serial}`,
    reconnectPeriod: 0,
  });
  const at = new Date().toISOString();
  const message: AlarmMessage = {
    messageId: `e2e-shell-${serial}`,
    serial,
    sentAt: at,
    type: 'alarms',
    payload: { code: ALARM_CODE, state: 'raised', at, criticity: 2, category: 'fault', message: 'Coin mechanism jammed' },
  };
  await device.publishAsync(`vend/${serial}/alarms`, JSON.stringify(message), { qos: 1 });
  await device.endAsync();
});
afterAll(async () => {
  // The super admin's language is changed by one test: give the demo user back its own.
  if (superToken) await api(superToken, 'PUT', '/users/me', { language: 'en' }).catch(() => undefined);
  await browser?.close();
});

describe('console shell accessibility', () => {
  it('at 1280 px the collapsed menu keeps its links named by their labels, and the user button is named by the e-mail it shows', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, superadmin());
    const menu = page.getByTestId('side-menu');
    const labels = await menu.locator('.side-menu__text').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(11);

    const toggle = page.getByTestId('menu-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await page.locator('.shell__menu').boundingBox())?.width).toBeLessThanOrEqual(57);
    for (const label of labels) {
      const link = menu.getByRole('link', { name: label, exact: true });
      expect(await link.count(), label).toBe(1);
      expect(await link.isVisible()).toBe(true);
    }

    const email = superadmin().email;
    expect(await page.getByTestId('user-email').textContent()).toBe(email);
    expect(await page.getByRole('link', { name: email }).getAttribute('data-testid')).toBe('user-profile-link');
  });

  it('at 390 px the closed drawer is out of reach and says so; open, it keeps the focus until Escape gives it back to the menu button', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await signInToDashboard(page, stack.web, merchantAdmin());
    const toggle = page.getByTestId('menu-toggle');
    const links = page.locator('[data-testid="side-menu"] a');
    expect(await links.count()).toBeGreaterThanOrEqual(5);

    const closedOutOfReach = async () => {
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const focusable = await links.evaluateAll((all) =>
        all.filter((a) => {
          (a as HTMLElement).focus();
          return document.activeElement === a;
        }),
      );
      expect(focusable.length).toBe(0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        expect(await focusIsIn(page)).not.toBe('menu');
      }
    };
    await closedOutOfReach();

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focusIsIn(page)).toBe('menu');
    await expectAccessible(page, 'the open drawer at 390 px');
    const count = await links.count();
    for (let i = 0; i < count + 3; i++) {
      await page.keyboard.press('Tab');
      expect(['menu', 'toggle']).toContain(await focusIsIn(page));
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(['menu', 'toggle']).toContain(await focusIsIn(page));
    }

    await page.keyboard.press('Escape');
    expect(await focusIsIn(page)).toBe('toggle');
    await closedOutOfReach();
  });

  it('each screen names the browser tab in the user language and takes the focus on its heading, also a device and the command wizard', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    const language = await page.evaluate(() => document.documentElement.lang);
    expect(language).toBe('it');
    await expect.poll(() => page.title()).toBe(documentTitle(language, messages['dashboard.title']!));

    await (await menuLink(page, 'devices')).click();
    await page.getByTestId('device-list-page').waitFor();
    await expect.poll(() => page.title()).toBe(documentTitle(language, messages['devices.list.title']!));
    await expect.poll(() => headingFocused(page, 'device-list-page')).toBe(true);

    await page.getByTestId('table-devices').locator('input[data-filter="search"]').fill(serial);
    await expect.poll(() => page.getByTestId('device-link').count()).toBe(1);
    await page.getByTestId('device-link').click();
    await page.getByTestId('device-summary').waitFor();
    await expect.poll(() => headingFocused(page, 'device-detail-page')).toBe(true);
    await expect.poll(() => page.title()).toBe(documentTitle(language, `Distributore ingresso nord ${serial.slice(-4)} · ${serial}`));

    await page.locator('[data-tab="remote-commands"]').click();
    await page.getByTestId('device-command-new').click();
    await page.getByTestId('command-wizard').waitFor();
    await expect.poll(() => headingFocused(page, 'remote-commands-page')).toBe(true);
    await expect.poll(() => page.title()).toBe(documentTitle(language, messages['remoteCommands.title']!));
    // Closing the wizard gives the focus to the button that opens it, and opening it moves the focus into it.
    await page.getByTestId('wizard-back').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('command-new');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('command-wizard');

    // A second language: the super admin's titles in English, then in German.
    const admin = await newPage(browser);
    await signInToDashboard(admin, stack.web, superadmin());
    expect(await admin.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => admin.title()).toBe(documentTitle('en', CATALOGUES.en!['dashboard.title']!));
    await api(superToken, 'PUT', '/users/me', { language: 'de' });
    const german = await newPage(browser, { locale: 'de-DE' });
    await german.goto(web('/login'));
    await expect.poll(() => german.title()).toBe(documentTitle('de', CATALOGUES.de!['login.title']!));
    await signInToDashboard(german, stack.web, superadmin());
    await expect.poll(() => german.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => german.title()).toBe(documentTitle('de', CATALOGUES.de!['dashboard.title']!));
    await german.goto(web('/admin/merchants'));
    await expect.poll(() => german.title()).toBe(documentTitle('de', CATALOGUES.de!['merchants.list.title']!));
    await api(superToken, 'PUT', '/users/me', { language: 'en' });
  });

  it('the focus ring reaches 3:1 on white and on the app bar, and content links take the theme colour', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const barColour = await page.locator('.app-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor);
    const ring = async () => {
      await expect.poll(() => page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
      return page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor };
      });
    };

    await page.getByTestId('menu-toggle').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // a keyboard move: the ring shows
    const onBar = await ring();
    expect(onBar.style).not.toBe('none');
    expect(onBar.width).toBeGreaterThanOrEqual(2);
    expect(contrast(onBar.colour, barColour)).toBeGreaterThanOrEqual(3);
    expect(contrast(onBar.colour, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);

    await page.goto(web('/devices/list'));
    const link = page.getByTestId('device-link').first();
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    const onWhite = await ring();
    const card = await link.evaluate((a) => getComputedStyle(a.closest('.card') ?? document.body).backgroundColor);
    expect(card).toBe('rgb(255, 255, 255)');
    expect(contrast(onWhite.colour, card)).toBeGreaterThanOrEqual(3);

    // Links in content have the theme's primary colour (the app bar's), not the browser's blue.
    expect(await link.evaluate((a) => getComputedStyle(a).color)).toBe(barColour);
  });

  it('menu labels wrap inside the menu in German, French and Spanish', async () => {
    for (const language of ['de', 'fr', 'es']) {
      await api(superToken, 'PUT', '/users/me', { language });
      const page = await newPage(browser);
      await signInToDashboard(page, stack.web, superadmin());
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      // Every group open, so that every label is laid out; the groups' names wrap too.
      const closed = page.locator('[data-testid="side-menu"] [data-menu-group][aria-expanded="false"]');
      await expect.poll(() => page.locator('[data-testid="side-menu"] [data-menu-group]').count()).toBeGreaterThanOrEqual(5);
      while ((await closed.count()) > 0) await closed.first().click();
      expect(
        await page.locator('[data-testid="side-menu"] .side-menu__link').evaluateAll((links) => links.filter((a) => a.getClientRects().length === 0).length),
      ).toBe(0);
      const overflowing = await page.locator('[data-testid="side-menu"] :is(.side-menu__link, .side-menu__group-toggle)').evaluateAll((links) => {
        const menu = document.querySelector('.shell__menu')!.getBoundingClientRect();
        return links
          .filter(
            (a) =>
              a.scrollWidth > a.clientWidth || a.querySelector(':is(.side-menu__text, .side-menu__group-text)')!.getBoundingClientRect().right > menu.right,
          )
          .map((a) => a.textContent);
      });
      expect(overflowing, language).toEqual([]);
      expect(await page.locator('[data-testid="side-menu"] .side-menu__text').first().textContent()).toBe(CATALOGUES[language]!['menu.dashboard']);
      await page.context().close();
    }
    await api(superToken, 'PUT', '/users/me', { language: 'en' });
  });

  it('groups the menu by area: groups open and close, the current screen opens its own, and each user finds them as left', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const menu = page.getByTestId('side-menu');
    const expanded = (group: string) => menuGroup(page, group).getAttribute('aria-expanded');
    const linkShown = (id: string) => menu.locator(`[data-menu-id="${id}"]`).isVisible();
    // The merchant admin's areas, in the spec's order; on the dashboard (no area) every group starts closed.
    // (Customers and media shows with the merchant's CUSTOMERS_MEDIA feature, the service manager with NEBULAR_CASH: Acme has both.)
    await expect
      .poll(() =>
        menu.locator('[data-menu-group]').evaluateAll((all) => all.map((b) => b.getAttribute('data-menu-group')).filter((g) => g !== 'customers-medias')),
      )
      .toEqual(['devices', 'transactions', 'manage', 'service-manager', 'settings']);
    for (const group of ['devices', 'transactions', 'manage', 'service-manager', 'settings']) expect(await expanded(group), group).toBe('false');
    expect(await linkShown('manage-clients')).toBe(false);
    expect(await menu.locator('[data-menu-id="dashboard"]').isVisible()).toBe(true);

    // A group opens and closes by its button.
    await menuGroup(page, 'settings').click();
    expect(await expanded('settings')).toBe('true');
    expect(await linkShown('settings-profile')).toBe(true);
    await menuGroup(page, 'settings').click();
    expect(await expanded('settings')).toBe('false');
    expect(await linkShown('settings-profile')).toBe(false);

    // Opening a screen by its address opens its group; groups opened by hand stay open.
    await menuGroup(page, 'transactions').click();
    await page.goto(web('/manage/clients'));
    await page.getByTestId('client-list-page').waitFor();
    await expect.poll(() => expanded('manage')).toBe('true');
    expect(await expanded('transactions')).toBe('true');
    expect(await linkShown('manage-clients')).toBe(true);
    expect(await expanded('devices')).toBe('false');
    await (await menuLink(page, 'devices')).click();
    await page.getByTestId('device-list-page').waitFor();
    expect(await expanded('devices')).toBe('true');

    // Remembered: after closing two and reloading, and after signing out and in again.
    await menuGroup(page, 'transactions').click();
    await menuGroup(page, 'manage').click();
    await page.reload();
    await page.getByTestId('device-list-page').waitFor();
    await expect.poll(() => expanded('devices')).toBe('true');
    expect([await expanded('transactions'), await expanded('manage')]).toEqual(['false', 'false']);
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await signInToDashboard(page, stack.web, merchantAdmin());
    await expect.poll(() => expanded('devices')).toBe('true');
    expect([await expanded('transactions'), await expanded('manage')]).toEqual(['false', 'false']);

    // Per user: another user signing in on this browser finds only their own groups.
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await signInToDashboard(page, stack.web, superadmin());
    await expect.poll(() => menu.locator('[data-menu-group="admin"]').count()).toBe(1);
    for (const group of ['devices', 'transactions', 'manage', 'admin', 'settings']) expect(await expanded(group), group).toBe('false');
  });

  it("at 390 px the drawer shows the current screen's group open, and its groups open by keyboard and stay open", async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await signInAt(page, stack.web, merchantAdmin(), web('/manage/products'));
    await page.getByTestId('product-list-page').waitFor();
    const toggle = page.getByTestId('menu-toggle');
    await toggle.click();
    await expect.poll(() => menuGroup(page, 'manage').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('[data-menu-id="manage-products"]').isVisible()).toBe(true);
    expect(await menuGroup(page, 'devices').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-menu-id="devices"]').isVisible()).toBe(false);

    // The focus is in the drawer: Tab reaches the devices group, Enter opens it, Tab goes on into its links.
    await expect.poll(() => focusIsIn(page)).toBe('menu');
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.getAttribute('data-menu-group'))) !== 'devices'; i++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-group'))).toBe('devices');
    await page.keyboard.press('Enter');
    expect(await menuGroup(page, 'devices').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-id'))).toBe('devices');
    await expectAccessible(page, 'the drawer with its groups at 390 px');
    await page.keyboard.press('Enter');
    await page.getByTestId('device-list-page').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Open again after a reload: both groups as left.
    await page.reload();
    await page.getByTestId('device-list-page').waitFor();
    await toggle.click();
    await expect.poll(() => menuGroup(page, 'devices').getAttribute('aria-expanded')).toBe('true');
    expect(await menuGroup(page, 'manage').getAttribute('aria-expanded')).toBe('true');
  });

  it('at 390 px a serial in the device title and alarm codes stay on one line', async () => {
    await expect
      .poll(async () => (await api<{ items: unknown[] }>(adminToken, 'GET', `/pos/${serial}/alarms`)).items.length, { timeout: 20_000, interval: 250 })
      .toBe(1);
    const page = await newPage(browser, { viewport: PHONE });
    await signInAt(page, stack.web, merchantAdmin(), web(`/devices/${serial}/pos-alarms`));
    const title = page.getByTestId('device-detail-page').locator('h1');
    await expect.poll(() => title.textContent()).toContain('Distributore');
    expect(await linesOf(page, '[data-testid="device-detail-page"] h1', serial)).toEqual([1]);
    const code = page.locator('[data-testid="alarm-troubleshooting"] summary');
    await expect.poll(() => code.count()).toBe(1);
    expect(await code.textContent()).toBe(ALARM_CODE);
    expect(await linesOf(page, '[data-testid="alarm-troubleshooting"] summary', ALARM_CODE)).toEqual([1]);
  });
});
