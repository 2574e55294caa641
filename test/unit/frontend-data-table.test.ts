import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { escapeCsvField, toCsv } from '../../frontend/src/components/data-table/csv';
import {
  isSearchReady,
  loadTableState,
  pageCount,
  pageOptions,
  pageQuery,
  pagerRange,
  rememberCursor,
  saveTableState,
  type TableShape,
  type TableState,
} from '../../frontend/src/components/data-table/table-state';
import { clearTableStates } from '../../frontend/src/lib/storage';
import { MemoryStorage } from './support/memory-storage';

describe('CSV export', () => {
  it('quotes only the fields that need it and doubles inner quotes', () => {
    expect(escapeCsvField('plain')).toBe('plain');
    expect(escapeCsvField('a,b')).toBe('"a,b"');
    expect(escapeCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvField('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvField(' padded ')).toBe('" padded "');
    expect(escapeCsvField('')).toBe('');
  });

  it('keeps spreadsheet formulas out but leaves signed numbers alone', () => {
    expect(escapeCsvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(escapeCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvField('-12,50')).toBe('"-12,50"');
    expect(escapeCsvField('+39')).toBe('+39');
  });

  it('writes a header row and one CRLF-terminated row per item, in column order', () => {
    const rows = [
      { name: 'Acme, Inc.', count: 3 },
      { name: 'Bravo "B"', count: 0 },
    ];
    const csv = toCsv(
      [
        { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Features', value: (r: (typeof rows)[number]) => String(r.count) },
      ],
      rows,
    );
    expect(csv).toBe('Name,Features\r\n"Acme, Inc.",3\r\n"Bravo ""B""",0\r\n');
  });
});

describe('table state', () => {
  const shape: TableShape = {
    tableId: 'admin-merchants',
    columnIds: ['name', 'country', 'currency'],
    sortable: ['name'],
    defaultSort: { ord: 'name', ordType: 'asc' },
  };

  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('starts on page 1 with 20 rows, every column and the default sort', () => {
    expect(loadTableState('user-1', shape)).toEqual({
      tableId: 'admin-merchants',
      currentPage: 1,
      itemsPerPage: 20,
      filter: {},
      headers: ['name', 'country', 'currency'],
      sortOptions: { ord: 'name', ordType: 'asc' },
    });
  });

  it('leaves the columns marked hidden out until the user shows them', () => {
    expect(loadTableState('user-1', { ...shape, hiddenColumnIds: ['country'] }).headers).toEqual(['name', 'currency']);
  });

  it('starts with the default filters until the user’s own are stored', () => {
    const withRange = { ...shape, defaultFilter: { startDate: '2026-11-01', endDate: '2026-11-07' } };
    expect(loadTableState('user-1', withRange).filter).toEqual({ startDate: '2026-11-01', endDate: '2026-11-07' });
    saveTableState('user-1', { ...loadTableState('user-1', withRange), filter: { startDate: '2026-10-01', endDate: '2026-10-31' } });
    expect(loadTableState('user-1', withRange).filter).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('is kept per user and table under tables:<userId>:<tableId>', () => {
    const state: TableState = {
      ...loadTableState('user-1', shape),
      currentPage: 2,
      headers: ['name', 'currency'],
      sortOptions: { ord: 'name', ordType: 'desc' },
      filter: { q: 'acme' },
    };
    saveTableState('user-1', state);
    expect(JSON.parse(localStorage.getItem('tables:user-1:admin-merchants') ?? 'null')).toEqual(state);
    expect(loadTableState('user-1', shape)).toEqual(state);
    expect(loadTableState('user-2', shape).currentPage).toBe(1);
  });

  it('drops what no longer fits the table and survives garbage', () => {
    localStorage.setItem(
      'tables:u:admin-merchants',
      JSON.stringify({
        tableId: 'admin-merchants',
        currentPage: 3,
        itemsPerPage: 7,
        filter: {},
        headers: ['gone'],
        sortOptions: { ord: 'email', ordType: 'asc' },
      }),
    );
    const restored = loadTableState('u', shape);
    expect(restored).toMatchObject({ currentPage: 3, itemsPerPage: 20, headers: shape.columnIds, sortOptions: shape.defaultSort });

    localStorage.setItem('tables:u:admin-merchants', '{not json');
    expect(loadTableState('u', shape).currentPage).toBe(1);
  });

  it('is cleared with every other table state (a new configuration version)', () => {
    saveTableState('u', { ...loadTableState('u', shape), currentPage: 4 });
    clearTableStates();
    expect(loadTableState('u', shape).currentPage).toBe(1);
  });
});

describe('paging with a cursor stack', () => {
  const state: TableState = {
    tableId: 't',
    currentPage: 1,
    itemsPerPage: 20,
    filter: { q: ' acme ', empty: '' },
    headers: [],
    sortOptions: { ord: 'name', ordType: 'desc' },
  };

  it('sends page, size, order and the filters that are set', () => {
    expect(pageQuery(state, {})).toEqual({ page: 1, size: 20, ord: 'name', ordType: 'desc', q: 'acme' });
  });

  it('sends the cursor of the previous page when moving to the next one, and none for a jump', () => {
    const cursors = rememberCursor({}, 1, 'after-page-1');
    expect(pageQuery({ ...state, currentPage: 2 }, cursors).cursor).toBe('after-page-1');
    expect(pageQuery({ ...state, currentPage: 5 }, cursors)).not.toHaveProperty('cursor');
    expect(rememberCursor(cursors, 1, 'after-page-1')).toBe(cursors);
    expect(rememberCursor(cursors, 2, undefined)).toBe(cursors);
  });

  it('applies a text search from 3 letters on', () => {
    expect(isSearchReady('')).toBe(true);
    expect(isSearchReady(' ab ')).toBe(false);
    expect(isSearchReady('abc')).toBe(true);
  });
});

describe('pager', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('numbers the pages and rows of an exact total', () => {
    const data = { items: rows(16), page: 5, size: 20, total: 96 };
    expect(pageCount(data)).toBe(5);
    expect(pagerRange(data, 5, 20)).toEqual({ from: 81, to: 96, total: 96, atLeast: false });
    expect(pageCount({ items: [], page: 1, size: 20, total: 0 })).toBe(1);
  });

  it('offers the next page past a lower-bound total while the API hands a cursor, and says "at least"', () => {
    const counted = { items: rows(20), page: 3, size: 20, total: 2_000, totalIsLowerBound: true, cursor: 'c3' };
    expect(pageCount(counted)).toBe(100);
    const beyond = { items: rows(20), page: 100, size: 20, total: 2_000, totalIsLowerBound: true, cursor: 'c100' };
    expect(pageCount(beyond)).toBe(101);
    const further = { items: rows(7), page: 101, size: 20, total: 2_000, totalIsLowerBound: true };
    expect(pageCount(further)).toBe(101);
    expect(pagerRange(further, 101, 20)).toEqual({ from: 2_001, to: 2_007, total: 2_007, atLeast: true });
    expect(pagerRange(counted, 3, 20)).toEqual({ from: 41, to: 60, total: 2_000, atLeast: true });
  });

  it('lists the first, the last and the pages near the current one, not every page of a huge list', () => {
    expect(pageOptions(1, 5)).toEqual([1, 2, 3, 4, 5]);
    const huge = pageOptions(1_000, 50_000);
    expect(huge).toHaveLength(103);
    expect([huge[0], huge[1], huge[51], huge.at(-2), huge.at(-1)]).toEqual([1, 950, 1_000, 1_050, 50_000]);
    expect(pageOptions(1, 50_000).slice(0, 3)).toEqual([1, 2, 3]);
  });
});
