/** The pure rules of cashless media (functions/core/medias/model.ts, media-list.ts). */
import { describe, expect, it } from 'vitest';
import {
  applyUses,
  inMediaList,
  last30Days,
  listEntryFor,
  lostMyKey,
  mediaListChanged,
  newMedia,
  refund,
  statusAction,
  type MediaUse,
} from '../../functions/core/medias/model';
import { chunkEntries, mediaListMessages } from '../../functions/core/medias/media-list';
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot';

const NOW = '2026-11-28T12:00:00.000Z';
const actor = { userId: 'u1', email: 'admin@example.test', at: NOW };
const use = (o: Partial<MediaUse> & { counter?: number; credit?: number; messageId: string }): MediaUse => ({
  machine: 'CENG-00000001',
  type: 3,
  value: 100,
  mediaType: 2,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...o,
  media: {
    id: 'AABBCCDD',
    serial: '00000000AB',
    ...(o.counter !== undefined ? { counter: o.counter } : {}),
    ...(o.credit !== undefined ? { credit: o.credit } : {}),
  },
});
const media = (fields: Parameters<typeof newMedia>[2] = { serial: '00000000AB', mediaType: 2 }) => ({ ...newMedia('m1', 'AABBCCDD', fields, NOW), version: 1 });

describe('machines’ uses of a media', () => {
  it('creates the media on its first use, with its source and the machine', () => {
    const r = applyUses(undefined, 'm1', 'AABBCCDD', [use({ messageId: 'a', credit: 500, counter: 3, source: { type: 2, serial: 'RS-1' } })], NOW)!;
    expect(r).toMatchObject({
      serial: '00000000AB',
      mediaType: 2,
      status: 0,
      keyCredit: 500,
      lastCounter: 3,
      device: 'CENG-00000001',
      sourceType: 2,
      sourceSerial: 'RS-1',
      applied: ['a'],
    });
    expect(last30Days(r, '2026-11-28')).toEqual({ sales: 1, salesValue: 100, recharges: 0, rechargesValue: 0 });
  });

  it('follows the newest counter only; an older use still counts in its day; a repeat changes nothing', () => {
    const first = applyUses(undefined, 'm1', 'AABBCCDD', [use({ messageId: 'a', credit: 500, counter: 5 })], NOW)!;
    const older = applyUses(
      first,
      'm1',
      'AABBCCDD',
      [use({ messageId: 'b', credit: 900, counter: 4, type: 4, value: 300, createdAt: '2026-11-28T11:00:00.000Z' })],
      NOW,
    )!;
    expect(older).toMatchObject({ keyCredit: 500, lastCounter: 5 });
    expect(last30Days(older, '2026-11-28')).toEqual({ sales: 1, salesValue: 100, recharges: 1, rechargesValue: 300 });
    expect(applyUses(older, 'm1', 'AABBCCDD', [use({ messageId: 'b', credit: 900, counter: 4 })], NOW)).toBeUndefined();
    const newer = applyUses(older, 'm1', 'AABBCCDD', [use({ messageId: 'c', credit: 380, counter: 6, machine: 'CENG-00000002' })], NOW)!;
    expect(newer).toMatchObject({ keyCredit: 380, lastCounter: 6, device: 'CENG-00000002' });
  });

  it('keeps only the last 30 days; errors count nowhere', () => {
    const r = applyUses(
      undefined,
      'm1',
      'AABBCCDD',
      [
        use({ messageId: 'a', createdAt: '2026-10-01T10:00:00.000Z' }),
        use({ messageId: 'b', createdAt: '2026-10-30T10:00:00.000Z' }),
        use({ messageId: 'c', errorSale: true }),
      ],
      NOW,
    )!;
    expect(Object.keys(r.days)).toEqual(['2026-10-30']);
  });

  it('a machine paying cloud credit (type 12) takes it off; more than held blocks the tokens', () => {
    const held = { ...media(), cloudCredit: 300, cloudCreditDevice: 'CENG-00000001' };
    const paid = applyUses(held, 'm1', 'AABBCCDD', [use({ messageId: 'a', type: 12, value: 300 })], NOW)!;
    expect(paid).toMatchObject({ cloudCredit: 0, cloudCreditDevice: null, tokensBlocked: false });
    const twice = applyUses({ ...held, cloudCredit: 200 }, 'm1', 'AABBCCDD', [use({ messageId: 'b', type: 12, value: 300 })], NOW)!;
    expect(twice).toMatchObject({ cloudCredit: 0, tokensBlocked: true });
    // A cloud refund reported back (media type 250) is not a collection.
    expect(applyUses(held, 'm1', 'AABBCCDD', [use({ messageId: 'c', type: 12, mediaType: 250, value: 100 })], NOW)!.cloudCredit).toBe(300);
  });
});

