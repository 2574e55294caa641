/**
 * Cashless media through the API (issue 20 items 3 and 4): lists, detail, transactions and refunds of a media,
 * the users' actions and refunds. Every write reads the media, applies a rule of model.ts and writes it
 * conditioned on the version read, again on a lost race. Medias are the merchant's (a key works at every machine
 * of it): every role of the merchant sees them; a group admin sees, of their transactions, only those of its
 * groups' machines and those made in the cloud.
 */
import { createHash } from 'node:crypto';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import {
  CLOUD_REFUND_MEDIA_TYPE,
  MAX_BATCH_REFUND_MEDIAS,
  MAX_MEDIA_RESULTS,
  MEDIA_STATUS,
  REFUND_TRANSACTION_TYPE,
  isUnsetMediaSerial,
} from '#schemas/media-constants';
import type {
  BatchRefundInput,
  BatchRefundResult,
  Media,
  MediaAllQuery,
  MediaDetail,
  MediaListQuery,
  MediaTransactionsQuery,
  RefundResult,
  SerialValidation,
} from '#schemas/media';
import type { Page } from '#schemas/paging';
import type { Transaction } from '#schemas/transaction';
import { SOURCE_TYPE } from '#schemas/transaction-constants';
import { MerchantRequiredException, PosNotFoundException } from '../devices/errors';
import { requireVisibleRegistration } from '../devices/use-cases';
import type { PosReader } from '../devices/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import { IdempotencyKeyReusedException } from '../remote-commands/errors';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { timeOrderedId } from '../shared/time-ordered-id';
import {
  BatchRefundMaximumException,
  LostMyKeyTargetException,
  MediaBlockedException,
  MediaChangedConcurrentlyException,
  MediaExportTooLargeException,
  MediaNotFoundException,
  MediaStatusException,
  NoMediaRefundedException,
  RefundAboveMaximumException,
  RefundDeviceConflictException,
} from './errors';
import { detailWithinCallerGroups, withinCallerGroups } from './group-view';
import { creditOf, dayOf, last30Days, lostMyKey, refund, statusAction, type Actor, type MediaRecord, type StatusAction } from './model';
import type { CloudTransaction, MediaRepository, MediaSelection, RefundContext, RefundContextReader, RefundIdempotency } from './ports';

export interface MediaDeps {
  medias: MediaRepository;
  refundContext: RefundContextReader;
  pos: PosReader;
  now: () => string;
}

/** Attempts of a write that keeps losing races (ten refunds at once on one media land within these). */
const MAX_ATTEMPTS = 25;
/** How long a retried refund POST with the same Idempotency-Key answers the first refund. */
const IDEMPOTENCY_HOURS = 24;
/** Serials of a batch looked up or refunded at once. */
const BATCH_CONCURRENCY = 8;

// ------------------------------------------------------------------ views

export function mediaView(r: MediaRecord): Media {
  return {
    mediaId: r.mediaId,
    merchantId: r.merchantId,
    serial: r.serial,
    mediaType: r.mediaType,
    status: r.status,
    credit: creditOf(r),
    keyCredit: r.keyCredit,
    cloudCredit: r.cloudCredit,
    cloudCreditDevice: r.cloudCreditDevice,
    tokensBlocked: r.tokensBlocked,
    bonusCredit: r.bonusCredit,
    bonusFreeSales: r.bonusFreeSales,
    lastCounter: r.lastCounter,
    lastUsedAt: r.lastUsedAt,
    sourceType: r.sourceType,
    sourceSerial: r.sourceSerial,
    externalService: r.externalService,
    device: r.device,
    sapCode: r.sapCode,
    customerId: r.customerId,
    replacedBy: r.replacedBy,
    replaces: r.replaces,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function detailView(r: MediaRecord, now: string): MediaDetail {
  return { ...mediaView(r), last30Days: last30Days(r, dayOf(now)), actions: r.actions };
}

// ------------------------------------------------------------------ scope

/** The merchant of a medias call: one the caller belongs to (all distributors has no medias). */
function requireMerchant(principal: Principal, merchantId: string): void {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) throw new MerchantRequiredException();
  if (groupScope(principal, merchantId).kind === 'none') throw new MerchantNotFoundException();
}

async function requireMedia(deps: Pick<MediaDeps, 'medias'>, principal: Principal, merchantId: string, mediaId: string): Promise<MediaRecord> {
  requireMerchant(principal, merchantId);
  const r = await deps.medias.get(merchantId, mediaId);
  if (!r) throw new MediaNotFoundException();
  return r;
}

const actorOf = (principal: Principal, at: string): Actor => ({ userId: principal.userId, email: principal.email, at });

// ------------------------------------------------------------------ reads

type Filters = Pick<MediaListQuery, 'search' | 'mediaType' | 'status' | 'creditMin' | 'creditMax' | 'hasCustomer'>;

function selectionOf(q: Filters): MediaSelection {
  return {
    ...(q.search ? { search: q.search } : {}),
    ...(q.mediaType !== undefined ? { mediaType: q.mediaType } : {}),
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.creditMin !== undefined ? { creditMin: q.creditMin } : {}),
    ...(q.creditMax !== undefined ? { creditMax: q.creditMax } : {}),
    ...(q.hasCustomer !== undefined ? { hasCustomer: q.hasCustomer } : {}),
  };
}

