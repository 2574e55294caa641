import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageName } from '../../frontend/src/lib/format';
import { latestTemporaryPassword } from '../../infra/local/emulators/cognito';
import {
  api,
  demoUser,
  expectAccessible,
  getStack,
  idToken,
  connectBrowser,
  newPage,
  signIn,
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

/** The values of a select's options. */
const optionValues = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('user administration', () => {
  it('a merchant admin invites a user, who signs in with the temporary password, sets a new one and sees only their merchant', async () => {
    const admin = merchantAdmin();
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, admin);
    const messages = await uiMessages(page);

    // /manage opens the users of the merchant for an administrator.
    await page.locator('[data-testid="side-menu"] [data-menu-id="manage-users"]').waitFor({ state: 'attached' });
    await page.goto(web('/manage'));
    await page.waitForURL(/\/manage\/users$/);
    await page.getByTestId('table-manage-users').locator(`tbody tr`, { hasText: admin.email }).waitFor();
    await page.getByTestId('user-create').click();
    await page.waitForURL(/\/manage\/users\/create$/);

    // The role select never offers the super-admin role to a merchant admin; the merchant comes ticked.
    await page.getByTestId('user-form').waitFor();
    expect(await optionValues(page, 'field-role')).toEqual(['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER']);
    expect(await page.getByTestId('field-merchant-acme-vending').isChecked()).toBe(true);
    expect(await page.getByTestId('user-merchants').locator('input[type="checkbox"]').count()).toBe(admin.merchantIds.length);
    expect(await page.getByTestId('user-invisible-flags').count()).toBe(0);

    // A group admin without a group of the merchant is refused before anything is sent (spec §5).
    const email = `invited.${run}@example.com`;
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('field-role').selectOption('NEBULARGROUPADMIN');
    await page.getByTestId('field-group-acme-north').waitFor();
    await page.getByTestId('user-submit').click();
    await expect.poll(() => page.getByTestId('error-groupIds').textContent()).toBe(messages['errors.GroupAdminMerchantsValidationException']);
    await page.getByTestId('error-groups-acme-vending').waitFor();
    await expectAccessible(page, 'user form with its errors');
    expect(new URL(page.url()).pathname).toBe('/manage/users/create');

    // A merchant user: invited.
    await page.getByTestId('field-role').selectOption('NEBULARMERCHANTUSER');
    await page.getByTestId('field-language').selectOption('en');
    await page.getByTestId('user-submit').click();
    await toast(page, messages['users.invited']!).waitFor();
    await page.waitForURL(/\/manage\/users\/[^/]+$/);
    expect(await page.getByTestId('field-email').inputValue()).toBe(email);

    // Inviting the same email again: duplicate user (spec §8), told under the email.
    await page.goto(web('/manage/users/create'));
    await page.getByTestId('field-email').fill(email.toUpperCase());
    await page.getByTestId('user-submit').click();
    await toast(page, messages['errors.DuplicateUserException']!).waitFor();
    await expect.poll(() => page.getByTestId('error-email').textContent()).toBe(messages['errors.DuplicateUserException']);

    // The invitation (the local Cognito's outbox stands in for the mailbox) holds the temporary password.
    const temporary = await latestTemporaryPassword(stack.cognito.endpoint, email);
    const invited = await newPage(browser);
    await signIn(invited, stack.web, email, temporary);
    await invited.getByTestId('new-password-form').waitFor();
    const chosen = `Chosen-${run}-9#A`;
    await invited.getByTestId('new-password').fill(chosen);
    await invited.getByTestId('new-password-confirm').fill(chosen);
    await invited.getByTestId('new-password-submit').click();
    await invited.waitForURL(/\/dashboard$/);
    await expect.poll(() => invited.getByTestId('user-email').textContent()).toBe(email);
    const invitedMessages = await uiMessages(invited);
    await expect.poll(() => invited.getByTestId('dashboard-role').textContent()).toBe(invitedMessages['roles.NEBULARMERCHANTUSER']);
    // Only their merchant: the dashboard lists Acme alone, and there is nothing to pick in the app bar.
    const rows = invited.getByTestId('merchant-list').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-merchant-id')))).toEqual(['acme-vending']);
    expect(await invited.getByTestId('merchant-selector').count()).toBe(0);
    // A merchant user has neither Users nor Groups; /manage/users is not theirs.
    expect(await invited.locator('[data-menu-id="manage-users"], [data-menu-id="manage-groups"]').count()).toBe(0);
    await invited.goto(web('/manage/users'));
    await invited.waitForURL(/\/unauthorized$/);

    // Signed in once: there is no invitation to resend any more.
    await page.goto(web('/manage/users'));
    const table = page.getByTestId('table-manage-users');
    await table.locator('tbody tr', { hasText: email }).locator('a').click();
    await page.waitForURL(/\/manage\/users\/[^/]+$/);
    await page.getByTestId('user-resend-invitation').click();
    await toast(page, messages['errors.UserAlreadyActiveException']!).waitFor();

    // The user's change history: a user the filter names who is not among the merchant's users stays shown and selected.
    await page.goto(web('/manage/audit-log?targetUserId=no-such-user'));
    const target = page.locator('select[data-filter="targetUserId"]');
    await expect.poll(() => target.inputValue()).toBe('no-such-user');
    expect(await target.locator('option:checked').textContent()).toBe('no-such-user');
  });

  it('the super admin filters every user, exports them, edits one and deletes it after confirmation', async () => {
    const admin = demoUser(stack, 'NEBULARSUPERADMIN');
    const token = await idToken(admin.email, admin.password);
    const email = `filtered.${run}@example.com`;
    const created = await api<{ id: string }>(token, 'POST', '/users', {
      email,
      role: 'NEBULARGROUPADMIN',
      language: 'fr',
      merchantIds: ['acme-vending'],
      groupIds: ['acme-south'],
    });

    const page = await newPage(browser);
    await signInAt(page, stack.web, admin, web('/admin/users'));
    const messages = await uiMessages(page);
    const table = page.getByTestId('table-admin-users');
    await table.locator('tbody tr').first().waitFor();

    // Role filter and email search (from 3 letters on).
    await table.locator('select[data-filter="role"]').selectOption('NEBULARGROUPADMIN');
    const search = page.waitForRequest(
      (r) => new URL(r.url()).pathname.endsWith('/api/v1/users') && new URL(r.url()).searchParams.get('search') === 'filtered.',
    );
    await table.locator('input[data-filter="search"]').fill('filtered.');
    expect(new URL((await search).url()).searchParams.get('role')).toBe('NEBULARGROUPADMIN');
    const row = table.locator(`tbody tr[data-row-id="${created.id}"]`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await row.waitFor();
    expect(await row.locator('td[data-column="merchants"]').textContent()).toBe('Acme Vending');
    await expect.poll(() => row.locator('td[data-column="groups"]').textContent()).toBe('Acme South');
    expect(await row.locator('td[data-column="role"]').textContent()).toBe(messages['roles.NEBULARGROUPADMIN']);

    // The CSV export has every user with the visible columns (names, not ids).
    const download = page.waitForEvent('download');
    await page.getByTestId('table-export').click();
    const csv = (await readFile(await downloadedFile(await download), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(['email', 'role', 'language', 'merchants', 'groups', 'notifications'].map((c) => messages[`users.field.${c}`]).join(','));
    expect(lines).toContain(
      [
        email,
        messages['roles.NEBULARGROUPADMIN'],
        languageName('fr', await page.evaluate(() => document.documentElement.lang)),
        'Acme Vending',
        'Acme South',
        messages['users.yes'],
      ].join(','),
    );
    const all = await api<unknown[]>(token, 'GET', '/users/all');
    expect(lines).toHaveLength(1 + all.length);

    // Edit: the super admin sees the invisible flags; notifications off.
    await row.locator('a').click();
    await page.waitForURL(new RegExp(`/admin/users/${created.id}$`));
    await page.getByTestId('user-invisible-flags').waitFor();
    await page.getByTestId('field-flag-BETA_FEATURES').check();
    await page.getByTestId('field-receiveNotifications').uncheck();
    await page.getByTestId('user-submit').click();
    await toast(page, messages['users.updated']!).waitFor();
    expect(await api(token, 'GET', `/users/${created.id}`)).toMatchObject({
      invisibleFlags: ['BETA_FEATURES'],
      receiveNotifications: false,
      groupIds: ['acme-south'],
    });

    // Never signed in: the invitation can be sent again; delete waits while it is sent.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/resend-invitation', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('user-resend-invitation').click();
    await expect.poll(() => page.getByTestId('user-delete').isDisabled()).toBe(true);
    expect(await page.getByTestId('user-resend-invitation').isDisabled()).toBe(true);
    release();
    await toast(page, messages['users.invitationResent']!).waitFor();
    await expect.poll(() => page.getByTestId('user-delete').isDisabled()).toBe(false);
    await page.unroute('**/resend-invitation');

    // Delete asks first; cancelling keeps the user.
    await page.getByTestId('user-delete').click();
    await page.getByTestId('confirm-cancel').click();
    expect(await api(token, 'GET', `/users/${created.id}`)).toMatchObject({ email });
    await page.getByTestId('user-delete').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['users.deleted']!).waitFor();
    await page.waitForURL(/\/admin\/users$/);
    await expect(api(token, 'GET', `/users/${created.id}`)).rejects.toThrow(/404/);
  });
});

describe('group administration', () => {
  it('a merchant admin creates, renames and deletes a group; a group in use is kept', async () => {
    const admin = merchantAdmin();
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, admin);
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-groups')).click();
    await page.waitForURL(/\/manage\/groups$/);
    const table = page.getByTestId('table-manage-groups');
    await table.locator('tbody tr[data-row-id="acme-north"]').waitFor();
    expect(await table.locator('tbody tr[data-row-id="acme-south"]').count()).toBe(1);

    // Create (a duplicate name is told under the name).
    await page.getByTestId('group-create').click();
    const form = page.getByTestId('group-create-form');
    await form.getByTestId('field-name').fill('acme north');
    await form.getByTestId('group-submit').click();
    await toast(page, messages['errors.DuplicateGroupNameException']!).waitFor();
    await expect.poll(() => form.getByTestId('error-name').textContent()).toBe(messages['errors.DuplicateGroupNameException']);
    await expectAccessible(page, 'group form with its error');
    const name = `E2E group ${run}`;
    await form.getByTestId('field-name').fill(name);
    await form.getByTestId('field-description').fill('Made by the browser test');
    await form.getByTestId('group-submit').click();
    await toast(page, messages['groups.created']!).waitFor();
    await table.locator('tbody tr', { hasText: name }).locator('a').click();
    await page.waitForURL(/\/manage\/groups\/[^/?]+\?merchantId=acme-vending$/);

    // Rename.
    await page.getByTestId('field-name').fill(`${name} renamed`);
    await page.getByTestId('group-submit').click();
    await toast(page, messages['groups.updated']!).waitFor();
    await expect.poll(() => page.locator('h1').textContent()).toBe(`${name} renamed`);

    // Delete after confirmation.
    await page.getByTestId('group-delete').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['groups.deleted']!).waitFor();
    await page.waitForURL(/\/manage\/groups$/);
    await table.locator('tbody tr[data-row-id="acme-north"]').waitFor();
    await expect.poll(() => table.locator('tbody tr', { hasText: name }).count()).toBe(0);

    // acme-north is the demo group admin's group: in use, so it stays.
    await page.goto(web('/manage/groups/acme-north?merchantId=acme-vending'));
    await page.getByTestId('group-delete').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['errors.GroupInUseException']!).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/groups/acme-north');
  });

  it('a group admin lands on its groups from /manage, sees only its own, read-only, and no users', async () => {
    const groupAdmin = demoUser(stack, 'NEBULARGROUPADMIN');
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, groupAdmin);
    expect(await page.locator('[data-menu-id="manage-users"]').count()).toBe(0);
    await page.goto(web('/manage'));
    await page.waitForURL(/\/manage\/groups$/);
    const table = page.getByTestId('table-manage-groups');
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')))).toEqual(groupAdmin.groupIds);
    expect(await page.getByTestId('group-create').count()).toBe(0);

    await rows.first().locator('a').click();
    await page.waitForURL(/\/manage\/groups\/acme-north/);
    await page.getByTestId('group-form').waitFor();
    expect(await page.getByTestId('field-name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('group-submit').count()).toBe(0);
    expect(await page.getByTestId('group-delete').count()).toBe(0);

    // Another group of the merchant is not theirs: not found.
    await page.goto(web('/manage/groups/acme-south?merchantId=acme-vending'));
    await page.getByTestId('error-state').waitFor();
    await page.goto(web('/manage/users'));
    await page.waitForURL(/\/unauthorized$/);
  });
});
