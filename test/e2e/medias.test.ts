import { randomBytes, randomInt } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import type { StackInfo } from '../../infra/local/stack-info';
import { connectDevice, saleTransaction, salesMessage } from '../../infra/local/simulator';
import type { Page as ApiPage } from '#schemas/paging';
import type { Transaction } from '#schemas/transaction';
import { formatMoney } from '../../frontend/src/lib/format';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, waitUntil } from './browser';

const stack = getStack();
const info = stack as unknown as StackInfo;
const web = (path: string) => new URL(path, stack.web).toString();
const MERCHANT = 'acme-vending';
const MAXIMUM_REFUND = 2000;
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/**
 * Keys of Acme used at a machine of its own: `single` is blocked, unblocked and refunded one by one; `first` and
 * `second` go in a batch; `blocked` is blocked before the batch; `lost` is lost and its credit moves to
 * `replacement`. Each has a MediaId and a printed serial.
 */
const keys = Object.fromEntries(
  ['single', 'first', 'second', 'blocked', 'lost', 'replacement'].map((name) => [name, { id: hex(7), serial: hex(5) }]),
) as Record<'single' | 'first' | 'second' | 'blocked' | 'lost' | 'replacement', { id: string; serial: string }>;
const machine = `CENG-${randomInt(10_000_000, 99_999_999)}`;
let token: string;
let browser: Browser;

const mediaPath = (id: string) => `/medias/${id}?merchantId=${MERCHANT}`;
const refundsOf = async (id: string) => (await api<ApiPage<Transaction>>(token, 'GET', `/medias/${id}/refunds?merchantId=${MERCHANT}`)).items;

beforeAll(async () => {
  browser = await connectBrowser();
  const admin = demoUser(stack, 'merchant.admin@demo.local');
  token = await idToken(admin.email, admin.password);
  // Refunds need a maximum refund (0 = refunds off).
  const {
    merchantId: _m,
    apiTokenIssued: _t,
    updatedAt: _u,
    ...settings
  } = await api<Record<string, unknown>>(token, 'GET', `/merchants/${MERCHANT}/settings`);
  await api(token, 'PUT', `/merchants/${MERCHANT}/settings`, { ...settings, maximumRefund: MAXIMUM_REFUND });

  await api(token, 'POST', '/pos/join', { serial: machine, pin: DEMO_PINS[MERCHANT], name: `E2E medias ${machine}` });
  const device = await connectDevice(info.mqtt, machine);
  try {
    const sales = Object.values(keys).map((key, i) =>
      saleTransaction({
        id: `E2EM${hex(4)}`,
        type: 3,
        mediaType: 2,
        value: 120,
        currency: 'EUR',
        createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        media: { id: key.id, serial: key.serial, credit: 1500 + i * 100, counter: 10 + i },
        source: { type: 1, serial: machine },
      }),
    );
    await device.publish('sales', salesMessage(machine, sales));
  } finally {
    await device.client.endAsync();
  }
  // Ingestion creates the medias.
  for (const key of Object.values(keys))
    await waitUntil(`media ${key.id} created by its sale`, () =>
      api(token, 'GET', mediaPath(key.id)).then(
        () => true,
        () => false,
      ),
    );
  await api(token, 'POST', `/medias/${keys.blocked.id}/block?merchantId=${MERCHANT}`);
});
afterAll(async () => {
  await browser?.close();
});

/** A page's state once it has loaded or reacted (the shared 2-core machine can take seconds). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function signedIn(email: string) {
  const page = await newPage(browser);
  await signInToDashboard(page, stack.web, demoUser(stack, email));
  const messages = await uiMessages(page);
  const lang = await page.evaluate(() => document.documentElement.lang);
  const format = (id: string, values: Record<string, unknown> = {}) => new IntlMessageFormat(messages[id]!, lang).format(values) as string;
  /** Money as the console shows it in the user's language (the demo users read Italian). */
  const money = (minorUnits: number) => formatMoney(minorUnits, 'EUR', lang);
  return { page, messages, format, money };
}

