import { readFile } from 'node:fs/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_REFRESH_MS } from '../../frontend/src/components/data-table/live-refresh';
import * as keys from '../../functions/adapters/dynamodb/keys';
import type { StackInfo } from '../../infra/local/stack-info';
import { depsForStack } from '../../infra/local/stack-process';
import { connectDevice, saleTransaction, salesMessage, type SimulatedDevice } from '../../infra/local/simulator';
import type { HistoricalDataRequest } from '#schemas/historical-data';
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
/** The stack's endpoints beyond the browser's (MQTT, DynamoDB). */
const info = stack as unknown as StackInfo;
const web = (path: string) => new URL(path, stack.web).toString();
const requests = (page: Page) => page.getByTestId('table-data-requests');

const ACME_PIN = '11223344';
const run = Date.now().toString(36);
/** Yesterday at noon (UTC): inside yesterday in the browser's calendar and in Acme's time zone alike. */
const yesterdayNoon = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 12)).toISOString();
};
/**
 * A merchant's time zone as stored. One the export cannot read makes it fail (after its retries) without
 * touching anything shared; the API itself only takes valid zones.
 */
async function setMerchantZone(merchantId: string, timezone: string): Promise<void> {
  const { doc, config } = depsForStack(info);
  await doc.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.merchant(merchantId),
      UpdateExpression: 'SET #tz = :z',
      ExpressionAttributeNames: { '#tz': 'timezone' },
      ExpressionAttributeValues: { ':z': timezone },
    }),
  );
}
const saleIds = [`E2EHD${run}A`, `E2EHD${run}B`];

let browser: Browser;
let device: SimulatedDevice;
beforeAll(async () => {
  browser = await connectBrowser();
  // A machine of Acme sells twice yesterday: the only sales of that day on this stack (it has no back-filled history).
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  const serial = `CENG-${70_000_000 + Math.floor(Math.random() * 9_999_999)}`;
  await api(await idToken(admin.email, admin.password), 'POST', '/pos/join', { serial, pin: ACME_PIN, name: `E2E history ${serial.slice(-4)}` });
  device = await connectDevice(info.mqtt, serial);
  await device.publish(
    'sales',
    salesMessage(
      serial,
      saleIds.map((id) => saleTransaction({ id, createdAt: yesterdayNoon() })),
    ),
  );
});
afterAll(async () => {
  await device?.client.endAsync();
  await browser?.close();
});

