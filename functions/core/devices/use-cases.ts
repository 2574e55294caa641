import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { Page } from '#schemas/paging';
import type { PointOfSale, PosCounts, PosListQuery, PosNote, PosStatusView, PosUpdate } from '#schemas/pos';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository, MerchantSettingsRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { toCsv } from '../shared/csv';
import { canSeeMerchant, groupScope } from '../shared/scope';
import type { PlanogramLines, StockRepository } from '../stock/ports';
import { syncMachineStock } from '../stock/writes';
import {
  InvalidDevicePinException,
  MerchantRequiredException,
  PosExportTooLargeException,
  PosNotFoundException,
  TooManyMachinesMovingException,
} from './errors';
import { nextUpdatedAt, toPointOfSale, toStatusView, type DeviceRegistration, type PosRecord, type StoredPos } from './model';
import type { PosPurges, PosRegroups, PosFilter, PosLists, PosNotes, PosReader, PosRecords, PosSelection } from './ports';
import { INLINE_PURGE_ITEMS } from './purge';
import { INLINE_REGROUP_ITEMS, MAX_MACHINES_MOVING } from './regroup';
import { emptyPage, pageOf } from '../shared/page';
import { recordChange, recordMerchant } from '../audit/change-recorder';

export interface PosDeps {
  pos: PosRecords;
  posLists: PosLists;
  posNotes: PosNotes;
  purges: PosPurges;
  regroups: PosRegroups;
  merchants: Pick<MerchantRepository, 'get'>;
  merchantSettings: Pick<MerchantSettingsRepository, 'merchantOfPin'>;
  stock: Pick<StockRepository, 'get' | 'put' | 'delete'>;
  planograms: PlanogramLines;
  newId: () => string;
  now: () => string;
}

/** Most machines GET /pos/list and GET /pos-csv answer; beyond it the caller narrows (spec §5: exports are capped). */
export const MAX_POS_EXPORT = 5_000;

// ------------------------------------------------------------------ scope

/**
 * A machine the caller may see, or the 404 that hides it: the registry says whose it is, and the caller's
 * scope must hold that merchant (and, for a group admin, the machine's group). Keys are then built from
 * that merchant.
 */
export async function requireVisiblePos(deps: { pos: PosReader }, principal: Principal, serial: string): Promise<StoredPos> {
  const reg = await requireVisibleRegistration(deps, principal, serial);
  const scope = groupScope(principal, reg.merchantId);
  const stored = await deps.pos.get(reg.merchantId, serial);
  if (!stored) throw new PosNotFoundException();
  if (scope.kind === 'groups' && (!stored.record.groupId || !scope.groupIds.includes(stored.record.groupId))) throw new PosNotFoundException();
  return stored;
}

/** Who owns a serial the caller may see (the registry alone: one GetItem), or the 404 that hides it. */
export async function requireVisibleRegistration(
  deps: { pos: Pick<PosReader, 'registration'> },
  principal: Principal,
  serial: string,
): Promise<DeviceRegistration> {
  const reg = await deps.pos.registration(serial);
  if (!reg) throw new PosNotFoundException();
  const scope = groupScope(principal, reg.merchantId);
  if (scope.kind === 'none' || (scope.kind === 'groups' && (!reg.groupId || !scope.groupIds.includes(reg.groupId)))) throw new PosNotFoundException();
  recordMerchant(reg.merchantId);
  return reg;
}

/** The groups a list of one merchant reads: undefined = the whole merchant; [] = nothing. */
export function listGroups(principal: Principal, merchantId: string, requested?: readonly string[]): readonly string[] | undefined {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) throw new MerchantRequiredException();
  const scope = groupScope(principal, merchantId);
  if (scope.kind === 'none') throw new MerchantNotFoundException();
  if (scope.kind === 'all') return requested;
  return requested ? requested.filter((g) => scope.groupIds.includes(g)) : scope.groupIds;
}

const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const nextDayStart = (d: string) => new Date(Date.parse(dayStart(d)) + 86_400_000).toISOString();

type ListFilters = Omit<PosListQuery, 'page' | 'size' | 'ord' | 'ordType' | 'cursor'>;

