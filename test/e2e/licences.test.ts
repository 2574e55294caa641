import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connectBrowser, demoUser, expectAccessible, getStack, idToken, newPage, signInToDashboard, toast, uiMessages, waitUntil } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const MERCHANT = 'acme-vending';

interface OutboxMessage {
  source: string;
  message: string;
}
const licenceMails = async (email: string) =>
  ((await (await fetch(`${stack.cognito.endpoint}/__local/messages?email=${encodeURIComponent(email)}`)).json()) as OutboxMessage[]).filter(
    (m) => m.source === 'SES',
  );

let browser: Browser;
let serial = '';
const email = `licence-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'NEBULARSUPERADMIN');
  const token = await idToken(admin.email, admin.password);
  const client = await api<{ id: string }>(token, 'POST', `/merchants/${MERCHANT}/clients`, {
    name: `Licence client ${randomUUID().slice(0, 6)}`,
    companyName: 'Cliente Licenze S.r.l.',
    country: 'IT',
    city: 'Milano',
  });
  serial = `C100-${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  await api(token, 'POST', '/pos/join', { serial, pin: '11223344', name: `Licence ${serial}` });
  await api(token, 'POST', '/service-manager/license', {
    serial,
    type: 1,
    features: ['Connector_Basic', 'CIT_Basic'],
    organisation: 'Acme Service',
    clientId: client.id,
    email,
    maintenanceType: 2,
    operationMode: 0,
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The licence's row once the list shows it with `status`, the status filter set to it. */
async function rowWithStatus(page: Page, status: number) {
  await page.locator('[data-testid="table-service-manager-licences"] select[data-filter="status"]').selectOption(String(status));
  const row = page.locator(`tr[data-row-id="${serial}"]`);
  await expect.poll(() => row.locator(`[data-license-status="${status}"]`).count()).toBe(1);
  return row;
}

describe('/service-manager', () => {
  it('a merchant admin sends a licence; the signed-out client confirms it from the e-mail; the list and the machine show it confirmed', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, web('/'), demoUser(stack, 'NEBULARMERCHANTADMIN'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'service-manager')).click();
    await page.waitForURL(/\/service-manager$/);
    const pending = await rowWithStatus(page, 0);
    await expectAccessible(page, 'service manager');
    await pending.getByTestId('license-send').click();
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['licence.sent']!).waitFor();
    await rowWithStatus(page, 1);

    // The e-mail in the local outbox, its link opened by the client in a browser that is not signed in.
    let link = '';
    await waitUntil('the licence e-mail', async () => {
      link = /\S+\/confirm-client-data\/[A-Za-z0-9_-]+/.exec((await licenceMails(email))[0]?.message ?? '')?.[0] ?? '';
      return link !== '';
    });
    const client = await newPage(browser);
    await client.goto(link);
    const fields = client.getByTestId('confirm-client-data-fields');
    await fields.waitFor();
    expect(await fields.textContent()).toContain('Cliente Licenze S.r.l.');
    expect(await fields.textContent()).toContain(serial);
    await expectAccessible(client, 'licence confirmation');
    await client.getByTestId('confirm-client-data-submit').click();
    await client.getByTestId('confirm-client-data-done').waitFor();

    // The same link again: said plainly.
    await client.goto(link);
    await client.getByTestId('confirm-client-data-error').waitFor();
    expect(await client.getByTestId('confirm-client-data-fields').count()).toBe(0);

    await page.reload();
    await rowWithStatus(page, 2);

    // The machine's details show its licence.
    await page.goto(web(`/devices/${serial}/details`));
    await expect.poll(async () => (await page.getByTestId('device-license-fields').textContent()) ?? '').toContain(messages['licence.status.confirmed']!);
  });
});