/** GET /medias: a page of the merchant's medias (a serial search reads the serial index, in serial order). */
export async function listMedias(deps: Pick<MediaDeps, 'medias' | 'pos'>, principal: Principal, q: MediaListQuery): Promise<Page<Media>> {
  requireMerchant(principal, q.merchantId);
  const sel = selectionOf(q);
  const [slice, total] = await Promise.all([
    deps.medias.listSlice(q.merchantId, sel, { offset: (q.page - 1) * q.size, limit: q.size, ord: q.ord, ordType: q.ordType, cursor: q.cursor }),
    deps.medias.count(q.merchantId, sel),
  ]);
  return pageOf(q, { ...slice, items: await withinCallerGroups(deps, principal, q.merchantId, slice.items.map(mediaView)) }, total);
}

/** GET /medias/all: every media of the selection, at most MAX_MEDIA_RESULTS (past it 400). */
export async function allMedias(deps: Pick<MediaDeps, 'medias' | 'pos'>, principal: Principal, q: MediaAllQuery): Promise<Media[]> {
  requireMerchant(principal, q.merchantId);
  const list = await deps.medias.readAll(q.merchantId, selectionOf(q), q.ord, q.ordType, MAX_MEDIA_RESULTS + 1);
  if (list.length > MAX_MEDIA_RESULTS) throw new MediaExportTooLargeException(MAX_MEDIA_RESULTS);
  return withinCallerGroups(deps, principal, q.merchantId, list.map(mediaView));
}

export async function usedMediaTypes(deps: Pick<MediaDeps, 'medias'>, principal: Principal, merchantId: string): Promise<{ mediaTypes: number[] }> {
  requireMerchant(principal, merchantId);
  return { mediaTypes: (await deps.medias.typesUsed(merchantId)).sort((a, b) => a - b) };
}

export async function getMedia(
  deps: Pick<MediaDeps, 'medias' | 'pos' | 'now'>,
  principal: Principal,
  merchantId: string,
  mediaId: string,
): Promise<MediaDetail> {
  return detailWithinCallerGroups(deps, principal, merchantId, detailView(await requireMedia(deps, principal, merchantId, mediaId), deps.now()));
}

/** GET /medias/{mediaId}/transactions: newest first; a group admin sees its groups' machines' and the cloud ones. */
export async function mediaTransactions(
  deps: Pick<MediaDeps, 'medias'>,
  principal: Principal,
  mediaId: string,
  q: MediaTransactionsQuery,
): Promise<Page<Transaction>> {
  await requireMedia(deps, principal, q.merchantId, mediaId);
  const scope = groupScope(principal, q.merchantId);
  const range = { ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}), ...(scope.kind === 'groups' ? { groupIds: scope.groupIds } : {}) };
  const [slice, total] = await Promise.all([
    deps.medias.transactions(q.merchantId, mediaId, { ...range, offset: (q.page - 1) * q.size, limit: q.size, forward: q.ordType === 'asc', cursor: q.cursor }),
    deps.medias.countTransactions(q.merchantId, mediaId, range),
  ]);
  return pageOf(q, slice, total);
}