function selectionOf(principal: Principal, q: ListFilters): PosSelection {
  const filter: PosFilter = {
    ...(q.createdDateFrom ? { createdFrom: dayStart(q.createdDateFrom) } : {}),
    ...(q.createdDateTo ? { createdTo: nextDayStart(q.createdDateTo) } : {}),
    ...(q.lastUpdateDateFrom ? { updatedFrom: dayStart(q.lastUpdateDateFrom) } : {}),
    ...(q.lastUpdateDateTo ? { updatedTo: nextDayStart(q.lastUpdateDateTo) } : {}),
    ...(q.warrantyDateFrom ? { warrantyFrom: q.warrantyDateFrom } : {}),
    ...(q.warrantyDateTo ? { warrantyTo: q.warrantyDateTo } : {}),
    ...(q.clientId ? { clientId: q.clientId } : {}),
    ...(q.planogramId ? { planogramId: q.planogramId } : {}),
    ...(q.search ? { search: q.search } : {}),
  };
  return { hidden: q.hidden ?? false, groupIds: listGroups(principal, q.merchantId, q.groupIds), filter };
}

// ------------------------------------------------------------------ lists

/** GET /pos: one merchant's machines by name, narrowed to the caller's groups and the filters. */
export async function listPos(deps: PosDeps, principal: Principal, q: PosListQuery): Promise<Page<PointOfSale>> {
  const sel = selectionOf(principal, q);
  if (sel.groupIds && sel.groupIds.length === 0) return emptyPage(q);
  const [slice, total] = await Promise.all([
    deps.posLists.listSlice(q.merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.posLists.count(q.merchantId, sel),
  ]);
  return pageOf(q, slice, total);
}

/** Every selected machine (capped): the selectors' list and the CSV export. */
export async function listAllPos(deps: PosDeps, principal: Principal, q: ListFilters): Promise<PointOfSale[]> {
  const sel = selectionOf(principal, q);
  if (sel.groupIds && sel.groupIds.length === 0) return [];
  const all = await deps.posLists.listAll(q.merchantId, sel, MAX_POS_EXPORT);
  if (all.length > MAX_POS_EXPORT) throw new PosExportTooLargeException(MAX_POS_EXPORT);
  return all;
}

/** GET /pos/counts: counter items only, never the machines. A group admin gets the sum over its groups. */
export async function countPos(deps: PosDeps, principal: Principal, merchantId: string): Promise<PosCounts> {
  const groups = listGroups(principal, merchantId);
  if (groups && groups.length === 0) return { total: 0, visible: 0, hidden: 0, online: 0, offline: 0, unknown: 0, ok: 0, warning: 0, critical: 0 };
  return deps.posLists.counts(merchantId, groups);
}

const CSV_COLUMNS = [
  'serial',
  'name',
  'deviceType',
  'networkType',
  'connection',
  'status',
  'hidden',
  'lastPingAt',
  'lastSaleAt',
  'lastAuditAt',
  'signalLevel',
  'temperature',
  'firmwareVersion',
  'publicIp',
  'board',
  'modem',
  'simIccid',
  'simImsi',
  'simOperator',
  'imei',
  'macs',
  'telemetryBoard',
  'warrantyEnd',
  'groupId',
  'clientId',
  'planogramId',
  'noVendProfileId',
  'manageStock',
  'createdAt',
  'updatedAt',
] as const;

export const posCsv = (items: PointOfSale[]) => toCsv(CSV_COLUMNS, items);

// ------------------------------------------------------------------ one machine

export async function getPos(deps: PosDeps, principal: Principal, serial: string): Promise<PointOfSale> {
  const s = await requireVisiblePos(deps, principal, serial);
  return toPointOfSale(s.record, s.telemetry);
}

export async function getPosStatus(deps: PosDeps, principal: Principal, serial: string): Promise<PosStatusView> {
  return toStatusView(await getPos(deps, principal, serial));
}

/**
 * Applies a change to the record of a visible machine and answers the machine as stored. `syncStock` brings the
 * stock record in step even when no copied field changed (turning stock management on again repairs a machine
 * whose record is missing, e.g. one that had it on before stock records existed).
 */
async function change(deps: PosDeps, principal: Principal, serial: string, apply: (r: PosRecord) => PosRecord, syncStock = false): Promise<PointOfSale> {
  const current = await requireVisiblePos(deps, principal, serial);
  const next = { ...apply(current.record), updatedAt: nextUpdatedAt(deps.now(), current.record.updatedAt) };
  await deps.pos.replace(current, next);
  recordChange('pos', serial, current.record, next);
  if (syncStock || STOCK_COPIED_FIELDS.some((f) => current.record[f] !== next[f])) await syncMachineStock(deps, next, next.updatedAt);
  return toPointOfSale(next, current.telemetry);
}

/** What a machine's stock record follows (stock/writes.ts syncMachineStock). */
const STOCK_COPIED_FIELDS = ['manageStock', 'planogramId', 'name', 'groupId', 'clientId'] as const;

/** The planogram must be one of the machine's merchant (checked in the write: 404 PlanogramNotFoundException); without one, no stock management. */
export const updatePos = (deps: PosDeps, principal: Principal, serial: string, body: PosUpdate) =>
  change(deps, principal, serial, (r) => ({
    ...r,
    name: body.name.trim(),
    networkType: body.networkType,
    warrantyEnd: body.warrantyEnd,
    planogramId: body.planogramId,
    manageStock: body.planogramId ? r.manageStock : false,
  }));

export const setPosHidden = (deps: PosDeps, principal: Principal, serial: string, hidden: boolean) =>
  change(deps, principal, serial, (r) => ({ ...r, hidden }));

/**
 * The group must be one of the machine's merchant (checked in the write). The machine's alarms and commands follow
 * it (regroup.ts): a small history before this answers, a long one through the regroup sweep; a machine still
 * moving cannot move again, and at most MAX_MACHINES_MOVING of a merchant's may be moving at once.
 */
export async function associatePosGroup(deps: PosDeps, principal: Principal, serial: string, groupId: string | null): Promise<PointOfSale> {
  const { merchantId } = await requireVisibleRegistration(deps, principal, serial);
  const moving = await deps.regroups.pending(MAX_MACHINES_MOVING + 1, merchantId);
  if (moving.length >= MAX_MACHINES_MOVING && !moving.some((m) => m.serial === serial)) throw new TooManyMachinesMovingException(MAX_MACHINES_MOVING);
  let regrouped = false;
  const moved = await change(deps, principal, serial, (r) => {
    regrouped = r.groupId !== groupId;
    return { ...r, groupId };
  });
  // A failure here loses nothing: the mark written with the move keeps the machine on the sweep's list.
  if (regrouped) await deps.regroups.regroup({ merchantId, serial }, INLINE_REGROUP_ITEMS).catch(() => false);
  return moved;
}

export const associatePosClient = (deps: PosDeps, principal: Principal, serial: string, clientId: string | null) =>
  change(deps, principal, serial, (r) => ({ ...r, clientId }));

/** The profile must be one of the machine's merchant (checked in the write: 404 NoVendProfileNotFoundException). */
export const associatePosNoVendProfile = (deps: PosDeps, principal: Principal, serial: string, noVendProfileId: string | null) =>
  change(deps, principal, serial, (r) => ({ ...r, noVendProfileId }));

export const setPosManageStock = (deps: PosDeps, principal: Principal, serial: string, manageStock: boolean) =>
  change(deps, principal, serial, (r) => ({ ...r, manageStock }), true);

/**
 * PUT /pos/{id}/reset: forgets what the device reported. The TELEMETRY item goes (last ping, sale and
 * audit, signal, temperature, reported firmware/network/IP: empty; connection unknown until it reports
 * again) and `resetAt` records when. The record (name, group, client, planogram, warranty, flags), the
 * notes and the sales/audit history stay.
 */
export async function resetPos(deps: PosDeps, principal: Principal, serial: string): Promise<PointOfSale> {
  const current = await requireVisiblePos(deps, principal, serial);
  const now = nextUpdatedAt(deps.now(), current.record.updatedAt);
  const next: PosRecord = { ...current.record, resetAt: now, updatedAt: now };
  await deps.pos.reset(current, next);
  recordChange('pos', serial, current.record, next);
  // Open alarms outlive a reset, and with them the machine's status.
  const { activeWarning, activeBlocking } = current.telemetry;
  return toPointOfSale(next, { activeWarning, activeBlocking });
}

/**
 * DELETE /pos/{id}: the machine, its registry entry, notes and history. The machine is gone once its transaction
 * lands; its partition goes now when it is small and through the purge sweep otherwise (purge.ts). The serial
 * may join another merchant at once, and this one when the partition is empty.
 */
export async function deletePos(deps: PosDeps, principal: Principal, serial: string): Promise<void> {
  const stored = await requireVisiblePos(deps, principal, serial);
  await deps.pos.delete(stored);
  recordChange('pos', serial, stored.record, undefined);
  await deps.stock.delete(stored.record.merchantId, serial);
  // A failure here loses nothing: the mark written with the delete keeps the partition on the sweep's list.
  await deps.purges.purge({ merchantId: stored.record.merchantId, serial }, INLINE_PURGE_ITEMS).catch(() => false);
}

// ------------------------------------------------------------------ joining

const addMonths = (iso: string, months: number) => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/**
 * A device joins the merchant whose device-association PIN it gives. Without a principal (ingestion of a
 * join message) any merchant's PIN works; with one, only a merchant the caller sees (the same 400 as an
 * unknown PIN otherwise, so PINs do not leak). A serial of another merchant → 409; of the same merchant,
 * the stored machine is answered as it is (`created` false).
 */
export async function joinPos(
  deps: PosDeps,
  principal: Principal | undefined,
  input: { serial: string; pin: string; name: string },
): Promise<{ pos: PointOfSale; created: boolean }> {
  const merchantId = await deps.merchantSettings.merchantOfPin(input.pin);
  if (!merchantId || (principal && !canSeeMerchant(principal, merchantId))) throw new InvalidDevicePinException();
  const existing = await deps.pos.registration(input.serial);
  if (existing && existing.merchantId === merchantId) {
    const stored = await deps.pos.get(merchantId, input.serial);
    if (stored) return { pos: toPointOfSale(stored.record, stored.telemetry), created: false };
  }
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new InvalidDevicePinException();
  const now = deps.now();
  const record = newPosRecord({
    serial: input.serial,
    merchantId,
    name: input.name.trim(),
    warrantyEnd: addMonths(now, merchant.defaultWarranty + merchant.extendedWarranty),
    now,
  });
  await deps.pos.create(record);
  recordChange('pos', record.serial, undefined, record);
  return { pos: toPointOfSale(record, {}), created: true };
}

/** A new machine record with the defaults of a device that has not reported anything yet. */
export function newPosRecord(r: {
  serial: string;
  merchantId: string;
  name: string;
  now: string;
  warrantyEnd?: string | null;
  groupId?: string | null;
}): PosRecord {
  return {
    id: r.serial,
    serial: r.serial,
    merchantId: r.merchantId,
    name: r.name,
    deviceType: r.serial.slice(0, r.serial.indexOf('-')) as PosRecord['deviceType'],
    networkType: null,
    board: '',
    modem: '',
    simIccid: '',
    simImsi: '',
    simOperator: '',
    imei: '',
    macs: [],
    telemetryBoard: '',
    hidden: false,
    warrantyEnd: r.warrantyEnd ?? null,
    clientId: null,
    groupId: r.groupId ?? null,
    planogramId: null,
    noVendProfileId: null,
    manageStock: false,
    resetAt: null,
    createdAt: r.now,
    updatedAt: r.now,
  };
}

// ------------------------------------------------------------------ notes and QR code

export async function listPosNotes(
  deps: PosDeps,
  principal: Principal,
  serial: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<PosNote>> {
  const s = await requireVisiblePos(deps, principal, serial);
  const slice = await deps.posNotes.listNotes(s.record.merchantId, serial, {
    offset: (q.page - 1) * q.size,
    limit: q.size,
    ordType: q.ordType,
    cursor: q.cursor,
  });
  return pageOf(q, slice, s.notes);
}

/** createdBy is the caller's email. */
export async function addPosNote(deps: PosDeps, principal: Principal, serial: string, note: string): Promise<PosNote> {
  const s = await requireVisiblePos(deps, principal, serial);
  const created: PosNote = { id: deps.newId(), serial, note: note.trim(), createdBy: principal.email, creationDate: deps.now() };
  await deps.posNotes.addNote(s.record.merchantId, created);
  recordChange('posNote', created.id, undefined, created);
  return created;
}

/** The console link a machine's QR code carries: `{console}/devices/{serial}`. */
export async function posQrUrl(deps: { pos: PosReader }, principal: Principal, serial: string, consoleUrl: string): Promise<{ url: string }> {
  await requireVisiblePos(deps, principal, serial);
  return { url: `${consoleUrl.replace(/\/+$/, '')}/devices/${encodeURIComponent(serial)}` };
}
