import { describe, expect, it } from 'vitest';
import { replaceAttributes, setParts } from '../../functions/adapters/dynamodb/update-expression';

describe('update expressions', () => {
  it('setParts skips undefined fields and numbers its placeholders', () => {
    expect(setParts({ a: 1, b: undefined, c: 'x' }, 'f')).toEqual({
      names: { '#f0': 'a', '#f2': 'c' },
      values: { ':f0': 1, ':f2': 'x' },
      parts: ['#f0 = :f0', '#f2 = :f2'],
    });
  });

  it('replaceAttributes sets what the new version has and removes what it dropped, plus the extra removals', () => {
    const u = replaceAttributes({ name: 'A', gsi2pk: 'G', note: 'n' }, { name: 'B', note: undefined }, ['copy', 'name']);
    expect(u.expression).toBe('SET #r0 = :r0 REMOVE #rx0, #rx1, #rx2');
    expect(u.names).toEqual({ '#r0': 'name', '#rx0': 'gsi2pk', '#rx1': 'note', '#rx2': 'copy' });
    expect(u.values).toEqual({ ':r0': 'B' });
  });
});