/** GET /medias/{mediaId}/refunds: the media's refunds (cloud transactions of media types 230 and 250), newest first. */
export async function mediaRefunds(
  deps: Pick<MediaDeps, 'medias'>,
  principal: Principal,
  mediaId: string,
  q: MediaTransactionsQuery,
): Promise<Page<Transaction>> {
  await requireMedia(deps, principal, q.merchantId, mediaId);
  const range = { ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}) };
  const [slice, total] = await Promise.all([
    deps.medias.refunds(q.merchantId, mediaId, { ...range, offset: (q.page - 1) * q.size, limit: q.size, forward: q.ordType === 'asc', cursor: q.cursor }),
    deps.medias.countRefunds(q.merchantId, mediaId, range),
  ]);
  return pageOf(q, slice, total);
}

// ------------------------------------------------------------------ actions

/** POST /medias/{mediaId}/block | unblock | unblock-tokens, recorded with who and when. */
export async function changeMediaStatus(
  deps: Pick<MediaDeps, 'medias' | 'pos' | 'now'>,
  principal: Principal,
  merchantId: string,
  mediaId: string,
  action: StatusAction,
): Promise<MediaDetail> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const r = await requireMedia(deps, principal, merchantId, mediaId);
    const now = deps.now();
    const outcome = statusAction(r, action, actorOf(principal, now));
    if ('refused' in outcome) throw new MediaStatusException(outcome.refused);
    if (await deps.medias.save(outcome.next, r)) return detailWithinCallerGroups(deps, principal, merchantId, detailView(outcome.next, now));
  }
  throw new MediaChangedConcurrentlyException();
}

/** POST /medias/{mediaId}/lost-my-key: the remaining credit moves to the new media once; the old one becomes a lost key. */
export async function reportLostKey(
  deps: Pick<MediaDeps, 'medias' | 'pos' | 'now'>,
  principal: Principal,
  merchantId: string,
  mediaId: string,
  newMediaId: string,
): Promise<MediaDetail> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const old = await requireMedia(deps, principal, merchantId, mediaId);
    const replacement = newMediaId === mediaId ? old : await deps.medias.get(merchantId, newMediaId);
    if (!replacement) throw new LostMyKeyTargetException('No media of this merchant has this MediaId: the new media must be registered first');
    const now = deps.now();
    const outcome = lostMyKey(old, replacement, actorOf(principal, now));
    if ('refused' in outcome) {
      if (old.status === MEDIA_STATUS.lostKey) throw new MediaStatusException(outcome.refused);
      throw new LostMyKeyTargetException(outcome.refused);
    }
    if (await deps.medias.saveLostMyKey(outcome.old, old, outcome.replacement, replacement))
      return detailWithinCallerGroups(deps, principal, merchantId, detailView(outcome.old, now));
  }
  throw new MediaChangedConcurrentlyException();
}

// ------------------------------------------------------------------ refunds

interface RefundRequest {
  merchantId: string;
  mediaId: string;
  amount: number;
  device?: { serial: string; name: string; groupId: string | null };
  idempotencyKey?: string;
  /** What the request was (the Idempotency-Key's request hash): the same key for another request is refused. */
  request: unknown;
}

type RefundOutcome =
  { kind: 'refunded'; result: RefundResult } | { kind: 'refused'; reason: 'blocked' | 'lostKey' | 'aboveMaximum' | 'otherDevice'; media: MediaRecord };