describe('historical data requests', () => {
  it('a merchant admin requests yesterday’s transactions, sees the request complete and downloads its CSV', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'));
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-data-retrieval-requests')).click();
    await page.waitForURL(/\/manage\/data-retrieval-requests$/);
    await page.getByTestId('data-subscriptions').waitFor();
    await expectAccessible(page, 'data requests list');

    await page.getByTestId('data-request-create').click();
    await page.waitForURL(/\/manage\/data-retrieval-requests-create$/);
    // Told before anything is sent: no data type, then a custom range over the maximum.
    await page.getByTestId('data-request-submit').click();
    await page.getByTestId('error-dataType').waitFor();
    const range = page.getByTestId('data-request-range');
    await range.getByTestId('date-range-preset').selectOption('custom');
    await range.locator('input[type="date"]').first().fill('2024-01-01');
    await range.locator('input[type="date"]').last().fill('2025-01-01');
    expect(await page.getByTestId('data-request-range-error').textContent()).toBe(messages['dataRequests.error.rangeTooLong']!.replace('{max}', '366'));
    await expectAccessible(page, 'data request form with its errors');

    // Yesterday, from the presets: the request goes out and the list follows it until its file is ready.
    await range.getByTestId('date-range-preset').selectOption('yesterday');
    await page.getByTestId('field-dataType').selectOption('Transactions');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/merchants\/acme-vending\/historicaldata$/.test(new URL(r.url()).pathname),
    );
    await page.getByTestId('data-request-submit').click();
    const request = (await (await created).json()) as HistoricalDataRequest;
    await toast(page, messages['dataRequests.created']!).waitFor();
    await page.waitForURL(/\/manage\/data-retrieval-requests$/);
    const row = requests(page).locator(`tbody tr[data-row-id="${request.id}"]`);
    expect(await row.locator('td[data-column="dataType"]').textContent()).toBe(messages['dataRequests.dataType.transactions']);
    await expect.poll(() => row.locator('[data-request-status]').getAttribute('data-request-status'), { timeout: 30_000 }).toBe('Completed');
    expect(await row.getByTestId('request-retry').count()).toBe(0);
    expect(await row.locator('td[data-column="rows"]').textContent()).toBe('2');
    // Nothing runs any more: the list stops asking.
    let listCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/merchants\/acme-vending\/historicaldata$/.test(new URL(r.url()).pathname)) listCalls++;
    });
    await page.waitForTimeout(3 * LIVE_REFRESH_MS);
    expect(listCalls).toBe(0);

    const download = page.waitForEvent('download');
    await row.getByTestId('request-download').click();
    const file = await download;
    // Named as the presigned GET's Content-Disposition says (the bucket lets the console read that header).
    expect(file.suggestedFilename()).toBe(`transactions-acme-vending-${request.startDate}-${request.endDate}.csv`);
    const csv = (await readFile(await downloadedFile(file), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'serial,posName,transactionId,createdAt,type,line,productCode,priceTable,value,currency,mediaType,valueCharge,freeSale,errorSale,savedAt,product,originalTransactionId,mediaId,mediaSerial,mediaCredit,sourceType,sourceSerial,creditCardFileId,externalUserId,groupId',
    );
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual([...saleIds].sort());

    // Deleted after confirming: the row goes.
    await row.getByTestId('request-delete').click();
    await expectAccessible(page, 'data request delete confirmation');
    await page.getByTestId('confirm-ok').click();
    await toast(page, messages['dataRequests.deleted']!).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('the super admin picks a distributor, sees its failed request with the technical failure message and retries it to completion', async () => {
    const superAdmin = demoUser(stack, 'superadmin@demo.local');
    const token = await idToken(superAdmin.email, superAdmin.password);
    const merchant = await api<{ id: string }>(token, 'POST', '/merchants', {
      name: `E2E history ${run}`,
      country: 'IT',
      language: 'it',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      contactEmail: 'contact@merchant.example',
    });
    await setMerchantZone(merchant.id, 'Not/AZone');
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, superAdmin);
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-data-retrieval-requests')).click();
    // "All distributors": one has to be picked first.
    await page.getByTestId('data-requests-page').getByText(messages['dataRequests.chooseMerchant']!).waitFor();
    expect(await page.getByTestId('data-request-create').count()).toBe(0);
    await page.getByTestId('merchant-selector').selectOption(merchant.id);
    await page.getByTestId('data-requests-page').getByTestId('empty-state').first().waitFor();

    await page.getByTestId('data-request-create').click();
    await page.getByTestId('field-dataType').selectOption('Alarms');
    await page.getByTestId('data-request-range').getByTestId('date-range-preset').selectOption('yesterday');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/merchants/${merchant.id}/historicaldata`),
    );
    await page.getByTestId('data-request-submit').click();
    const request = (await (await created).json()) as HistoricalDataRequest;
    const row = requests(page).locator(`tbody tr[data-row-id="${request.id}"]`);
    await expect.poll(() => row.locator('[data-request-status]').getAttribute('data-request-status'), { timeout: 60_000 }).toBe('Error');
    expect(await row.getByTestId('request-message').textContent()).toBe(messages['dataRequests.message.technicalFailure']);
    expect(await row.getByTestId('request-download').count()).toBe(0);
    await expectAccessible(page, 'data request in error');

    await setMerchantZone(merchant.id, 'Europe/Rome');
    await row.getByTestId('request-retry').click();
    await toast(page, messages['dataRequests.retried']!).waitFor();
    await expect.poll(() => row.locator('[data-request-status]').getAttribute('data-request-status'), { timeout: 30_000 }).toBe('Completed');
    expect(await row.getByTestId('request-message').count()).toBe(0);
    expect(await row.locator('td[data-column="rows"]').textContent()).toBe('0');
  });

  it('a merchant admin subscribes a weekly export and deletes it', async () => {
    const page = await newPage(browser);
    await signInAt(page, stack.web, demoUser(stack, 'merchant.admin@demo.local'), web('/manage/data-retrieval-requests'));
    const messages = await uiMessages(page);
    const section = page.getByTestId('data-subscriptions');
    const weeklyAlarms = section
      .locator('tbody tr')
      .filter({ hasText: messages['dataRequests.frequency.weekly']! })
      .filter({ hasText: messages['dataRequests.dataType.alarms']! });
    await section.getByTestId('subscription-form').waitFor();
    await page.waitForLoadState('networkidle');
    const before = await weeklyAlarms.count();
    await section.getByTestId('subscription-data-type').selectOption('Alarms');
    await section.getByTestId('subscription-frequency').selectOption('weekly');
    await section.getByTestId('subscription-submit').click();
    await toast(page, messages['dataRequests.subscriptions.created']!).waitFor();
    await expect.poll(() => weeklyAlarms.count()).toBe(before + 1);
    await weeklyAlarms.last().getByTestId('subscription-delete').click();
    await toast(page, messages['dataRequests.subscriptions.deleted']!).waitFor();
    await expect.poll(() => weeklyAlarms.count()).toBe(before);
  });

  it('a group admin has no menu entry and is turned away from the screen', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, demoUser(stack, 'group.admin@demo.local'));
    await page.locator('[data-testid="side-menu"] [data-menu-id="manage-groups"]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid="side-menu"] [data-menu-id="manage-data-retrieval-requests"]').count()).toBe(0);
    await page.goto(web('/manage/data-retrieval-requests'));
    await page.waitForURL(/\/unauthorized$/);
  });
});
