import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demoUser, expectAccessible, getStack, idToken, connectBrowser, newPage, signInToDashboard, toast, uiMessages, signInAt } from './browser';
import { menuLink } from './menu';

const stack = getStack();
const web = (path: string) => new URL(path, stack.web).toString();
const run = Date.now().toString(36).toUpperCase();
const merchantAdmin = () => demoUser(stack, 'merchant.admin@demo.local');

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An ICU message with its simple arguments filled in. */
const fill = (message: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((m, [k, v]) => m.replaceAll(`{${k}}`, String(v)), message);

describe('products', () => {
  it('a merchant admin creates a product with a custom parameter, is told a duplicate code, edits it, imports a CSV with a bad row, then a good one', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, stack.web, merchantAdmin());
    const messages = await uiMessages(page);
    await (await menuLink(page, 'manage-products')).click();
    await page.waitForURL(/\/manage\/products$/);
    const table = page.getByTestId('table-manage-products');
    await table.locator('tbody tr', { hasText: 'Cappuccino' }).waitFor();

    // Create: the demo merchant's custom parameters are fields of the form.
    await page.getByTestId('product-create').click();
    await page.waitForURL(/\/manage\/products\/create$/);
    const name = `E2E cola ${run}`;
    await page.getByTestId('field-code').fill(`E2E-${run}`);
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-productType').selectOption('B');
    await page.getByTestId('field-vat').fill('22');
    await page.getByTestId('field-customParameters.Weight g').fill('330');
    await page.getByTestId('field-customParameters.Organic').check();
    await page.getByTestId('product-submit').click();
    await toast(page, messages['products.created']!).waitFor();
    await page.waitForURL(/\/manage\/products\/[^/?]+\?merchantId=acme-vending$/);
    const productUrl = page.url();
    await expect.poll(() => page.getByTestId('product-associations').textContent()).toContain(messages['products.associations.none']);
    await expectAccessible(page, 'product detail');

    // The same code again: a duplicate product, told under the code.
    await page.goto(web('/manage/products/create'));
    await page.getByTestId('field-code').fill(`e2e-${run}`);
    await page.getByTestId('field-name').fill(`${name} bis`);
    await page.getByTestId('field-vat').fill('22');
    await page.getByTestId('product-submit').click();
    await toast(page, messages['errors.ProductCodeAlreadyExistsException']!).waitFor();
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe(messages['errors.ProductCodeAlreadyExistsException']);

    // Edit: the saved values come back, a new name is kept.
    await page.goto(productUrl);
    await expect.poll(() => page.getByTestId('field-name').inputValue()).toBe(name);
    expect(await page.getByTestId('field-customParameters.Weight g').inputValue()).toBe('330');
    expect(await page.getByTestId('field-customParameters.Organic').isChecked()).toBe(true);
    await page.getByTestId('field-name').fill(`${name} zero`);
    await page.getByTestId('product-submit').click();
    await toast(page, messages['products.updated']!).waitFor();

    // The list finds it by a part of its code.
    await page.getByRole('link', { name: messages['products.backToList'] }).click();
    await page.locator('input[data-filter="search"]').fill(`e2e-${run}`.toLowerCase());
    const row = table.locator('tbody tr', { hasText: `${name} zero` });
    await row.waitFor();
    expect(await row.locator('td[data-column="code"]').textContent()).toBe(`E2E-${run}`);

    // Import with a bad row: nothing imported, the row and field are listed.
    const csv = (rows: string[]) => ({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['code,name,productType,vat,Weight g', ...rows].join('\n')),
    });
    await page.getByTestId('product-import-file').setInputFiles(csv([`IMP-${run}-1,Imported one ${run},C,10,40`, `IMP-${run}-2,,C,10,45`]));
    await page.getByTestId('product-import-submit').click();
    await toast(page, messages['errors.ProductImportInvalidException']!).waitFor();
    const problems = page.getByTestId('product-import-error');
    await expect.poll(() => problems.count()).toBe(1);
    await expectAccessible(page, 'products list with import errors');
    expect(await problems.first().textContent()).toContain(fill(messages['products.import.rowProblem']!, { row: 2, field: 'name', message: '' }).trim());
    await page.locator('input[data-filter="search"]').fill(`imp-${run}`.toLowerCase());
    await page.getByText(messages['products.list.empty']!).waitFor();

    // Fixed: both rows are created.
    await page.getByTestId('product-import-file').setInputFiles(csv([`IMP-${run}-1,Imported one ${run},C,10,40`, `IMP-${run}-2,Imported two ${run},C,10,45`]));
    await page.getByTestId('product-import-submit').click();
    await toast(page, fill(messages['products.import.done']!, { created: 2, updated: 0 })).waitFor();
    await expect.poll(() => page.getByTestId('product-import-error').count()).toBe(0);
    await table.locator('tbody tr', { hasText: `Imported two ${run}` }).waitFor();
    await page.close();
  });

  it('deleting a product a planogram uses is refused naming the planogram; once free it is deleted after confirmation', async () => {
    const admin = merchantAdmin();
    const token = await idToken(admin.email, admin.password);
    const product = await api<{ id: string }>(token, 'POST', '/merchants/acme-vending/products', {
      code: `DEL-${run}`,
      name: `E2E delete ${run}`,
      productType: 'C',
      vat: 10,
    });
    const planogramName = `E2E spiral ${run}`;
    const line = { selection: '21', productId: product.id, capacity: 8, warningLevel: 2, refillValue: 8 };
    const planogram = await api<{ id: string }>(token, 'POST', '/merchants/acme-vending/planograms', {
      name: planogramName,
      description: '',
      planogramType: 'B',
      lines: [line],
    });

    const page = await newPage(browser);
    await signInAt(page, stack.web, admin, web(`/manage/products/${product.id}?merchantId=acme-vending`));
    const messages = await uiMessages(page);
    await page.getByTestId('product-association').filter({ hasText: planogramName }).waitFor();

    await page.getByTestId('product-delete').click();
    await page.getByRole('button', { name: messages['products.delete.confirm'] }).click();
    await toast(page, fill(messages['products.delete.inUse']!, { planograms: planogramName })).waitFor();
    expect(page.url()).toContain(`/manage/products/${product.id}`);

    await api(token, 'PUT', `/merchants/acme-vending/planograms/${planogram.id}`, { name: planogramName, description: '', planogramType: 'B', lines: [] });
    await page.reload();
    await page.getByTestId('product-associations').filter({ hasText: messages['products.associations.none'] }).waitFor();
    await page.getByTestId('product-delete').click();
    await page.getByRole('button', { name: messages['products.delete.confirm'] }).click();
    await toast(page, messages['products.deleted']!).waitFor();
    await page.waitForURL(/\/manage\/products$/);
    await page.close();
  });
});
