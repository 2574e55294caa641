import { describe, expect, it } from 'vitest';
import { mayCall } from '#schemas/api-roles';
import { ROLES } from '#schemas/roles';
import { menuFor } from '../../frontend/src/app/menu';
import { canOpen } from '../../frontend/src/app/route-roles';
import { bulkChangeOf, bulkFieldErrors, EMPTY_BULK_DRAFT, parseMoneyDelta } from '../../frontend/src/features/prices/bulk-draft';
import { cellKey, cellsNamedBy, cellsOf, differsFromSaved, readCells, shownTables } from '../../frontend/src/features/prices/price-grid';

const saved = [
  { line: 'A1', priceTable: 1, value: 150 },
  { line: 'A1', priceTable: 6, value: 140 },
  { line: 'B2', priceTable: 1, value: 80 },
];
const lines = ['A1', 'B2'];

describe('the device price grid', () => {
  it("shows saved prices as inputs in the user's language, and only the tables in use (cash1 when none)", () => {
    const cells = cellsOf(saved, 'EUR', 'it');
    expect(cells).toEqual({ [cellKey('A1', 1)]: '1,50', [cellKey('A1', 6)]: '1,40', [cellKey('B2', 1)]: '0,80' });
    expect(shownTables(cells, [])).toEqual([1, 6]);
    expect(shownTables(cells, [8, 2])).toEqual([1, 2, 6, 8]);
    expect(shownTables({}, [])).toEqual([1]);
    expect(shownTables({ [cellKey('A1', 3)]: '  ' }, [])).toEqual([1]);
  });

  it("reads the cells back as the API's entries in minor units; a blank cell is no price", () => {
    const cells = { ...cellsOf(saved, 'EUR', 'en'), [cellKey('A1', 6)]: '', [cellKey('B2', 8)]: '2' };
    expect(readCells(cells, lines, 'EUR')).toEqual({
      entries: [
        { line: 'A1', priceTable: 1, value: 150 },
        { line: 'B2', priceTable: 1, value: 80 },
        { line: 'B2', priceTable: 8, value: 200 },
      ],
      errors: {},
    });
  });

  it('puts each unreadable price under its own cell, and refuses what command 12 cannot carry', () => {
    const { entries, errors } = readCells({ [cellKey('A1', 1)]: '-1', [cellKey('A1', 2)]: '1,234', [cellKey('B2', 1)]: '2000000' }, lines, 'EUR');
    expect(entries).toEqual([]);
    expect(errors[cellKey('A1', 1)]?.messageId).toBe('money.error.negative');
    expect(errors[cellKey('A1', 2)]).toEqual({ messageId: 'money.error.decimals', values: { decimals: 2 } });
    expect(errors[cellKey('B2', 1)]?.messageId).toBe('money.error.max');
  });

  it('knows whether the grid differs from what was saved (the Send button waits for a save)', () => {
    const cells = cellsOf(saved, 'EUR', 'de');
    expect(differsFromSaved(cells, saved, lines, 'EUR')).toBe(false);
    expect(differsFromSaved({ ...cells, [cellKey('A1', 1)]: '1.5' }, saved, lines, 'EUR')).toBe(false); // 1.5 = 1,50
    expect(differsFromSaved({ ...cells, [cellKey('A1', 1)]: '1,60' }, saved, lines, 'EUR')).toBe(true);
    expect(differsFromSaved({ ...cells, [cellKey('A1', 6)]: '' }, saved, lines, 'EUR')).toBe(true);
    expect(differsFromSaved({ ...cells, [cellKey('B2', 2)]: '1' }, saved, lines, 'EUR')).toBe(true);
    expect(differsFromSaved({ ...cells, [cellKey('B2', 2)]: 'x' }, saved, lines, 'EUR')).toBe(true);
    // A price of a line the planogram no longer has is not the grid's business.
    expect(differsFromSaved(cells, [...saved, { line: 'Z9', priceTable: 1, value: 5 }], lines, 'EUR')).toBe(false);
  });

  it('finds the cells a 400 answer names by the index of the entries sent', () => {
    const sent = [
      { line: 'A1', priceTable: 1, value: 150 },
      { line: 'B2', priceTable: 1, value: 80 },
    ];
    expect(cellsNamedBy([{ path: 'body.prices.1.line' }, { path: 'body.prices.7.value' }, { path: 'body.version' }], sent)).toEqual([cellKey('B2', 1)]);
    expect(cellsNamedBy(undefined, sent)).toEqual([]);
  });
});