describe('actions and refunds', () => {
  it('block, unblock and unblock tokens only from the states they change, recorded newest first', () => {
    const blocked = statusAction(media(), 'block', actor);
    expect('next' in blocked && blocked.next).toMatchObject({ status: 1, actions: [{ action: 'block', email: 'admin@example.test', at: NOW }] });
    expect(statusAction({ ...media(), status: 1 }, 'block', actor)).toHaveProperty('refused');
    expect(statusAction({ ...media(), status: 2 }, 'unblock', actor)).toHaveProperty('refused');
    expect(statusAction(media(), 'unblockTokens', actor)).toHaveProperty('refused');
    expect(statusAction({ ...media(), tokensBlocked: true }, 'unblockTokens', actor)).toMatchObject({ next: { tokensBlocked: false } });
  });

  it('a refund keeps the cloud credit at most the maximum refund; never on a blocked or lost media; a machine’s credit stays its own', () => {
    expect(refund(media(), 600, 1000, undefined, 't1', actor)).toMatchObject({ next: { cloudCredit: 600, cloudCreditDevice: null } });
    expect(refund({ ...media(), cloudCredit: 600 }, 401, 1000, undefined, 't1', actor)).toEqual({ refused: 'aboveMaximum' });
    expect(refund({ ...media(), cloudCredit: 600 }, 400, 1000, undefined, 't1', actor)).toHaveProperty('next');
    expect(refund(media(), 1, 0, undefined, 't1', actor)).toEqual({ refused: 'aboveMaximum' });
    expect(refund({ ...media(), status: 1 }, 10, 1000, undefined, 't1', actor)).toEqual({ refused: 'blocked' });
    expect(refund({ ...media(), cloudCredit: 10, cloudCreditDevice: 'CENG-00000001' }, 10, 1000, 'CENG-00000002', 't1', actor)).toEqual({
      refused: 'otherDevice',
    });
    expect(refund(media(), 10, 1000, 'CENG-00000002', 't1', actor)).toMatchObject({
      next: { cloudCreditDevice: 'CENG-00000002', actions: [{ action: 'refundMachine', device: 'CENG-00000002', amount: 10 }] },
    });
  });

  it('lost-my-key moves key and cloud credit to the new media as cloud credit, once', () => {
    const old = { ...media(), keyCredit: 400, cloudCredit: 100 };
    const fresh = { ...newMedia('m1', 'EEFF0011', { serial: '00000000CD', mediaType: 2 }, NOW), version: 1, cloudCredit: 50 };
    const moved = lostMyKey(old, fresh, actor);
    expect(moved).toMatchObject({
      moved: 500,
      old: { status: 2, keyCredit: 0, cloudCredit: 0, replacedBy: 'EEFF0011' },
      replacement: { cloudCredit: 550, replaces: 'AABBCCDD' },
    });
    if (!('old' in moved)) throw new Error('refused');
    expect(lostMyKey(moved.old, moved.replacement, actor)).toHaveProperty('refused');
    expect(lostMyKey(old, old, actor)).toHaveProperty('refused');
    expect(lostMyKey(old, { ...fresh, status: 1 }, actor)).toHaveProperty('refused');
  });
});

describe('the media list', () => {
  it('holds blocked and lost media and payable cloud credit; a machine sees only credit it may pay', () => {
    expect(inMediaList(media())).toBe(false);
    expect(inMediaList({ ...media(), status: 1 })).toBe(true);
    expect(inMediaList({ ...media(), cloudCredit: 5, tokensBlocked: true })).toBe(false);
    const held = { ...media(), cloudCredit: 300, cloudCreditDevice: 'CENG-00000001' };
    expect(listEntryFor(held, 'CENG-00000001')).toEqual({ mediaId: 'AABBCCDD', status: 0, cloudCredit: 300 });
    expect(listEntryFor(held, 'CENG-00000002')).toEqual({ mediaId: 'AABBCCDD', status: 0, cloudCredit: 0 });
    expect(mediaListChanged(media(), { ...media(), keyCredit: 99 })).toBe(false);
    expect(mediaListChanged(media(), { ...media(), status: 1 })).toBe(true);
    expect(mediaListChanged(undefined, media())).toBe(false);
  });

  it('is sent in numbered parts of at most 64 KB, and whole even when empty', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => ({ mediaId: `${String(i).padStart(8, '0')}AABBCCDDEEFF0011`, status: 1 as const, cloudCredit: 0 }));
    const messages = mediaListMessages('CENG-00000001', 7, entries, NOW);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(Buffer.byteLength(JSON.stringify(m))).toBeLessThanOrEqual(MAX_CLOUD_MESSAGE_BYTES);
    expect(messages.map((m) => m.payload.part)).toEqual(messages.map((_, i) => i + 1));
    expect(messages.flatMap((m) => m.payload.entries)).toHaveLength(3000);
    expect(mediaListMessages('CENG-00000001', 1, [], NOW)).toEqual([expect.objectContaining({ payload: { version: 1, part: 1, parts: 1, entries: [] } })]);
    expect(chunkEntries([])).toEqual([[]]);
  });
});