const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** One media's refund, written with its transaction and counters at once; a retried request with its key answers the first. */
async function refundOnce(deps: MediaDeps, principal: Principal, req: RefundRequest, context: RefundContext): Promise<RefundOutcome> {
  const hash = requestHash(req.request);
  const replay = async (w: { requestHash: string; transactionId: string; createdAt: string }): Promise<RefundOutcome> => {
    if (w.requestHash !== hash) throw new IdempotencyKeyReusedException();
    const [tx, media] = await Promise.all([
      deps.medias.cloudTransaction(req.merchantId, req.mediaId, w.createdAt, w.transactionId),
      deps.medias.get(req.merchantId, req.mediaId),
    ]);
    if (!tx || !media) throw new MediaNotFoundException();
    return { kind: 'refunded', result: { transaction: tx, media: detailView(media, deps.now()) } };
  };
  if (req.idempotencyKey) {
    // A retry of a refund that landed answers it, even when a refund now would be refused (the limit it reached).
    const first = await deps.medias.refundByKey(principal.userId, req.idempotencyKey, req.mediaId);
    if (first) return replay(first);
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const r = await deps.medias.get(req.merchantId, req.mediaId);
    if (!r) throw new MediaNotFoundException();
    const now = deps.now();
    const transactionId = timeOrderedId(now);
    const outcome = refund(r, req.amount, context.maximumRefund, req.device?.serial, transactionId, actorOf(principal, now));
    if ('refused' in outcome) {
      const reason = outcome.refused === 'blocked' ? (r.status === MEDIA_STATUS.lostKey ? 'lostKey' : 'blocked') : outcome.refused;
      return { kind: 'refused', reason, media: r };
    }
    const transaction: CloudTransaction = {
      merchantId: req.merchantId,
      mediaId: r.mediaId,
      mediaSerial: r.serial,
      transactionId,
      type: REFUND_TRANSACTION_TYPE,
      mediaType: CLOUD_REFUND_MEDIA_TYPE,
      value: req.amount,
      currency: context.currency,
      timeZone: context.timeZone,
      createdAt: now,
      sourceType: SOURCE_TYPE.console,
      ...(req.device ? { serial: req.device.serial, posName: req.device.name, groupId: req.device.groupId } : {}),
    };
    const idempotency: RefundIdempotency | undefined = req.idempotencyKey
      ? {
          userId: principal.userId,
          key: req.idempotencyKey,
          requestHash: hash,
          expiresAt: new Date(Date.parse(now) + IDEMPOTENCY_HOURS * 3_600_000).toISOString(),
        }
      : undefined;
    const written = await deps.medias.saveRefund(outcome.next, r, transaction, idempotency);
    if (written.kind === 'ok') return { kind: 'refunded', result: { transaction: written.transaction, media: detailView(outcome.next, now) } };
    if (written.kind === 'replay') return replay(written);
  }
  throw new MediaChangedConcurrentlyException();
}

/** The refund's merchant context (maximum refund, currency) and its machine (the merchant's, inside the caller's groups). */
async function refundSetting(deps: MediaDeps, principal: Principal, merchantId: string, device?: string) {
  requireMerchant(principal, merchantId);
  const context = await deps.refundContext.refundContext(merchantId);
  if (!context) throw new MerchantNotFoundException();
  if (!device) return { context };
  const reg = await requireVisibleRegistration(deps, principal, device);
  const pos = reg.merchantId === merchantId ? await deps.pos.get(merchantId, device) : undefined;
  if (!pos) throw new PosNotFoundException();
  return { context, device: { serial: device, name: pos.record.name, groupId: reg.groupId ?? null } };
}

function refusal(reason: 'blocked' | 'lostKey' | 'aboveMaximum' | 'otherDevice', media: MediaRecord, maximumRefund: number): Error {
  switch (reason) {
    case 'blocked':
    case 'lostKey':
      return new MediaBlockedException();
    case 'aboveMaximum':
      return new RefundAboveMaximumException(maximumRefund, media.cloudCredit);
    case 'otherDevice':
      return new RefundDeviceConflictException();
  }
}

