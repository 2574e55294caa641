/**
 * A cashless media (key, card, app) as the cloud keeps it, and the pure rules that change it: the machines'
 * transactions (ingestion), the users' actions (block, unblock, unblock tokens, lost-my-key) and refunds. No zod,
 * nothing of the API: the ingestion trigger bundles it.
 */
import {
  CLOUD_CREDIT_COLLECTED_TYPE,
  MAX_MEDIA_ACTIONS,
  MEDIA_DAYS,
  MEDIA_STATUS,
  REFUND_MEDIA_TYPES,
  isUnsetMediaSerial,
  type MediaActionName,
  type MediaStatusCode,
} from '#schemas/media-constants';

export interface MediaDay {
  sales: number;
  salesValue: number;
  recharges: number;
  rechargesValue: number;
}

export interface MediaActionEntry {
  action: MediaActionName;
  at: string;
  userId: string;
  email: string;
  amount?: number;
  device?: string;
  otherMediaId?: string;
  transactionId?: string;
}

/** The media item's attributes (ACCESS-PATTERNS M1). `customerId` is cust-api's: read here, never written. */
export interface MediaRecord {
  merchantId: string;
  mediaId: string;
  serial: string;
  mediaType: number;
  status: MediaStatusCode;
  keyCredit: number;
  cloudCredit: number;
  cloudCreditDevice: string | null;
  tokensBlocked: boolean;
  bonusCredit: number;
  bonusFreeSales: number;
  lastCounter: number | null;
  lastUsedAt: string | null;
  sourceType: number;
  sourceSerial: string | null;
  externalService: number;
  device: string | null;
  sapCode: string | null;
  customerId: string | null;
  replacedBy: string | null;
  replaces: string | null;
  createdAt: string;
  updatedAt: string;
  /** The last MEDIA_DAYS UTC days with sales or recharges. */
  days: Record<string, MediaDay>;
  /** Newest first, at most MAX_MEDIA_ACTIONS. */
  actions: MediaActionEntry[];
  /** Ids of the last device messages applied (a redelivered one changes nothing). */
  applied: string[];
  /** Moves on every write; every write is conditioned on the one read (0: not stored yet). */
  version: number;
}

/** One transaction of a media reported by a machine (a sale message's transaction with `media`). */
export interface MediaUse {
  messageId: string;
  /** The machine that reported it. */
  machine: string;
  type: number;
  value: number;
  mediaType: number;
  createdAt: string;
  errorSale?: boolean;
  media: { id: string; serial: string; credit?: number; bonusCredit?: number; bonusFreeSales?: number; counter?: number; externalService?: number };
  source?: { type: number; serial?: string };
}

/** Message ids a media remembers as applied. */
export const MAX_APPLIED_MESSAGES = 100;

/** Transaction types counted as a media's sales, and as its recharges (the statistics categories of issue 20). */
const SALE_TYPES = new Set([1, 2, 3, 11, 13]);
const RECHARGE_TYPES = new Set([4, 12]);

export const dayOf = (instant: string): string => instant.slice(0, 10);
const dayBefore = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The days kept: the MEDIA_DAYS UTC days up to today. */
export function recentDays(days: Record<string, MediaDay>, today: string): Record<string, MediaDay> {
  const first = dayBefore(today, MEDIA_DAYS - 1);
  return Object.fromEntries(Object.entries(days).filter(([d]) => d >= first && d <= today));
}

export function last30Days(r: Pick<MediaRecord, 'days'>, today: string): MediaDay {
  const sum: MediaDay = { sales: 0, salesValue: 0, recharges: 0, rechargesValue: 0 };
  for (const d of Object.values(recentDays(r.days, today))) {
    sum.sales += d.sales;
    sum.salesValue += d.salesValue;
    sum.recharges += d.recharges;
    sum.rechargesValue += d.rechargesValue;
  }
  return sum;
}

/** Adds one transaction to its day (sales or recharges; errors count nowhere). */
export function countInDays(
  days: Record<string, MediaDay>,
  t: { type: number; value: number; createdAt: string; errorSale?: boolean },
): Record<string, MediaDay> {
  if (t.errorSale) return days;
  const kind = SALE_TYPES.has(t.type) ? 'sales' : RECHARGE_TYPES.has(t.type) ? 'recharges' : undefined;
  if (!kind) return days;
  const day = dayOf(t.createdAt);
  const d = { ...(days[day] ?? { sales: 0, salesValue: 0, recharges: 0, rechargesValue: 0 }) };
  if (kind === 'sales') {
    d.sales += 1;
    d.salesValue += t.value;
  } else {
    d.recharges += 1;
    d.rechargesValue += t.value;
  }
  return { ...days, [day]: d };
}

