import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { newSerial } from './support/devices';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const create = (token: string, merchantId: string, body: Record<string, unknown>) =>
  api(`/merchants/${merchantId}/planograms`, { method: 'POST', token, body });
const line = (selection: string, productId: string, over: Record<string, unknown> = {}) => ({
  selection,
  productId,
  capacity: 10,
  warningLevel: 2,
  refillValue: 10,
  ...over,
});

async function product(merchantId: string): Promise<string> {
  const res = await api(`/merchants/${merchantId}/products`, {
    method: 'POST',
    token: superAdmin,
    body: { code: `PG-${randomUUID().slice(0, 8)}`, name: unique('Product'), productType: 'B', vat: 10 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function acmeMachine(groupId?: string): Promise<string> {
  const joined = await api('/pos/join', {
    method: 'POST',
    token: superAdmin,
    body: { serial: newSerial(), pin: DEMO_PINS['acme-vending'], name: unique('Machine') },
  });
  expect(joined.status, joined.text).toBe(201);
  if (groupId) expect((await api(`/pos/${joined.body.serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
  return joined.body.serial as string;
}

/** PUT /pos/{serial} with the machine's own name: what the device detail sends to assign a planogram. */
async function assign(token: string, serial: string, planogramId: string | null) {
  const pos = await api(`/pos/${serial}`, { token: superAdmin });
  return api(`/pos/${serial}`, { method: 'PUT', token, body: { name: pos.body.name, networkType: null, warrantyEnd: null, planogramId } });
}

let cola = '';
let water = '';

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
  [cola, water] = await Promise.all([product('acme-vending'), product('acme-vending')]);
});

describe('planograms', () => {
  it('a merchant admin creates, reads, updates and deletes a planogram with its lines; the products know where they are used', async () => {
    const body = {
      name: unique('Cans'),
      description: 'Can machine, cold',
      planogramType: 'B',
      lines: [line('11', cola), line('A2', water, { capacity: 12, warningLevel: 0, refillValue: 6 })],
    };
    const created = await create(merchantAdmin, 'acme-vending', body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, merchantId: 'acme-vending', machines: 0 });
    const path = `/merchants/acme-vending/planograms/${created.body.id}`;
    expect((await api(path, { token: merchantUser })).body).toEqual(created.body);
    const listed = await api('/merchants/acme-vending/planograms?size=100', { token: groupAdmin });
    expect(listed.body.items.map((p: { id: string }) => p.id)).toContain(created.body.id);

    const uses = async (productId: string) =>
      (await api(`/merchants/acme-vending/products/${productId}/associations`, { token: merchantAdmin })).body.planograms.map((p: { id: string }) => p.id);
    expect(await uses(water)).toContain(created.body.id);
    const updated = await api(path, {
      method: 'PUT',
      token: merchantAdmin,
      body: { ...body, planogramType: 'A', lines: [line('11', cola, { capacity: 5, warningLevel: 5, refillValue: 1 })] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      planogramType: 'A',
      lines: [line('11', cola, { capacity: 5, warningLevel: 5, refillValue: 1 })],
      createdAt: created.body.createdAt,
    });
    expect(await uses(water)).not.toContain(created.body.id);
    expect(await uses(cola)).toContain(created.body.id);

    const deleted = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ machinesUnassigned: 0 });
    expect((await api(path, { token: merchantAdmin })).body.code).toBe('PlanogramNotFoundException');
    expect(await uses(cola)).not.toContain(created.body.id);
  });

  it('a product a planogram has a line of cannot be deleted; once no planogram has it, it can', async () => {
    const chips = await product('acme-vending');
    const planogram = (
      await create(merchantAdmin, 'acme-vending', {
        name: unique('Snacks'),
        planogramType: 'A',
        lines: [line('10', chips), line('11', chips), line('12', cola)],
      })
    ).body;
    const productPath = `/merchants/acme-vending/products/${chips}`;
    expect((await api(productPath, { token: merchantAdmin })).body.planograms).toBe(1);
    const refused = await api(productPath, { method: 'DELETE', token: merchantAdmin });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ProductInUseException');
    const planogramPath = `/merchants/acme-vending/planograms/${planogram.id}`;
    expect(
      (await api(planogramPath, { method: 'PUT', token: merchantAdmin, body: { name: planogram.name, planogramType: 'A', lines: [line('12', cola)] } })).status,
    ).toBe(200);
    expect((await api(productPath, { token: merchantAdmin })).body.planograms).toBe(0);
    expect((await api(productPath, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    const gone = await api(planogramPath, {
      method: 'PUT',
      token: merchantAdmin,
      body: { name: planogram.name, planogramType: 'A', lines: [line('1', chips)] },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.details).toEqual([expect.objectContaining({ path: 'body.lines.0.productId' })]);
  });

  it('validates lines field by field: selection, capacities, warning and refill within capacity, unique selections, at most 200 lines', async () => {
    const base = { name: unique('Invalid'), planogramType: 'A' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lines: [line('11', cola, { warningLevel: 11 })] }, 'body.lines.0.warningLevel'],
      [{ lines: [line('11', cola, { refillValue: 11 })] }, 'body.lines.0.refillValue'],
      [{ lines: [line('11', cola, { refillValue: 0 })] }, 'body.lines.0.refillValue'],
      [{ lines: [line('11', cola, { capacity: 0, warningLevel: 0, refillValue: 1 })] }, 'body.lines.0.capacity'],
      [{ lines: [line('11', cola, { capacity: 1000 })] }, 'body.lines.0.capacity'],
      [{ lines: [line('11', cola, { capacity: 2.5 })] }, 'body.lines.0.capacity'],
      [{ lines: [line('11', cola, { warningLevel: -1 })] }, 'body.lines.0.warningLevel'],
      [{ lines: [line('123456789', cola)] }, 'body.lines.0.selection'],
      [{ lines: [line('1-1', cola)] }, 'body.lines.0.selection'],
      [{ lines: [line('11', cola), line('11', water)] }, 'body.lines.1.selection'],
      [{ lines: [{ ...line('11', cola), extra: 1 }] }, 'body.lines.0'],
      [{ lines: Array.from({ length: 201 }, (_, i) => line(String(i), cola)) }, 'body.lines'],
      [{ lines: Array.from({ length: 49 }, (_, i) => line(String(i), `product-${i}`)) }, 'body.lines'],
      [{ planogramType: 'C', lines: [] }, 'body.planogramType'],
      [{ name: ' ', lines: [] }, 'body.name'],
    ];
    for (const [overrides, path] of cases) {
      const res = await create(merchantAdmin, 'acme-vending', { ...base, ...overrides });
      expect(res.status, JSON.stringify(overrides).slice(0, 200)).toBe(400);
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(overrides).slice(0, 200),
      ).toContain(path);
    }
    const full = await create(merchantAdmin, 'acme-vending', { ...base, lines: Array.from({ length: 200 }, (_, i) => line(String(i), i % 2 ? cola : water)) });
    expect(full.status, full.text).toBe(201);
    expect(full.body.lines).toHaveLength(200);
  });

  it('an unknown or another merchant’s product is a 404 naming the line; nothing is saved', async () => {
    const foreign = await product('bravo-distribucion');
    const name = unique('Foreign');
    const res = await create(merchantAdmin, 'acme-vending', {
      name,
      planogramType: 'B',
      lines: [line('1', cola), line('2', foreign), line('3', 'no-such-product')],
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ProductNotFoundException');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['body.lines.1.productId', 'body.lines.2.productId']);
    expect((await create(merchantAdmin, 'acme-vending', { name, planogramType: 'B', lines: [line('1', cola)] })).status).toBe(201);
  });

  it('names are unique per merchant', async () => {
    const name = unique('Unique');
    expect((await create(merchantAdmin, 'acme-vending', { name, planogramType: 'A', lines: [] })).status).toBe(201);
    const dup = await create(superAdmin, 'acme-vending', { name: name.toUpperCase(), planogramType: 'B', lines: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DuplicatePlanogramNameException');
    expect((await create(superAdmin, 'bravo-distribucion', { name, planogramType: 'A', lines: [] })).status).toBe(201);
  });

  it('machines are assigned through PUT /pos/{id}; the count is exact; delete unassigns them, turns stock management off and says how many', async () => {
    const planogram = (await create(merchantAdmin, 'acme-vending', { name: unique('Spirals'), planogramType: 'A', lines: [line('11', cola)] })).body;
    const path = `/merchants/acme-vending/planograms/${planogram.id}`;
    const [a, b, c] = [await acmeMachine(), await acmeMachine(), await acmeMachine()];
    for (const serial of [a, b]) {
      const done = await assign(merchantAdmin, serial, planogram.id);
      expect(done.status, done.text).toBe(200);
      expect(done.body.planogramId).toBe(planogram.id);
      expect((await api(`/pos/${serial}/manage-stock`, { method: 'PUT', token: merchantAdmin, body: { manageStock: true } })).body.manageStock).toBe(true);
    }
    expect((await assign(merchantAdmin, a, planogram.id)).status).toBe(200);
    expect((await api(path, { token: merchantAdmin })).body.machines).toBe(2);
    const listed = await api(`/pos?merchantId=acme-vending&planogramId=${planogram.id}&size=50`, { token: merchantAdmin });
    expect(listed.body.items.map((p: { serial: string }) => p.serial).sort()).toEqual([a, b].sort());

    // Another merchant's planogram, or none that exists, is refused and changes nothing.
    const foreign = (await create(superAdmin, 'bravo-distribucion', { name: unique('Bravo'), planogramType: 'A', lines: [] })).body;
    const refused = await assign(merchantAdmin, c, foreign.id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('PlanogramNotFoundException');
    expect((await api(`/pos/${c}`, { token: merchantAdmin })).body.planogramId).toBeNull();

    // Unassigning one turns its stock management off and moves the count.
    const none = await assign(merchantAdmin, b, null);
    expect(none.body).toMatchObject({ planogramId: null, manageStock: false });
    expect((await api(path, { token: merchantAdmin })).body.machines).toBe(1);
    expect((await assign(merchantAdmin, b, planogram.id)).status).toBe(200);
    expect((await api(`/pos/${b}/manage-stock`, { method: 'PUT', token: merchantAdmin, body: { manageStock: true } })).status).toBe(200);
    expect((await assign(merchantAdmin, c, planogram.id)).status).toBe(200);
    expect((await api(`/pos/${c}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(path, { token: merchantAdmin })).body.machines).toBe(2);

    const deleted = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ machinesUnassigned: 2 });
    for (const serial of [a, b]) expect((await api(`/pos/${serial}`, { token: merchantUser })).body).toMatchObject({ planogramId: null, manageStock: false });
    expect((await api(path, { token: merchantAdmin })).status).toBe(404);
    expect((await assign(merchantAdmin, a, planogram.id)).body.code).toBe('PlanogramNotFoundException');
  });

  it('roles: all read; admins write; a group admin assigns only to its groups’ machines; other merchants are 404', async () => {
    const planogram = (await create(superAdmin, 'acme-vending', { name: unique('Roles'), planogramType: 'B', lines: [line('1', water)] })).body;
    const path = `/merchants/acme-vending/planograms/${planogram.id}`;
    for (const token of [groupAdmin, merchantUser]) {
      expect((await create(token, 'acme-vending', { name: unique('No'), planogramType: 'B', lines: [] })).status).toBe(403);
      expect((await api(path, { method: 'PUT', token, body: { name: 'x', planogramType: 'B', lines: [] } })).status).toBe(403);
      expect((await api(path, { method: 'DELETE', token })).status).toBe(403);
      expect((await api(path, { token })).status).toBe(200);
    }
    const north = await acmeMachine('acme-north');
    const group = await api('/merchants/acme-vending/groups', { method: 'POST', token: superAdmin, body: { name: unique('Group') } });
    const elsewhere = await acmeMachine(group.body.id);
    expect((await assign(groupAdmin, north, planogram.id)).status).toBe(200);
    const hidden = await assign(groupAdmin, elsewhere, planogram.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('PosNotFoundException');
    expect((await assign(merchantUser, north, null)).status).toBe(403);

    expect((await api('/merchants/bravo-distribucion/planograms', { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/merchants/bravo-distribucion/planograms/${planogram.id}`, { token: superAdmin })).status).toBe(404);
    expect((await create(merchantAdmin, 'bravo-distribucion', { name: unique('No'), planogramType: 'A', lines: [] })).body.code).toBe(
      'MerchantNotFoundException',
    );
  });

  it('lists by name with page/size and cursor, total from the counter', async () => {
    const merchant = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['NEBULAR_VENDING'] }) })).body;
    for (const name of ['delta', 'Alpha', 'charlie', 'bravo'])
      expect((await create(superAdmin, merchant.id, { name, planogramType: 'A', lines: [] })).status).toBe(201);
    const first = await api(`/merchants/${merchant.id}/planograms?size=3`, { token: superAdmin });
    expect(first.body).toMatchObject({ page: 1, size: 3, total: 4 });
    expect(first.body.items.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'bravo', 'charlie']);
    const next = await api(`/merchants/${merchant.id}/planograms?size=3&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(next.body.items.map((p: { name: string }) => p.name)).toEqual(['delta']);
  });
});