/** Opens the media list, finds the key by its serial and opens it. */
async function openMedia(page: Page, serial: string) {
  await page.goto(web('/customers-medias/medias'));
  const table = page.getByTestId('table-medias');
  await table.locator('[data-filter="search"]').fill(serial.slice(0, 8));
  await eventually(() => table.locator('tbody tr').count()).toBe(1);
  await table.getByTestId('media-link').click();
  await page.getByTestId('media-summary').waitFor();
}

const status = (page: Page) => page.getByTestId('media-summary').getAttribute('data-status');

describe('media screens', () => {
  it('a merchant admin opens a media, blocks and unblocks it, refunds it once (even clicked twice) and sees the refund in its list', async () => {
    const { page, messages, format, money } = await signedIn('merchant.admin@demo.local');
    await openMedia(page, keys.single.serial);
    expect(new URL(page.url()).pathname).toBe(`/customers-medias/medias/${keys.single.id}`);
    expect(await page.locator('[data-field="serial"] dd').textContent()).toBe(keys.single.serial);
    expect(await page.locator('[data-field="keyCredit"] dd').textContent()).toBe(money(1500));
    await expectAccessible(page, 'media details');

    // Block, confirmed: the badge says so and the history names who did it.
    await page.getByTestId('media-block').click();
    const dialog = page.locator('[data-testid="confirm-dialog"][open]');
    await eventually(() => dialog.textContent()).toContain(messages['medias.block.confirmMessage']);
    await expectAccessible(page, 'block confirmation');
    await dialog.getByTestId('confirm-ok').click();
    await toast(page, messages['medias.block.done']!).waitFor();
    await eventually(() => status(page)).toBe('1');
    expect(await page.locator('[data-testid="media-summary"] [data-media-status]').textContent()).toBe(messages['medias.status.blocked']);
    const history = page.getByTestId('media-history');
    await eventually(() => history.locator('tr[data-action="block"]').count()).toBe(1);
    expect(await history.locator('tr[data-action="block"]').textContent()).toContain('merchant.admin@demo.local');
    // A blocked media is not refunded: only unblock is offered.
    expect(await page.getByTestId('media-refund').count()).toBe(0);
    await page.getByTestId('media-unblock').click();
    await dialog.getByTestId('confirm-ok').click();
    await toast(page, messages['medias.unblock.done']!).waitFor();
    await eventually(() => status(page)).toBe('0');

    // The refund dialog shows the limit and names what is wrong with the amount.
    await page.getByTestId('media-refund').click();
    const refund = page.locator('[data-testid="refund-dialog"][open]');
    await eventually(() => refund.textContent()).toContain(format('medias.refund.maximum', { maximum: money(2000) }));
    await refund.getByTestId('field-refund').fill('0');
    await refund.getByTestId('refund-dialog-submit').click();
    await eventually(() => refund.getByTestId('error-refund').textContent()).toBe(messages['medias.refund.error.positive']);
    await refund.getByTestId('field-refund').fill('20.01');
    await eventually(() => refund.getByTestId('error-refund').textContent()).toBe(format('money.error.max', { max: money(2000) }));
    await refund.getByTestId('field-refund').fill('1.5.0');
    await eventually(() => refund.getByTestId('error-refund').textContent()).toBe(messages['money.error.number']);
    await expectAccessible(page, 'refund dialog with an error');

    // Submitted twice before the first answer (a double click): one Idempotency-Key, one refund.
    await refund.getByTestId('field-refund').fill('1.50');
    await refund.getByTestId('refund-dialog-submit').evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await toast(page, format('medias.refund.done', { amount: money(150) }))
      .first()
      .waitFor();
    await eventually(() => page.locator('[data-field="cloudCredit"] dd').textContent()).toBe(money(150));
    expect((await refundsOf(keys.single.id)).map((t) => [t.value, t.mediaType])).toEqual([[150, 250]]);

    // The refunds tab lists it, made in the cloud.
    await page.locator('[data-testid="media-tabs"] [data-tab="refunds"]').click();
    await page.waitForURL(new RegExp(`/customers-medias/medias/${keys.single.id}/refunds$`));
    const rows = page.locator('[data-testid="table-media-refunds"] tbody tr');
    await eventually(() => rows.count()).toBe(1);
    expect(await rows.locator('[data-column="value"]').textContent()).toBe(money(150));
    expect(await rows.locator('[data-column="machine"]').textContent()).toBe(messages['transactions.cloud']);
    await expectAccessible(page, 'media refunds');
    // Its transactions tab has both: the refund made in the cloud and the sale at the machine, newest first.
    await page.locator('[data-testid="media-tabs"] [data-tab="transactions"]').click();
    const transactions = page.locator('[data-testid="table-media-transactions"] tbody tr');
    await eventually(() => transactions.count()).toBe(2);
    expect(await transactions.locator('[data-column="value"]').allTextContents()).toEqual([money(150), money(120)]);
    expect(await transactions.nth(0).locator('[data-column="machine"]').textContent()).toBe(messages['transactions.cloud']);
    expect(await transactions.nth(1).locator('[data-column="machine"]').textContent()).toBe(`E2E medias ${machine}`);
    // Back on the details, the history has the refund.
    await page.locator('[data-testid="media-tabs"] [data-tab="details"]').click();
    await eventually(() => page.locator('[data-testid="media-history"] tr[data-action="refund"]').count()).toBe(1);
  });

  it('a batch refund says which serials are wrong, over the maximum, repeated, blocked or unknown, then refunds the valid ones', async () => {
    const { page, messages, format } = await signedIn('merchant.admin@demo.local');
    await page.goto(web('/customers-medias/medias'));
    await page.getByTestId('media-batch-refund').click();
    const dialog = page.locator('[data-testid="batch-refund-dialog"][open]');
    const serials = dialog.getByTestId('field-mediaSerials');

    // More than the batch maximum, then a malformed serial: said under the field before asking the API.
    await serials.fill(Array.from({ length: 501 }, (_, i) => `AB${String(i).padStart(8, '0')}`).join('\n'));
    await eventually(() => dialog.getByTestId('error-mediaSerials').textContent()).toBe(format('errors.BatchRefundMaximumException', { maxSize: 500 }));
    await serials.fill(`${keys.first.serial}\nnot-a-serial`);
    await eventually(() => dialog.getByTestId('error-mediaSerials').textContent()).toBe(
      format('medias.batch.error.malformed', { count: 1, serials: 'NOT-A-SERIAL' }),
    );
    await expectAccessible(page, 'batch refund with an error');

    const unknown = hex(6);
    await serials.fill([keys.first.serial, keys.second.serial, keys.first.serial.toLowerCase(), keys.blocked.serial, unknown].join('\n'));
    await dialog.getByTestId('field-refund').fill('2');
    await dialog.getByTestId('batch-refund-dialog-submit').click();
    const validation = dialog.getByTestId('batch-validation');
    await eventually(() => validation.getByTestId('batch-valid').getAttribute('data-count')).toBe('2');
    expect(await validation.locator('[data-group="repeated"] .batch-summary__serials').textContent()).toBe(keys.first.serial);
    expect(await validation.locator('[data-group="blocked"] .batch-summary__serials').textContent()).toBe(keys.blocked.serial);
    expect(await validation.locator('[data-group="unknown"] .batch-summary__serials').textContent()).toBe(unknown);
    await expectAccessible(page, 'batch refund validated');

    await dialog.getByTestId('batch-refund-dialog-submit').click();
    await eventually(() => dialog.getByTestId('batch-refunded').getAttribute('data-count')).toBe('2');
    await toast(page, format('medias.batch.done', { count: 2 })).waitFor();
    for (const key of [keys.first, keys.second]) expect((await refundsOf(key.id)).map((t) => t.value)).toEqual([200]);
    expect(await refundsOf(keys.blocked.id)).toEqual([]);
    await dialog.getByTestId('batch-refund-dialog-submit').click();
    await eventually(() => page.locator('[data-testid="batch-refund-dialog"][open]').count()).toBe(0);

    // Only blocked or unknown serials: nothing qualifies, the dialog says "no media refunded".
    await page.getByTestId('media-batch-refund').click();
    await serials.fill(`${keys.blocked.serial}\n${unknown}`);
    await dialog.getByTestId('field-refund').fill('1');
    await dialog.getByTestId('batch-refund-dialog-submit').click();
    await eventually(() => dialog.getByTestId('batch-none-valid').textContent()).toBe(messages['errors.NoMediaRefundedException']);
    expect(await dialog.getByTestId('batch-refund-dialog-submit').isDisabled()).toBe(true);
  });

  it('the list filters by status and credit range in the table state, and a merchant user reads a media without its actions', async () => {
    const { page, messages } = await signedIn('merchant.admin@demo.local');
    await page.goto(web('/customers-medias/medias'));
    const table = page.getByTestId('table-medias');
    await table.locator('[data-filter="status"]').selectOption('1');
    await eventually(() => table.locator(`tr[data-row-id="${keys.blocked.id}"]`).count()).toBe(1);
    expect(await table.locator(`tr[data-row-id="${keys.single.id}"]`).count()).toBe(0);
    await expectAccessible(page, 'media list');
    // Kept when the screen opens again.
    await page.reload();
    expect(await table.locator('[data-filter="status"]').inputValue()).toBe('1');
    // A credit range typed in euros: the blocked key holds 18.00 €.
    const blockedRow = table.locator(`tr[data-row-id="${keys.blocked.id}"]`);
    await table.locator('[data-filter="creditMin"]').fill('18');
    await table.locator('[data-filter="creditMax"]').fill('18.00');
    await eventually(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    // Waited for: the rows first shown may answer a filter bar still being restored or typed.
    await eventually(() => blockedRow.count()).toBe(1);
    await table.locator('[data-filter="creditMin"]').fill('18.01');
    // A range the API refuses (min above max): its message, not the rows of the range before.
    await eventually(() => blockedRow.count()).toBe(0);
    expect(await table.getByTestId('error-state').textContent()).toContain(messages['errors.ValidationException']);
    await table.locator('[data-filter="creditMax"]').fill('12,3,4');
    await eventually(() => table.getByTestId('filter-error-creditMax').count()).toBe(1);

    const user = await signedIn('merchant.user@demo.local');
    await user.page.goto(web(`/customers-medias/medias/${keys.single.id}`));
    await user.page.getByTestId('media-summary').waitFor();
    expect(await user.page.getByTestId('media-actions').count()).toBe(0);
    await user.page.goto(web('/customers-medias/medias'));
    await user.page.getByTestId('table-medias').waitFor();
    expect(await user.page.getByTestId('media-batch-refund').count()).toBe(0);
  });

  it('lost my key: the credit moves to the new key picked by its serial, and the old one is a lost key for good', async () => {
    const { page, messages, money } = await signedIn('merchant.admin@demo.local');
    await openMedia(page, keys.lost.serial);
    // Its credit: 19.00 € (the fifth key of the sale).
    await page.getByTestId('media-lostKey').click();
    const dialog = page.locator('[data-testid="lost-key-dialog"][open]');
    expect(await dialog.getByTestId('lost-key-dialog-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('field-mediaSearch').fill(keys.replacement.serial.slice(0, 7).toLowerCase());
    await dialog.locator(`[data-testid="media-picker-option"][value="${keys.replacement.id}"]`).check();
    await expectAccessible(page, 'lost key dialog');
    await dialog.getByTestId('lost-key-dialog-submit').click();
    await toast(page, messages['medias.lostKey.done']!).waitFor();
    await eventually(() => status(page)).toBe('2');
    expect(await page.getByTestId('media-actions').locator('button').count()).toBe(0);
    await page.locator('[data-field="replacedBy"] a').click();
    await page.waitForURL(new RegExp(`/customers-medias/medias/${keys.replacement.id}$`));
    await eventually(() => page.locator('[data-field="cloudCredit"] dd').textContent()).toBe(money(1900));
    expect(await page.locator('[data-testid="media-history"] tr[data-action="creditReceived"]').count()).toBe(1);
  });
});
