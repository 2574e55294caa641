import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { stackDeps, tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
const tag = () => randomUUID().slice(0, 8);
const product = (overrides: Record<string, unknown> = {}) => ({ code: `P-${tag()}`, name: `Product ${tag()}`, productType: 'C', vat: 10, ...overrides });
const createProduct = (token: string, merchantId: string, body: Record<string, unknown>) =>
  api(`/merchants/${merchantId}/products`, { method: 'POST', token, body });
const importProducts = (token: string, merchantId: string, body: unknown) => api(`/merchants/${merchantId}/products/import`, { method: 'POST', token, body });
const paths = (res: { body: { details?: Array<{ path: string }> } }) => (res.body.details ?? []).map((d) => d.path);
const newMerchant = async () =>
  (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['NEBULAR_VENDING'] }) })).body.id as string;

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
});

describe('products', () => {
  it('a merchant admin creates, reads, updates and deletes a product with every field of spec §3', async () => {
    const body = { ...product(), description: 'Espresso 7 g, Arabica blend', productType: 'A', vat: 10 };
    const created = await createProduct(merchantAdmin, 'acme-vending', { ...body, name: ` ${body.name} ` });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, merchantId: 'acme-vending', customParameters: {} });
    const path = `/merchants/acme-vending/products/${created.body.id}`;
    expect((await api(path, { token: merchantUser })).body).toEqual(created.body);
    const updated = await api(path, { method: 'PUT', token: merchantAdmin, body: { ...body, code: `${body.code}-B`, vat: 22, productType: 'D' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ code: `${body.code}-B`, vat: 22, productType: 'D', createdAt: created.body.createdAt });
    // The old code is free again once the product was recoded; the new one is taken.
    expect((await createProduct(merchantAdmin, 'acme-vending', product({ code: body.code }))).status).toBe(201);
    expect((await createProduct(merchantAdmin, 'acme-vending', product({ code: `${body.code}-b` }))).body.code).toBe('ProductCodeAlreadyExistsException');
    expect((await api(`${path}/associations`, { token: groupAdmin })).body).toEqual({ planograms: [] });
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(path, { token: merchantAdmin })).body.code).toBe('ProductNotFoundException');
    expect((await createProduct(merchantAdmin, 'acme-vending', product({ code: `${body.code}-B`, name: body.name }))).status).toBe(201);
  });

  it('codes and names are unique per merchant (409), also under concurrency; another merchant may reuse them', async () => {
    const first = product();
    expect((await createProduct(merchantAdmin, 'acme-vending', first)).status).toBe(201);
    const sameName = await createProduct(superAdmin, 'acme-vending', product({ name: first.name.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('ProductNameAlreadyExistsException');
    const sameCode = await createProduct(superAdmin, 'acme-vending', product({ code: first.code.toLowerCase() }));
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.code).toBe('ProductCodeAlreadyExistsException');
    expect((await createProduct(superAdmin, 'bravo-distribucion', first)).status).toBe(201);

    const racedName = `Race ${tag()}`;
    const byName = await Promise.all(Array.from({ length: 8 }, () => createProduct(merchantAdmin, 'acme-vending', product({ name: racedName }))));
    expect(byName.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    expect(new Set(byName.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(new Set(['ProductNameAlreadyExistsException']));
    const racedCode = `RACE-${tag()}`;
    const byCode = await Promise.all(Array.from({ length: 8 }, () => createProduct(merchantAdmin, 'acme-vending', product({ code: racedCode }))));
    expect(byCode.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    expect(new Set(byCode.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(new Set(['ProductCodeAlreadyExistsException']));

    const other = (await createProduct(merchantAdmin, 'acme-vending', product())).body;
    const clash = await api(`/merchants/acme-vending/products/${other.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: product({ name: racedName.toLowerCase(), code: other.code }),
    });
    expect(clash.body.code).toBe('ProductNameAlreadyExistsException');
    expect((await api(`/merchants/acme-vending/products/${other.id}`, { token: merchantAdmin })).body.name).toBe(other.name);
  });

  it('bad input is 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: '' }, 'body.code'],
      [{ code: 'has space' }, 'body.code'],
      [{ name: '  ' }, 'body.name'],
      [{ productType: 'E' }, 'body.productType'],
      [{ vat: -1 }, 'body.vat'],
      [{ vat: 10.555 }, 'body.vat'],
      [{ vat: '10' }, 'body.vat'],
      [{ customParameters: { Nope: 'x' } }, 'body.customParameters.Nope'],
      [{ colour: 'red' }, 'body'],
    ];
    for (const [overrides, path] of cases) {
      const res = await createProduct(merchantAdmin, 'acme-vending', product(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(paths(res), JSON.stringify(overrides)).toContain(path);
    }
    expect((await api('/merchants/acme-vending/products?search=ab', { token: merchantUser })).status).toBe(400);
    expect((await api('/merchants/acme-vending/products?ord=vat', { token: merchantUser })).status).toBe(400);
  });

  it('custom parameters: the merchant defines them, product values are checked against them', async () => {
    const merchant = await newMerchant();
    const params = `/merchants/${merchant}/products/custom-parameters`;
    expect((await api(params, { token: superAdmin })).body).toEqual({ parameters: [] });
    const dup = await api(params, {
      method: 'PUT',
      token: superAdmin,
      body: {
        parameters: [
          { name: 'Allergens', type: 'text' },
          { name: 'allergens', type: 'number' },
        ],
      },
    });
    expect(paths(dup)).toEqual(['body.parameters.1.name']);
    expect(paths(await api(params, { method: 'PUT', token: superAdmin, body: { parameters: [{ name: 'VAT', type: 'number' }] } }))).toEqual([
      'body.parameters.0.name',
    ]);
    expect(paths(await api(params, { method: 'PUT', token: superAdmin, body: { parameters: [{ name: 'Weight', type: 'date' }] } }))).toEqual([
      'body.parameters.0.type',
    ]);
    const definition = [
      { name: 'Allergens', type: 'text', required: false },
      { name: 'Weight g', type: 'number', required: true },
      { name: 'Vegan', type: 'boolean', required: false },
    ];
    const saved = await api(params, { method: 'PUT', token: superAdmin, body: { parameters: definition } });
    expect(saved.status, saved.text).toBe(200);
    expect((await api(params, { token: superAdmin })).body.parameters).toEqual(definition);

    const missing = await createProduct(superAdmin, merchant, product());
    expect(paths(missing)).toEqual(['body.customParameters.Weight g']);
    const wrong = await createProduct(superAdmin, merchant, product({ customParameters: { 'Weight g': '40', Vegan: 'yes' } }));
    expect(paths(wrong).sort()).toEqual(['body.customParameters.Vegan', 'body.customParameters.Weight g']);
    const good = await createProduct(superAdmin, merchant, product({ customParameters: { 'Weight g': 40, Vegan: true, Allergens: '' } }));
    expect(good.status, good.text).toBe(201);
    expect(good.body.customParameters).toEqual({ 'Weight g': 40, Vegan: true });
  });

  it('lists by name or code with page, cursor, search (name or code, ≥ 3 letters) and type filter', async () => {
    const merchant = await newMerchant();
    const rows = [
      { code: 'C-300', name: 'Caffè Espresso', productType: 'A' },
      { code: 'S-100', name: 'Patatine classiche', productType: 'C' },
      { code: 'B-200', name: 'Acqua naturale 50 cl', productType: 'B' },
      { code: 'A-400', name: 'Cappuccino', productType: 'A' },
      { code: 'D-500', name: 'Mascherina FFP2', productType: 'D' },
    ];
    for (const r of rows) expect((await createProduct(superAdmin, merchant, { ...r, vat: 10 })).status).toBe(201);
    const list = (query: string) => api(`/merchants/${merchant}/products?${query}`, { token: superAdmin });
    const names = (res: { body: { items: Array<{ name: string }> } }) => res.body.items.map((p) => p.name);
    const byName = await list('size=2');
    expect(byName.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(names(byName)).toEqual(['Acqua naturale 50 cl', 'Caffè Espresso']);
    const next = await list(`size=2&page=2&cursor=${byName.body.cursor}`);
    expect(names(next)).toEqual(['Cappuccino', 'Mascherina FFP2']);
    expect(names(await list('size=2&page=2'))).toEqual(names(next));
    expect((await list('ord=code&size=2')).body.items.map((p: { code: string }) => p.code)).toEqual(['A-400', 'B-200']);
    expect((await list('ord=code&ordType=desc&size=1')).body.items[0].code).toBe('S-100');
    const search = await list('search=CAFFE');
    expect(names(search)).toEqual(['Caffè Espresso']);
    expect(search.body.total).toBe(1);
    expect(names(await list('search=s-1'))).toEqual(['Patatine classiche']);
    const hot = await list('productType=A&ord=code');
    expect(names(hot)).toEqual(['Cappuccino', 'Caffè Espresso']);
    expect(hot.body.total).toBe(2);
    expect(names(await list('productType=A&search=capp'))).toEqual(['Cappuccino']);

    const csv = await api(`/merchants/${merchant}/products/csv?productType=A&ord=code`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`products-${merchant}.csv`);
    expect(csv.text).toBe('code,name,description,productType,vat\r\nA-400,Cappuccino,,A,10\r\nC-300,Caffè Espresso,,A,10\r\n');
  });

  it('imports CSV (upsert by code, custom parameter columns) and refuses a file with a bad row, importing nothing', async () => {
    const merchant = await newMerchant();
    await api(`/merchants/${merchant}/products/custom-parameters`, {
      method: 'PUT',
      token: superAdmin,
      body: {
        parameters: [
          { name: 'Weight g', type: 'number' },
          { name: 'Vegan', type: 'boolean' },
        ],
      },
    });
    expect((await createProduct(superAdmin, merchant, { code: 'SN-01', name: 'Crackers', productType: 'C', vat: 10 })).status).toBe(201);
    const good = [
      'code,name,description,productType,vat,Weight g,Vegan',
      'SN-01,Crackers integrali,"Integrali, 40 g",C,10,40,yes',
      'SN-02,Wafer nocciola,,C,10,45,no',
      'BV-01,"Tè freddo ""pesca""",,B,"10,5",,',
    ].join('\r\n');
    const done = await importProducts(superAdmin, merchant, { csv: good });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ created: 2, updated: 1 });
    const listed = (await api(`/merchants/${merchant}/products?ord=code`, { token: superAdmin })).body;
    expect(listed.total).toBe(3);
    expect(listed.items.map((p: Record<string, unknown>) => [p.code, p.name, p.description, p.vat, p.customParameters])).toEqual([
      ['BV-01', 'Tè freddo "pesca"', '', 10.5, {}],
      ['SN-01', 'Crackers integrali', 'Integrali, 40 g', 10, { 'Weight g': 40, Vegan: true }],
      ['SN-02', 'Wafer nocciola', '', 10, { 'Weight g': 45, Vegan: false }],
    ]);
    // The export reads back as an import that changes nothing.
    const exported = (await api(`/merchants/${merchant}/products/csv`, { token: superAdmin })).text;
    expect((await importProducts(superAdmin, merchant, { csv: exported })).body).toEqual({ created: 0, updated: 3 });

    const bad = [
      'code,name,productType,vat,Weight g',
      'NEW-01,Nuovo prodotto,C,10,30',
      'NEW-02,,C,10,30',
      'NEW-03,Wafer nocciola,C,10,trenta',
      'NEW-01,Altro,C,10,',
      'NEW-05,Cinque,C',
      'NEW-06,Sei,X,10,',
    ].join('\n');
    const refused = await importProducts(superAdmin, merchant, { csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('ProductImportInvalidException');
    expect(paths(refused)).toEqual([
      'rows.5',
      'rows.2.name',
      'rows.3.customParameters.Weight g',
      'rows.3.name',
      'rows.4.code',
      'rows.5.vat',
      'rows.6.productType',
    ]);
    expect(refused.body.details.find((d: { path: string }) => d.path === 'rows.3.name').message).toContain('SN-02');
    expect((await api(`/merchants/${merchant}/products`, { token: superAdmin })).body.total).toBe(3);

    const asText = await api(`/merchants/${merchant}/products/import`, {
      method: 'POST',
      token: superAdmin,
      raw: 'code,name,productType,vat\nTXT-1,Sent as text/csv,D,22\n',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(asText.status, asText.text).toBe(200);
    expect(asText.body).toEqual({ created: 1, updated: 0 });
    const plain = await api(`/merchants/${merchant}/products/import`, {
      method: 'POST',
      token: superAdmin,
      raw: 'code,name\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.body.code).toBe('UnsupportedContentTypeException');
    await api(`/merchants/${merchant}/products/${(await api(`/merchants/${merchant}/products?search=TXT-1`, { token: superAdmin })).body.items[0].id}`, {
      method: 'DELETE',
      token: superAdmin,
    });
    const columns = await importProducts(superAdmin, merchant, { csv: 'code,name,colour\nX-1,X,red\n' });
    expect(paths(columns)).toEqual(['columns.colour', 'columns.productType', 'columns.vat']);
    const json = await importProducts(superAdmin, merchant, {
      rows: [
        { code: 'J-1', name: 'Json', productType: 'D', vat: 22 },
        { code: 'J-2', name: 'Json 2', productType: 'D' },
      ],
    });
    expect(paths(json)).toEqual(['rows.2.vat']);
    const tooMany = await importProducts(superAdmin, merchant, {
      csv: ['code,name,productType,vat', ...Array.from({ length: 1001 }, (_, i) => `R-${i},R ${i},C,10`)].join('\n'),
    });
    expect(tooMany.status).toBe(400);
    expect(paths(tooMany)).toEqual(['rows']);
    expect((await api(`/merchants/${merchant}/products`, { token: superAdmin })).body.total).toBe(3);
  });

  it('a product a planogram uses lists the planogram and its machines, and cannot be deleted (409 naming the planogram)', async () => {
    const created = (await createProduct(merchantAdmin, 'acme-vending', product())).body;
    const other = (await createProduct(merchantAdmin, 'acme-vending', product())).body;
    const line = (productId: string) => ({ selection: '11', productId, capacity: 8, warningLevel: 2, refillValue: 8 });
    const planogramBody = { name: `Spiral ${tag()}`, description: 'Snack spiral 6×8', planogramType: 'B', lines: [line(created.id)] };
    const planogram = await api('/merchants/acme-vending/planograms', { method: 'POST', token: merchantAdmin, body: planogramBody });
    expect(planogram.status, planogram.text).toBe(201);
    const serial = `CENG-${String(60_000_000 + Math.floor(Math.random() * 9_000_000)).padStart(8, '0')}`;
    const machineName = `Products ${tag()}`;
    expect((await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: DEMO_PINS['acme-vending'], name: machineName } })).status).toBe(
      201,
    );
    const assigned = await api(`/pos/${serial}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: { name: machineName, networkType: null, warrantyEnd: null, planogramId: planogram.body.id },
    });
    expect(assigned.status, assigned.text).toBe(200);

    const path = `/merchants/acme-vending/products/${created.id}`;
    expect((await api(`${path}/associations`, { token: merchantUser })).body).toEqual({
      planograms: [{ id: planogram.body.id, name: planogramBody.name, machines: [{ serial, name: machineName }] }],
    });
    const refused = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ProductInUseException', details: [{ path: `planograms.${planogram.body.id}`, message: planogramBody.name }] });
    expect(refused.body.message).toContain(planogramBody.name);
    expect((await api(path, { token: merchantAdmin })).body.planograms).toBe(1);

    // Once the planogram holds another product, this one can go.
    const changed = await api(`/merchants/acme-vending/planograms/${planogram.body.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: { ...planogramBody, lines: [line(other.id)] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await api(`${path}/associations`, { token: merchantUser })).body).toEqual({ planograms: [] });
    expect((await api(path, { token: merchantUser })).body.planograms).toBe(0);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
  });

  it("the delete is conditioned on the product's planograms count (a planogram saved after the delete read its uses)", async () => {
    const created = (await createProduct(merchantAdmin, 'acme-vending', product())).body;
    expect(created.planograms).toBe(0);
    const { doc, config } = stackDeps();
    const count = (n: number) =>
      doc.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.product('acme-vending', created.id),
          UpdateExpression: 'ADD planograms :n',
          ExpressionAttributeValues: { ':n': n },
        }),
      );
    await count(1);
    const path = `/merchants/acme-vending/products/${created.id}`;
    expect((await api(path, { token: merchantUser })).body.planograms).toBe(1);
    // An edit never overwrites the count.
    expect(
      (await api(path, { method: 'PUT', token: merchantAdmin, body: { code: created.code, name: created.name, productType: 'B', vat: 4 } })).body.planograms,
    ).toBe(1);
    const refused = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ProductInUseException');
    await count(-1);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
  });

  it('all four roles read; only the super admin and merchant admins write; other merchants are 404', async () => {
    const created = (await createProduct(merchantAdmin, 'acme-vending', product())).body;
    const path = `/merchants/acme-vending/products/${created.id}`;
    for (const token of [groupAdmin, merchantUser]) {
      expect((await api('/merchants/acme-vending/products', { token })).status).toBe(200);
      expect((await api(path, { token })).status).toBe(200);
      expect((await api('/merchants/acme-vending/products/custom-parameters', { token })).status).toBe(200);
      expect((await createProduct(token, 'acme-vending', product())).status).toBe(403);
      expect((await api(path, { method: 'PUT', token, body: product() })).status).toBe(403);
      expect((await api(path, { method: 'DELETE', token })).status).toBe(403);
      expect((await importProducts(token, 'acme-vending', { rows: [product()] })).status).toBe(403);
      expect((await api('/merchants/acme-vending/products/custom-parameters', { method: 'PUT', token, body: { parameters: [] } })).status).toBe(403);
    }
    expect((await api('/merchants/bravo-distribucion/products', { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/merchants/bravo-distribucion/products/${created.id}`, { token: superAdmin })).body.code).toBe('ProductNotFoundException');
    expect((await api(`/merchants/bravo-distribucion/products/${created.id}`, { token: merchantAdmin })).status).toBe(404);
    expect((await createProduct(merchantAdmin, 'bravo-distribucion', product())).body.code).toBe('MerchantNotFoundException');
    expect((await importProducts(merchantAdmin, 'bravo-distribucion', { rows: [product()] })).status).toBe(404);
    expect((await createProduct(superAdmin, 'no-such-merchant', product())).body.code).toBe('MerchantNotFoundException');
    expect((await api('/merchants/no-such-merchant/products/custom-parameters', { token: superAdmin })).status).toBe(404);
  });
});