/** POST /medias/{mediaId}/refund and /refund-machine: cloud credit for the media (at one machine of the merchant, or any). */
export async function refundMedia(
  deps: MediaDeps,
  principal: Principal,
  merchantId: string,
  mediaId: string,
  body: { refund: number; device?: string },
  idempotencyKey?: string,
): Promise<RefundResult> {
  const { context, device } = await refundSetting(deps, principal, merchantId, body.device);
  const outcome = await refundOnce(
    deps,
    principal,
    {
      merchantId,
      mediaId,
      amount: body.refund,
      ...(device ? { device } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      request: { route: 'refund', merchantId, mediaId, refund: body.refund, device: body.device ?? null },
    },
    context,
  );
  if (outcome.kind === 'refused') throw refusal(outcome.reason, outcome.media, context.maximumRefund);
  return { ...outcome.result, media: await detailWithinCallerGroups(deps, principal, merchantId, outcome.result.media) };
}

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

type SerialMatch = { serial: string; kind: 'unknown' | 'ambiguous' } | { serial: string; kind: 'found'; media: MediaRecord };

/** Each distinct serial's media (at most one: several, or the unset serial, are ambiguous), and the repeats. */
async function matchSerials(
  deps: Pick<MediaDeps, 'medias'>,
  merchantId: string,
  serials: readonly string[],
): Promise<{ matches: SerialMatch[]; repeated: string[] }> {
  if (serials.length > MAX_BATCH_REFUND_MEDIAS) throw new BatchRefundMaximumException();
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const s of serials) (seen.has(s) ? repeated : seen).add(s);
  const distinct = [...seen];
  const matches = new Array<SerialMatch>(distinct.length);
  await eachLimited(
    distinct.map((serial, i) => ({ serial, i })),
    BATCH_CONCURRENCY,
    async ({ serial, i }) => {
      if (isUnsetMediaSerial(serial)) {
        matches[i] = { serial, kind: 'ambiguous' };
        return;
      }
      const found = await deps.medias.bySerial(merchantId, serial, 2);
      matches[i] = found.length === 1 ? { serial, kind: 'found', media: found[0]! } : { serial, kind: found.length ? 'ambiguous' : 'unknown' };
    },
  );
  return { matches, repeated: [...repeated] };
}

/** POST /medias/validate-serials: which serials name a refundable media, which are blocked or lost, which repeat, which none (or several) carry. */
export async function validateSerials(
  deps: Pick<MediaDeps, 'medias'>,
  principal: Principal,
  merchantId: string,
  serials: readonly string[],
): Promise<SerialValidation> {
  requireMerchant(principal, merchantId);
  const { matches, repeated } = await matchSerials(deps, merchantId, serials);
  const out: SerialValidation = { valid: [], blocked: [], repeated, unknown: [], ambiguous: [] };
  for (const m of matches) {
    if (m.kind !== 'found') (m.kind === 'unknown' ? out.unknown : out.ambiguous).push(m.serial);
    else if (m.media.status === MEDIA_STATUS.ok) out.valid.push({ serial: m.serial, mediaId: m.media.mediaId });
    else out.blocked.push({ serial: m.serial, mediaId: m.media.mediaId, status: m.media.status });
  }
  return out;
}

/**
 * POST /medias/batch-refund: the same refund to each media of the serials (each its own transaction; a serial
 * repeated is refunded once). None refunded → 400 NoMediaRefundedException naming each serial's reason.
 */
export async function batchRefund(
  deps: MediaDeps,
  principal: Principal,
  merchantId: string,
  body: BatchRefundInput,
  idempotencyKey?: string,
): Promise<BatchRefundResult> {
  if (body.mediaSerials.length > MAX_BATCH_REFUND_MEDIAS) throw new BatchRefundMaximumException();
  const { context, device } = await refundSetting(deps, principal, merchantId, body.device);
  const { matches, repeated } = await matchSerials(deps, merchantId, body.mediaSerials);
  const result: BatchRefundResult = { refunded: [], skipped: repeated.map((serial) => ({ serial, reason: 'repeated' as const })) };
  await eachLimited(matches, BATCH_CONCURRENCY, async (m) => {
    if (m.kind !== 'found') {
      result.skipped.push({ serial: m.serial, reason: m.kind });
      return;
    }
    const outcome = await refundOnce(
      deps,
      principal,
      {
        merchantId,
        mediaId: m.media.mediaId,
        amount: body.refund,
        ...(device ? { device } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        request: { route: 'batch-refund', merchantId, mediaId: m.media.mediaId, refund: body.refund, device: body.device ?? null },
      },
      context,
    );
    if (outcome.kind === 'refunded') {
      result.refunded.push({
        serial: m.serial,
        mediaId: m.media.mediaId,
        transactionId: outcome.result.transaction.transactionId,
        cloudCredit: outcome.result.media.cloudCredit,
      });
    } else {
      result.skipped.push({ serial: m.serial, reason: outcome.reason === 'aboveMaximum' ? 'aboveMaximumRefund' : outcome.reason });
    }
  });
  if (result.refunded.length === 0)
    throw new NoMediaRefundedException(result.skipped.map((s) => ({ path: 'body.mediaSerials', message: `${s.serial}: ${s.reason}` })));
  return result;
}
