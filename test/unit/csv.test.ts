import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../functions/core/shared/csv';

describe('CSV (functions/core/shared/csv.ts)', () => {
  it('reads what it writes: quotes, commas, line breaks, neutralised formulas, lists', () => {
    const rows = [
      { code: 'A-1', name: 'Tè "freddo", pesca', note: 'two\r\nlines', formula: '=SUM(A1)', list: ['x', 'y'] },
      { code: '-5', name: '', note: '@home', formula: '+1', list: [] },
    ];
    const text = toCsv(['code', 'name', 'note', 'formula', 'list'], rows);
    expect(parseCsv(text)).toEqual([
      ['code', 'name', 'note', 'formula', 'list'],
      ['A-1', 'Tè "freddo", pesca', 'two\r\nlines', '=SUM(A1)', 'x;y'],
      ['-5', '', '@home', '+1', ''],
    ]);
  });

  it('takes LF or CR LF line ends, a byte order mark, blank lines and a last line without a line end', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r\n3,"4"')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a,,c\n')).toEqual([['a', '', 'c']]);
  });
});
