/** A machine's prices in the console (issue 19 item 5; the contract and its decisions: schemas/prices.ts). */
import type { Page } from '#schemas/paging';
import type { PriceOrigin } from '#schemas/prices-constants';
import type { PosPrices, PriceHistoryQuery, PricesCancel, PricesSave, PricesSend, PriceVersion } from '#schemas/prices';
import { currencies } from '../collections/reference-data';
import type { StoredPos } from '../devices/model';
import type { PosReader } from '../devices/ports';
import { requireVisiblePos } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import { sendCommand, type SendDeps } from '../remote-commands/use-cases';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import {
  NoSyncedPricesException,
  PosWithoutPlanogramException,
  PricesChangedConcurrentlyException,
  SavePricesBeforeSendingException,
  UnknownPriceLineException,
} from './errors';
import { onPlanogramLines, samePrices, sortPrices } from './model';
import type { PlanogramLines, Price, PriceContext, PriceHistory, PriceRepository, ProductNames, StoredPrices, StoredPriceVersion } from './ports';
import { recordChange } from '../audit/change-recorder';

export interface PriceDeps {
  pos: PosReader;
  prices: PriceRepository;
  context: PriceContext;
  productNames: ProductNames;
  now: () => string;
}
export type PriceSendDeps = PriceDeps & SendDeps;

const ATTEMPTS = 4;

/** The machine's planogram, read with it (undefined: none, or it was deleted meanwhile). */
export async function planogramOf(
  deps: Pick<PriceDeps, 'context'>,
  record: Pick<StoredPos['record'], 'merchantId' | 'planogramId'>,
): Promise<PlanogramLines | undefined> {
  return record.planogramId ? deps.context.planogram(record.merchantId, record.planogramId) : undefined;
}

/** The answer: the machine's lines and prices, with the merchant's currency. */
async function view(deps: PriceDeps, record: StoredPos['record'], planogram: PlanogramLines | undefined, stored: StoredPrices | undefined): Promise<PosPrices> {
  const productIds = [...new Set(planogram?.lines.map((l) => l.productId) ?? [])];
  const [code, names] = await Promise.all([
    deps.context.merchantCurrency(record.merchantId),
    productIds.length ? deps.productNames.names(record.merchantId, productIds) : new Map<string, { name: string }>(),
  ]);
  if (code === undefined) throw new MerchantNotFoundException();
  const currency = currencies.find((c) => c.code === code) ?? currencies.find((c) => c.code === 'EUR')!;
  const selections = new Set(planogram?.lines.map((l) => l.selection) ?? []);
  return {
    serial: record.serial,
    merchantId: record.merchantId,
    planogramId: planogram?.id ?? null,
    currency: currency.code,
    decimals: currency.decimals,
    lines: planogram?.lines.map((l) => ({ selection: l.selection, productId: l.productId, productName: names.get(l.productId)?.name ?? null })) ?? [],
    prices: (stored?.prices ?? []).filter((p) => selections.has(p.line)),
    version: stored?.version ?? 0,
    status: stored?.status ?? null,
    origin: stored?.origin ?? null,
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
    lastSyncAt: stored?.lastSyncAt ?? null,
    lastSyncBy: stored?.lastSyncBy ?? null,
    syncedPrices: stored?.synced ?? null,
    sending: stored?.sending
      ? { commandId: stored.sending.commandId, version: stored.sending.version, sentAt: stored.sending.sentAt, sentBy: stored.sending.sentBy }
      : null,
  };
}

export async function getPrices(deps: PriceDeps, principal: Principal, serial: string): Promise<PosPrices> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const [planogram, stored] = await Promise.all([planogramOf(deps, record), deps.prices.get(record.merchantId, serial)]);
  return view(deps, record, planogram, stored);
}

/** Prices on the planogram's lines (400 naming entries of other lines); a machine without a planogram has none to set. */
export function pricesOnPlanogram(planogram: PlanogramLines | undefined, prices: readonly Price[]): Price[] {
  if (!planogram) throw new PosWithoutPlanogramException();
  const placed = onPlanogramLines(
    prices,
    planogram.lines.map((l) => l.selection),
  );
  if (placed.unknown.length) throw new UnknownPriceLineException(placed.unknown);
  return placed.prices;
}

export interface SaveRequest {
  /** The version the caller edited; undefined: whatever is current (the ERP API without a version). */
  version?: number;
  prices: Price[];
  origin: PriceOrigin;
  action: 'save' | 'bulk';
  by: string;
}

/**
 * A new version of the machine's prices if they are still at the caller's version (else 409), pending until
 * the machine runs them (sync at once when they are what it runs already). Conditioned on the revision read,
 * so of two concurrent saves one wins.
 */