export function newMedia(merchantId: string, mediaId: string, fields: Partial<MediaRecord> & { serial: string; mediaType: number }, now: string): MediaRecord {
  return {
    merchantId,
    mediaId,
    status: MEDIA_STATUS.ok,
    keyCredit: 0,
    cloudCredit: 0,
    cloudCreditDevice: null,
    tokensBlocked: false,
    bonusCredit: 0,
    bonusFreeSales: 0,
    lastCounter: null,
    lastUsedAt: null,
    sourceType: 0,
    sourceSerial: null,
    externalService: 0,
    device: null,
    sapCode: null,
    customerId: null,
    replacedBy: null,
    replaces: null,
    createdAt: now,
    updatedAt: now,
    days: {},
    actions: [],
    applied: [],
    version: 0,
    ...fields,
  };
}

/** Whether a use is newer than what the media shows: by the media's own counter when both have one, else by time. */
function isNewer(r: MediaRecord, u: MediaUse): boolean {
  if (u.media.counter !== undefined && r.lastCounter !== null) return u.media.counter > r.lastCounter;
  return r.lastUsedAt === null || u.createdAt > r.lastUsedAt;
}

/** A machine paid cloud credit onto the key (type 12 reported by a machine, not a cloud refund). */
const isCollection = (u: MediaUse) => u.type === CLOUD_CREDIT_COLLECTED_TYPE && !(REFUND_MEDIA_TYPES as readonly number[]).includes(u.mediaType);

/**
 * The machines' transactions of one media in one batch, applied in one write: created on its first use; key credit,
 * bonus, counter, last use and machine follow the newest use only (an older message never moves them back); each use
 * counts in its day; a collection of cloud credit takes it off (more than the media held: its tokens are blocked).
 * Undefined when nothing is new (every message already applied).
 */
export function applyUses(
  current: MediaRecord | undefined,
  merchantId: string,
  mediaId: string,
  uses: readonly MediaUse[],
  now: string,
): MediaRecord | undefined {
  const fresh = uses.filter((u) => !current?.applied.includes(u.messageId));
  if (fresh.length === 0) return undefined;
  const ordered = [...fresh].sort(
    (a, b) => (a.media.counter ?? -1) - (b.media.counter ?? -1) || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
  );
  const first = ordered[0]!;
  let r: MediaRecord =
    current ??
    newMedia(
      merchantId,
      mediaId,
      {
        serial: first.media.serial,
        mediaType: first.mediaType,
        sourceType: first.source?.type ?? 0,
        sourceSerial: first.source?.serial ?? first.machine,
      },
      now,
    );
  let days = r.days;
  for (const u of ordered) {
    days = countInDays(days, u);
    if (isUnsetMediaSerial(r.serial) && !isUnsetMediaSerial(u.media.serial)) r = { ...r, serial: u.media.serial };
    if (isCollection(u) && r.cloudCredit > 0) {
      const left = r.cloudCredit - u.value;
      r = { ...r, cloudCredit: Math.max(0, left), tokensBlocked: r.tokensBlocked || left < 0, cloudCreditDevice: left > 0 ? r.cloudCreditDevice : null };
    }
    if (isNewer(r, u)) {
      r = {
        ...r,
        keyCredit: u.media.credit ?? r.keyCredit,
        bonusCredit: u.media.bonusCredit ?? r.bonusCredit,
        bonusFreeSales: u.media.bonusFreeSales ?? r.bonusFreeSales,
        externalService: u.media.externalService ?? r.externalService,
        lastCounter: u.media.counter ?? r.lastCounter,
        lastUsedAt: r.lastUsedAt === null || u.createdAt > r.lastUsedAt ? u.createdAt : r.lastUsedAt,
        device: u.machine,
      };
    }
  }
  const applied = [...new Set([...fresh.map((u) => u.messageId), ...r.applied])].slice(0, MAX_APPLIED_MESSAGES);
  return { ...r, days: recentDays(days, dayOf(now)), applied, updatedAt: now };
}

export const creditOf = (r: Pick<MediaRecord, 'keyCredit' | 'cloudCredit'>): number => r.keyCredit + r.cloudCredit;

/** Who acts, and when. */
export interface Actor {
  userId: string;
  email: string;
  at: string;
}

export function withAction(r: MediaRecord, entry: Omit<MediaActionEntry, 'at' | 'userId' | 'email'>, actor: Actor): MediaRecord {
  const action: MediaActionEntry = { ...entry, at: actor.at, userId: actor.userId, email: actor.email };
  return { ...r, actions: [action, ...r.actions].slice(0, MAX_MEDIA_ACTIONS), updatedAt: actor.at };
}

export type StatusAction = 'block' | 'unblock' | 'unblockTokens';

