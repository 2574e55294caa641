import { describe, expect, it } from 'vitest';
import { menuFor } from '../../frontend/src/app/menu';
import { canOpen } from '../../frontend/src/app/route-roles';
import { apiLineErrors, draftErrors, editedLines, linesInput, valueError } from '../../frontend/src/features/stock/line-edits';
import { parseSerials, pickListQuery, searchOfSelection, selectionFromSearch } from '../../frontend/src/features/stock/pick-list-selection';
import { canChangeStock, daysToSellOutMessage } from '../../frontend/src/features/stock/stock-labels';
import { ApiError } from '../../frontend/src/lib/api';
import { ROLES } from '#schemas/roles';
import { MAX_PICK_LIST_MACHINES, type StockLine } from '#schemas/stock';

const line = (selection: string, value: number, capacity = 10): StockLine => ({
  selection,
  productId: 'p',
  productName: 'Product',
  productCode: 'P1',
  capacity,
  warningLevel: 2,
  refillValue: capacity,
  value,
  status: 9,
  stockType: 2,
  lastRefillAt: null,
  updatedAt: '2026-11-28T09:00:00.000Z',
  soldLast30Days: 0,
  daysToSellOut: null,
});

describe('stock tab: editing line values', () => {
  it('takes whole numbers from 0 to the line capacity, and names what is wrong otherwise', () => {
    expect(valueError('0', 10)).toBeNull();
    expect(valueError(' 10 ', 10)).toBeNull();
    expect(valueError('', 10)).toEqual({ messageId: 'validation.required' });
    expect(valueError('-1', 10)).toEqual({ messageId: 'stock.error.negative' });
    expect(valueError('2.5', 10)).toEqual({ messageId: 'stock.error.wholeNumber' });
    expect(valueError('11', 10)).toEqual({ messageId: 'stock.error.aboveCapacity', values: { capacity: 10 } });
    expect(valueError('abc', 10)).toEqual({ messageId: 'errors.validation.number' });
  });

  it('sends only the lines whose typed value differs from the stored one, and checks only those', () => {
    const lines = [line('A1', 3), line('A2', 5), line('A3', 7, 8)];
    const drafts = { A1: '3', A2: '9', A3: '12' };
    expect(editedLines(lines, drafts).map((l) => l.selection)).toEqual(['A2', 'A3']);
    expect(draftErrors(lines, drafts)).toEqual({ A3: { messageId: 'stock.error.aboveCapacity', values: { capacity: 8 } } });
    expect(linesInput(lines, { A2: ' 9 ', A1: '0' })).toEqual({
      lines: [
        { selection: 'A1', value: 0 },
        { selection: 'A2', value: 9 },
      ],
    });
  });

  it('puts the API refusals under the line that was sent in that place', () => {
    const sent = {
      lines: [
        { selection: 'A1', value: 4 },
        { selection: 'B7', value: 2 },
      ],
    };
    const error = new ApiError(404, 'StockLineNotFoundException', 'not a line', [
      { path: 'body.lines.1.selection', message: 'not a line of the planogram' },
      { path: 'body.lines.0.value', message: 'value must be at most 3' },
      { path: 'body.lines.9.value', message: 'no such line sent' },
    ]);
    expect(apiLineErrors(error, sent)).toEqual({ B7: { messageId: 'stock.error.lineNotFound' }, A1: { messageId: 'stock.error.value' } });
  });
});

describe('days to sell out, in words', () => {
  it('says no sales, out now, less than a day, or whole days rounded down', () => {
    expect(daysToSellOutMessage(null)).toEqual({ messageId: 'stock.daysToSellOut.noSales' });
    expect(daysToSellOutMessage(0)).toEqual({ messageId: 'stock.daysToSellOut.now' });
    expect(daysToSellOutMessage(0.4)).toEqual({ messageId: 'stock.daysToSellOut.lessThanOne' });
    expect(daysToSellOutMessage(3.9)).toEqual({ messageId: 'stock.daysToSellOut.days', values: { days: 3 } });
  });
});

describe('pick list choice in the address', () => {
  it('reads a group, a client or machines, and writes them back', () => {
    expect(selectionFromSearch(new URLSearchParams('groupId=g-1'))).toEqual({ kind: 'group', id: 'g-1' });
    expect(selectionFromSearch(new URLSearchParams('clientId=c-1'))).toEqual({ kind: 'client', id: 'c-1' });
    const machines = selectionFromSearch(new URLSearchParams('serials=CENG-00000001,bad,CENG-00000002,CENG-00000001'));
    expect(machines).toEqual({ kind: 'machines', serials: ['CENG-00000001', 'CENG-00000002'] });
    expect(selectionFromSearch(new URLSearchParams('serials=nothing'))).toBeNull();
    expect(selectionFromSearch(new URLSearchParams(''))).toBeNull();
    expect(searchOfSelection(machines!)).toEqual({ serials: 'CENG-00000001,CENG-00000002' });
    expect(pickListQuery('acme-vending', { kind: 'group', id: 'g-1' })).toEqual({ merchantId: 'acme-vending', groupId: 'g-1' });
  });

  it('keeps at most as many machines as the API takes', () => {
    const many = Array.from({ length: MAX_PICK_LIST_MACHINES + 5 }, (_, i) => `CENG-${String(i).padStart(8, '0')}`).join(',');
    expect(parseSerials(many)).toHaveLength(MAX_PICK_LIST_MACHINES);
  });
});

describe('stock screens: who opens and changes what', () => {
  it('every role reads manage-stock, the pick list and the stock tab; merchant users do not change stock', () => {
    for (const role of ROLES) {
      expect(canOpen('/devices/manage-stock', role)).toBe(true);
      expect(canOpen('/devices/pick-list', role)).toBe(true);
      expect(canOpen('/devices/:id/stock', role)).toBe(true);
      expect(canChangeStock(role)).toBe(role !== 'NEBULARMERCHANTUSER');
    }
    expect(canChangeStock(null)).toBe(false);
  });

  it('the menu offers both screens to merchants with products and stock', () => {
    const ids = (features: string[]) => menuFor('NEBULARMERCHANTUSER', { id: 'acme-vending', features }).map((e) => e.id);
    expect(ids(['PRODUCTS_STOCK'])).toEqual(expect.arrayContaining(['devices-manage-stock', 'devices-pick-list']));
    expect(ids([])).not.toContain('devices-manage-stock');
    expect(ids([])).not.toContain('devices-pick-list');
  });
});