export async function saveMachinePrices(
  deps: Pick<PriceDeps, 'prices' | 'now'>,
  record: { merchantId: string; serial: string },
  req: SaveRequest,
): Promise<StoredPrices> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await deps.prices.get(record.merchantId, record.serial);
    const version = stored?.version ?? 0;
    if (req.version !== undefined && req.version !== version) throw new PricesChangedConcurrentlyException();
    const at = deps.now();
    const next: StoredPrices = {
      merchantId: record.merchantId,
      serial: record.serial,
      version: version + 1,
      revision: (stored?.revision ?? 0) + 1,
      prices: req.prices,
      origin: req.origin,
      status: stored?.synced && samePrices(stored.synced, req.prices) ? 'sync' : 'pending',
      updatedAt: at,
      updatedBy: req.by,
      synced: stored?.synced ?? null,
      syncedOrigin: stored?.syncedOrigin ?? null,
      lastSyncAt: stored?.lastSyncAt ?? null,
      lastSyncBy: stored?.lastSyncBy ?? null,
      sending: stored?.sending ?? null,
    };
    const history: StoredPriceVersion = { version: next.version, prices: next.prices, origin: req.origin, action: req.action, at, by: req.by };
    if (await deps.prices.put(next, stored?.revision ?? 0, history)) {
      recordChange('prices', record.serial, stored, next);
      return next;
    }
    // Written meanwhile (a sync, a send, another save): read again; a save of another version answers 409.
  }
  throw new PricesChangedConcurrentlyException();
}

/** PUT /pos/{id}/prices. */
export async function savePrices(deps: PriceDeps, principal: Principal, serial: string, body: PricesSave): Promise<PosPrices> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const planogram = await planogramOf(deps, record);
  const prices = pricesOnPlanogram(planogram, body.prices);
  const saved = await saveMachinePrices(deps, record, { version: body.version, prices, origin: 'console', action: 'save', by: principal.email });
  return view(deps, record, planogram, saved);
}

/**
 * Sends the saved prices of `version` (remote command 12, one pending per machine, ≤ 64 KB): the send is
 * recorded on the prices before the command is published, so however fast the machine answers, its
 * acknowledgement finds it.
 */
export async function sendSavedPrices(deps: PriceSendDeps, principal: Principal, record: StoredPos['record'], stored: StoredPrices): Promise<StoredPrices> {
  let recorded = stored;
  await sendCommand(deps, principal, { serial: record.serial, type: 12, params: { prices: stored.prices }, scheduledAt: null }, undefined, async (command) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = (await deps.prices.get(record.merchantId, record.serial)) ?? stored;
      const sending = { commandId: command.id, version: stored.version, sentAt: command.createdAt, sentBy: principal.email, prices: stored.prices };
      const next = { ...current, revision: current.revision + 1, sending };
      if (await deps.prices.put(next, current.revision)) {
        recordChange('prices', record.serial, current, next);
        recorded = next;
        return;
      }
    }
    throw new PricesChangedConcurrentlyException();
  });
  return recorded;
}

/** POST /pos/{id}/prices/send: only the saved prices, and only when the caller has nothing unsaved (spec §5). */
export async function sendPrices(deps: PriceSendDeps, principal: Principal, serial: string, body: PricesSend): Promise<PosPrices> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const [planogram, stored] = await Promise.all([planogramOf(deps, record), deps.prices.get(record.merchantId, serial)]);
  if (!stored || stored.version !== body.version || stored.prices.length === 0) throw new SavePricesBeforeSendingException();
  if (body.prices && !samePrices(sortPrices(body.prices), stored.prices)) throw new SavePricesBeforeSendingException();
  return view(deps, record, planogram, await sendSavedPrices(deps, principal, record, stored));
}

/** POST /pos/{id}/prices/cancel: back to the prices the machine runs as of the last sync. */
export async function cancelPrices(deps: PriceDeps, principal: Principal, serial: string, body: PricesCancel): Promise<PosPrices> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const planogram = await planogramOf(deps, record);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await deps.prices.get(record.merchantId, serial);
    if ((stored?.version ?? 0) !== body.version) throw new PricesChangedConcurrentlyException();
    if (!stored?.synced) throw new NoSyncedPricesException();
    const at = deps.now();
    const origin = stored.syncedOrigin ?? 'console';
    const next: StoredPrices = {
      ...stored,
      version: stored.version + 1,
      revision: stored.revision + 1,
      prices: stored.synced,
      origin,
      status: 'sync',
      updatedAt: at,
      updatedBy: principal.email,
    };
    if (await deps.prices.put(next, stored.revision, { version: next.version, prices: next.prices, origin, action: 'cancel', at, by: principal.email })) {
      recordChange('prices', serial, stored, next);
      return view(deps, record, planogram, next);
    }
  }
  throw new PricesChangedConcurrentlyException();
}

/** GET /pos/{id}/historical-prices: every version, newest first unless ordType=asc. */
export async function listPriceHistory(
  deps: Pick<PriceDeps, 'pos'> & { priceHistory: PriceHistory },
  principal: Principal,
  serial: string,
  q: PriceHistoryQuery,
): Promise<Page<PriceVersion>> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const [slice, total] = await Promise.all([
    deps.priceHistory.historySlice(record.merchantId, serial, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.priceHistory.historyCount(record.merchantId, serial),
  ]);
  return pageOf(q, slice, total);
}