/** Block (OK → blocked), unblock (blocked → OK), unblock tokens (a media whose tokens are blocked). Undefined + reason when not allowed. */
export function statusAction(r: MediaRecord, action: StatusAction, actor: Actor): { next: MediaRecord } | { refused: string } {
  switch (action) {
    case 'block':
      if (r.status !== MEDIA_STATUS.ok) return { refused: r.status === MEDIA_STATUS.blocked ? 'The media is already blocked' : 'A lost media stays lost' };
      return { next: withAction({ ...r, status: MEDIA_STATUS.blocked }, { action }, actor) };
    case 'unblock':
      if (r.status !== MEDIA_STATUS.blocked) return { refused: r.status === MEDIA_STATUS.ok ? 'The media is not blocked' : 'A lost media stays lost' };
      return { next: withAction({ ...r, status: MEDIA_STATUS.ok }, { action }, actor) };
    case 'unblockTokens':
      if (!r.tokensBlocked) return { refused: 'The media’s tokens are not blocked' };
      return { next: withAction({ ...r, tokensBlocked: false }, { action }, actor) };
  }
}

/**
 * A refund adds cloud credit, held for one machine (`device`) or for any. It is refused (undefined + why) on a
 * blocked or lost media, when the cloud credit would pass the maximum refund, and for a machine when the media
 * holds credit for another one. The limit bounds the cloud credit a media holds: two refunds racing on it never pass it.
 */
export function refund(
  r: MediaRecord,
  amount: number,
  maximumRefund: number,
  device: string | undefined,
  transactionId: string,
  actor: Actor,
): { next: MediaRecord } | { refused: 'blocked' | 'aboveMaximum' | 'otherDevice' } {
  if (r.status !== MEDIA_STATUS.ok) return { refused: 'blocked' };
  if (!Number.isInteger(amount) || amount <= 0 || r.cloudCredit + amount > maximumRefund) return { refused: 'aboveMaximum' };
  if (device && r.cloudCredit > 0 && r.cloudCreditDevice !== device) return { refused: 'otherDevice' };
  const next = { ...r, cloudCredit: r.cloudCredit + amount, cloudCreditDevice: device ?? null };
  return { next: withAction(next, { action: device ? 'refundMachine' : 'refund', amount, ...(device ? { device } : {}), transactionId }, actor) };
}

/**
 * Lost-my-key: the old media's remaining credit (key and cloud) goes to the new one as cloud credit (a machine
 * writes it onto the new key), the old one becomes status 2 (lost) and names its replacement.
 */
export function lostMyKey(
  old: MediaRecord,
  replacement: MediaRecord,
  actor: Actor,
): { old: MediaRecord; replacement: MediaRecord; moved: number } | { refused: string } {
  if (old.status === MEDIA_STATUS.lostKey) return { refused: 'This media is already a lost key' };
  if (replacement.mediaId === old.mediaId) return { refused: 'The new media must be another media' };
  if (replacement.status !== MEDIA_STATUS.ok) return { refused: 'The new media must be in status OK' };
  if (replacement.replaces) return { refused: 'The new media already replaced a lost key' };
  const moved = old.keyCredit + old.cloudCredit;
  return {
    moved,
    old: withAction(
      { ...old, status: MEDIA_STATUS.lostKey, keyCredit: 0, cloudCredit: 0, cloudCreditDevice: null, replacedBy: replacement.mediaId },
      { action: 'lostMyKey', amount: moved, otherMediaId: replacement.mediaId },
      actor,
    ),
    replacement: withAction(
      { ...replacement, cloudCredit: replacement.cloudCredit + moved, cloudCreditDevice: null, replaces: old.mediaId },
      { action: 'creditReceived', amount: moved, otherMediaId: old.mediaId },
      actor,
    ),
  };
}

/** What machines must know of a media offline: in the media list while blocked or lost, or while it holds cloud credit to pay. */
export function inMediaList(r: Pick<MediaRecord, 'status' | 'cloudCredit' | 'tokensBlocked'>): boolean {
  return r.status !== MEDIA_STATUS.ok || (r.cloudCredit > 0 && !r.tokensBlocked);
}

/** Whether a change alters what machines are told (the merchant's media list version then moves). */
export function mediaListChanged(before: MediaRecord | undefined, after: MediaRecord): boolean {
  const entry = (r: MediaRecord | undefined) => (r && inMediaList(r) ? `${r.status}|${r.tokensBlocked ? 0 : r.cloudCredit}|${r.cloudCreditDevice ?? ''}` : '');
  return entry(before) !== entry(after);
}

/** A media list entry as one machine sees it: the cloud credit it may pay onto the key (held for it or for any machine). */
export function listEntryFor(r: Pick<MediaRecord, 'mediaId' | 'status' | 'cloudCredit' | 'tokensBlocked' | 'cloudCreditDevice'>, machine: string) {
  const payable = r.status === MEDIA_STATUS.ok && !r.tokensBlocked && (r.cloudCreditDevice === null || r.cloudCreditDevice === machine);
  return { mediaId: r.mediaId, status: r.status, cloudCredit: payable ? r.cloudCredit : 0 };
}