describe('the bulk price change form', () => {
  const draft = { ...EMPTY_BULK_DRAFT, planogramId: 'coffee-9', productId: 'acme-espresso', priceTables: [6, 1], amount: '1,20' };

  it("builds the API's change: the target of its kind, sorted tables, a price in minor units", () => {
    expect(bulkChangeOf(draft, 'acme-vending', 'EUR', 'it')).toEqual({
      ok: true,
      change: {
        merchantId: 'acme-vending',
        target: { kind: 'planogram', planogramId: 'coffee-9' },
        productId: 'acme-espresso',
        priceTables: [1, 6],
        operation: { kind: 'set', value: 120 },
      },
    });
    const machines = bulkChangeOf(
      { ...draft, targetKind: 'machines', serials: ['CENG-00000001'], operation: 'add', amount: '-0,10' },
      'acme-vending',
      'EUR',
      'it',
    );
    expect(machines.ok && machines.change).toMatchObject({ target: { kind: 'machines', serials: ['CENG-00000001'] }, operation: { kind: 'add', delta: -10 } });
  });

  it('names every missing choice under its field', () => {
    const checked = bulkChangeOf({ ...EMPTY_BULK_DRAFT, targetKind: 'group', priceTables: [] }, 'acme-vending', 'EUR', 'en');
    expect(checked).toEqual({
      ok: false,
      errors: {
        groupId: { messageId: 'prices.bulk.error.group' },
        productId: { messageId: 'prices.bulk.error.product' },
        priceTables: { messageId: 'prices.bulk.error.priceTables' },
        amount: { messageId: 'money.error.required' },
      },
    });
    const tooMany = bulkChangeOf(
      { ...draft, targetKind: 'machines', serials: Array.from({ length: 201 }, (_, i) => `CENG-${String(i).padStart(8, '0')}`) },
      'm',
      'EUR',
      'en',
    );
    expect(!tooMany.ok && tooMany.errors.serials).toEqual({ messageId: 'prices.bulk.error.tooManyMachines', values: { max: 200 } });
  });

  it('reads an amount to add with its sign, refusing zero', () => {
    expect(parseMoneyDelta('+0,25', 'EUR', 'it')).toEqual({ ok: true, minorUnits: 25 });
    expect(parseMoneyDelta(' -100', 'COP', 'es')).toEqual({ ok: true, minorUnits: -100 });
    expect(parseMoneyDelta('0,00', 'EUR', 'it')).toEqual({ ok: false, error: { messageId: 'prices.bulk.error.zeroDelta' } });
    expect(parseMoneyDelta('--1', 'EUR', 'it')).toEqual({ ok: false, error: { messageId: 'money.error.negative' } });
  });

  it('puts what the API refused under the field it names', () => {
    expect(bulkFieldErrors([{ path: 'body.target.serials.3' }, { path: 'body.productId' }, { path: 'body.operation.delta' }])).toEqual({
      serials: { messageId: 'prices.bulk.error.machines' },
      productId: { messageId: 'prices.bulk.error.product' },
      amount: { messageId: 'prices.bulk.error.amount' },
    });
    expect(bulkFieldErrors([{ path: 'body.target.planogramId' }])).toEqual({ planogramId: { messageId: 'prices.bulk.error.planogram' } });
  });
});

describe('who reads and who changes prices', () => {
  /** Bulk prices belong to the vending product (README "Merchant features"). */
  const VENDING_MERCHANT = { id: 'acme-vending', features: ['NEBULAR_VENDING'] };

  it('shows every role the prices tab; all but merchant users edit and get the bulk change (menu and route), as the API allows', () => {
    for (const role of ROLES) expect(canOpen('/devices/:id/prices', role)).toBe(true);
    const editors = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN'];
    expect(ROLES.filter((role) => mayCall('prices.save', role))).toEqual(editors);
    expect(ROLES.filter((role) => canOpen('/devices/prices-bulk', role))).toEqual(editors);
    expect(ROLES.filter((role) => menuFor(role, VENDING_MERCHANT).some((e) => e.id === 'devices-prices-bulk'))).toEqual(editors);
  });
});
