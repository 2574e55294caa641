/**
 * The change recorder's pure parts (issue 28 items 4, 5): before → after field by field with secrets written as
 * "changed", creations and deletions whole, an entry's changes bounded so that it can always be stored; a change staged
 * before its write counts once that write landed, and the call's write hook (the intent) runs before each write.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_SECRET_VALUE } from '#schemas/audit-constants';
import {
  aroundTableWrite,
  boundedChanges,
  ChangeRecorder,
  fieldChanges,
  MAX_CHANGES_BYTES,
  noteTableWrite,
  recordChange,
  recordingChange,
  withChangeRecorder,
} from '../../functions/core/audit/change-recorder';
import { entryOfIntent } from '../../functions/core/audit/intent-sweep';

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

describe('a change staged before its write (withNextWrite)', () => {
  it('counts once the write landed, is dropped when it fails; the hook gives the write its input and hears how it ended', async () => {
    const recorder = new ChangeRecorder();
    const heard: boolean[] = [];
    recorder.beforeWrite = async (_command, input) => ({ input: { ...input, intent: true }, landed: (landed) => heard.push(landed) });
    const sent: Array<Record<string, unknown>> = [];
    await withChangeRecorder(recorder, async () => {
      recordChange('client', 'c1', { name: 'A' }, { name: 'B' }, { withNextWrite: true });
      await expect(
        aroundTableWrite('TransactWriteItemsCommand', { n: 1 }, () => {
          throw new Error('cancelled');
        }),
      ).rejects.toThrow('cancelled');
      expect(recorder).toMatchObject({ recorded: false, wrote: false, changes: [], staged: [] });
      recordChange('client', 'c1', { name: 'A' }, { name: 'C' }, { withNextWrite: true });
      await aroundTableWrite('TransactWriteItemsCommand', { n: 2 }, async (input) => sent.push(input));
    });
    expect(sent).toEqual([{ n: 2, intent: true }]);
    expect(heard).toEqual([false, true]);
    expect(recorder).toMatchObject({ recorded: true, wrote: true, staged: [] });
    expect(recorder.changes).toEqual([{ entity: 'client', entityId: 'c1', field: 'name', before: 'A', after: 'C' }]);
  });

  it('recordingChange: writes side by side each keep their own change, only the ones that landed count, each in its intent', async () => {
    const recorder = new ChangeRecorder();
    const intents: string[][] = [];
    recorder.beforeWrite = async (_command, _input, staged) => {
      intents.push(staged.map((c) => String(c.entityId)));
      return undefined;
    };
    const write = (id: string, ms: number, fails: boolean) =>
      recordingChange('product', id, undefined, { id }, () =>
        aroundTableWrite('TransactWriteItemsCommand', {}, async () => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          if (fails) throw new Error(`${id} cancelled`);
        }),
      );
    await withChangeRecorder(recorder, () => Promise.allSettled([write('p1', 20, false), write('p2', 5, true), write('p3', 10, false)]));
    expect(intents).toEqual([['p1'], ['p2'], ['p3']]);
    expect(recorder.changes.map((c) => c.entityId)).toEqual(['p3', 'p1']);
    expect(recorder.recorded).toBe(true);
  });

  it('a staged update that changed no field counts as recorded once its write landed', async () => {
    const recorder = new ChangeRecorder();
    await withChangeRecorder(recorder, async () => {
      recordChange('settings', 'm1', { a: 1 }, { a: 1 }, { withNextWrite: true });
      await aroundTableWrite('TransactWriteItemsCommand', {}, async () => undefined);
    });
    expect(recorder).toMatchObject({ recorded: true, wrote: true, changes: [] });
  });
});

describe('entryOfIntent (the audit sweep)', () => {
  const content = {
    merchantId: 'm1',
    actor: { kind: 'user' as const, userId: 'u1', email: 'a@b.c', role: 'NEBULARSUPERADMIN' as const },
    action: 'clients.update',
    method: 'PUT' as const,
    path: '/merchants/{id}/clients/{clientId}',
    targets: [{ type: 'client', id: 'c1' }],
    correlationId: 'c',
    sourceIp: null,
    userAgent: null,
    changes: [{ entity: 'client', entityId: 'c1', field: 'name', before: 'A', after: 'B' }],
  };

  it('is the entry the call put in its intent, else the call as known when it wrote, unanswered', () => {
    const at = '2026-12-07T10:00:00.000Z';
    expect(entryOfIntent({ id: 'i', at, content })).toEqual({ ...content, at, outcome: 'unanswered', status: 0, errorCode: null });
    const final = { ...content, at: '2026-12-07T10:00:01.000Z', outcome: 'success' as const, status: 200, errorCode: null };
    expect(entryOfIntent({ id: 'i', at, content, final })).toBe(final);
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
