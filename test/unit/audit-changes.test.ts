/**
 * The change recorder's pure parts (issue 28 item 4): before → after field by field with secrets written as
 * "changed", creations and deletions whole, and an entry's changes bounded so that it can always be stored.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_SECRET_VALUE } from '#schemas/audit-constants';
import {
  boundedChanges,
  ChangeRecorder,
  fieldChanges,
  MAX_CHANGES_BYTES,
  noteTableWrite,
  recordChange,
  withChangeRecorder,
} from '../../functions/core/audit/change-recorder';

describe('fieldChanges', () => {
  it('names each changed field by its path, a list by the items it lost and gained, a secret as “changed”', () => {
    const before = { name: 'A', address: { city: 'Milano' }, groups: ['g1', 'g2'], apiToken: 'old-token', updatedAt: '1' };
    const after = { name: 'B', address: { city: 'Roma' }, groups: ['g2', 'g3'], apiToken: 'new-token', updatedAt: '2' };
    expect(fieldChanges('thing', 't1', before, after)).toEqual([
      { entity: 'thing', entityId: 't1', field: 'name', before: 'A', after: 'B' },
      { entity: 'thing', entityId: 't1', field: 'address.city', before: 'Milano', after: 'Roma' },
      { entity: 'thing', entityId: 't1', field: 'groups', before: ['g1'], after: ['g3'] },
      { entity: 'thing', entityId: 't1', field: 'apiToken', before: AUDIT_TRAIL_SECRET_VALUE, after: AUDIT_TRAIL_SECRET_VALUE },
    ]);
  });
});

describe('recordChange', () => {
  it('records a creation as its state after and a deletion as its state before, secrets replaced; notes a write and a recording', async () => {
    const recorder = new ChangeRecorder();
    await withChangeRecorder(recorder, async () => {
      noteTableWrite();
      recordChange('client', 'c1', undefined, { name: 'X', password: 'p' });
      recordChange('client', 'c2', { name: 'Y' }, undefined);
    });
    expect(recorder).toMatchObject({ wrote: true, recorded: true });
    expect(recorder.changes).toEqual([
      { entity: 'client', entityId: 'c1', field: '*', before: null, after: { name: 'X', password: AUDIT_TRAIL_SECRET_VALUE } },
      { entity: 'client', entityId: 'c2', field: '*', before: { name: 'Y' }, after: null },
    ]);
  });

  it('an update that changed no field still counts as recorded; outside a mutating call nothing happens', async () => {
    const recorder = new ChangeRecorder();
    await withChangeRecorder(recorder, async () => recordChange('client', 'c1', { name: 'X' }, { name: 'X' }));
    expect(recorder).toMatchObject({ recorded: true, changes: [] });
    expect(() => recordChange('client', 'c1', undefined, { name: 'X' })).not.toThrow();
  });
});

describe('boundedChanges', () => {
  const product = (i: number) => ({ entity: 'product', entityId: `p${i}`, field: '*', before: null, after: { code: `P${i}`, name: 'x'.repeat(400) } });

  it('keeps every change that fits, and past the budget the first that fit plus how many were left out', () => {
    const few = Array.from({ length: 10 }, (_, i) => product(i));
    expect(boundedChanges(few)).toEqual(few);
    const many = Array.from({ length: 1000 }, (_, i) => product(i));
    const bounded = boundedChanges(many);
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThanOrEqual(MAX_CHANGES_BYTES);
    const last = bounded.at(-1)!;
    expect(last).toEqual({ entity: '*', entityId: null, field: 'omitted', before: null, after: 1000 - (bounded.length - 1) });
    expect(bounded.slice(0, -1)).toEqual(many.slice(0, bounded.length - 1));
  });
});
