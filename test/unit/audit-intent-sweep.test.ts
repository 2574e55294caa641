/**
 * The audit sweep (issue 28 item 5): of the intents older than the grace, those whose entry exists are removed, the
 * others recorded once each (an intent another sweep took meanwhile is 'gone'); newer ones are left to their calls.
 */
import { describe, expect, it } from 'vitest';
import type { AuditTrailContent, AuditTrailIntent, AuditTrailIntents } from '../../functions/core/audit/ports';
import { sweepAuditIntents } from '../../functions/core/audit/intent-sweep';

const NOW = Date.parse('2026-12-07T12:00:00.000Z');
const intent = (id: string, secondsAgo: number): AuditTrailIntent => ({
  id,
  at: new Date(NOW - secondsAgo * 1000).toISOString(),
  content: {
    merchantId: 'm1',
    actor: { kind: 'user', userId: 'u1', email: 'a@b.c', role: 'NEBULARSUPERADMIN' },
    action: 'clients.update',
    method: 'PUT',
    path: '/merchants/{id}/clients/{clientId}',
    targets: [],
    correlationId: `c-${id}`,
    sourceIp: null,
    userAgent: null,
    changes: [],
  },
});

function fakeIntents(stored: AuditTrailIntent[], appendedIds: string[], takenByAnother: string[] = []) {
  const recorded: Array<{ id: string; entry: AuditTrailContent }> = [];
  const cleared: string[] = [];
  const intents: AuditTrailIntents = {
    leftOver: async (before, max) => stored.filter((i) => i.at < before).slice(0, max),
    appended: async (list) => new Set(list.map((i) => i.id).filter((id) => appendedIds.includes(id))),
    clear: async (list) => {
      for (const i of list) {
        cleared.push(i.id);
        stored.splice(stored.indexOf(i), 1);
      }
    },
    record: async (i, entry) => {
      stored.splice(stored.indexOf(i), 1);
      if (takenByAnother.includes(i.id)) return 'gone';
      recorded.push({ id: i.id, entry });
      return 'recorded';
    },
  };
  return { intents, recorded, cleared };
}

describe('sweepAuditIntents', () => {
  it('removes the intents whose entry exists, records the others once as unanswered, leaves those within the grace', async () => {
    const stored = [intent('a', 300), intent('b', 120), intent('c', 90), intent('d', 10)];
    const b = stored[1]!;
    const { intents, recorded, cleared } = fakeIntents(stored, ['a', 'c'], []);
    const outcome = await sweepAuditIntents({ intents, nowMs: () => NOW, graceSeconds: 60, log: () => {} });
    expect(outcome).toEqual({ cleared: 2, recorded: 1, gone: 0 });
    expect(cleared).toEqual(['a', 'c']);
    expect(recorded.map((r) => [r.id, r.entry.outcome, r.entry.status, r.entry.at])).toEqual([['b', 'unanswered', 0, b.at]]);
    expect(stored.map((i) => i.id)).toEqual(['d']);
    expect(await sweepAuditIntents({ intents, nowMs: () => NOW, graceSeconds: 60, log: () => {} })).toEqual({ cleared: 0, recorded: 0, gone: 0 });
  });

  it('an intent another sweep recorded meanwhile is gone, not recorded twice', async () => {
    const { intents, recorded } = fakeIntents([intent('a', 300)], [], ['a']);
    expect(await sweepAuditIntents({ intents, nowMs: () => NOW, graceSeconds: 60, log: () => {} })).toEqual({ cleared: 0, recorded: 0, gone: 1 });
    expect(recorded).toEqual([]);
  });
});
