/**
 * Stock of machines (issue 19 items 3 and 4): a machine's stock, line edits and full refills (API); sales and
 * audits applied by ingestion; the stock record kept in step with its machine and planogram; the manage-stock
 * list and the pick list. Every write reads the record, applies a rule of model.ts and writes it conditioned on
 * the version read, again on a lost race.
 */
import type { Page } from '#schemas/paging';
import { MAX_PICK_LIST_MACHINES, PICK_LIST_CSV_COLUMNS, type StockStatusCode } from '#schemas/stock-constants';
import type { MachineStock, PickList, PickListQuery, StockLinesInput, StockManageQuery, StockManageRow } from '#schemas/stock';
import type { PosReader } from '../devices/ports';
import { listGroups, requireVisibleRegistration } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import { toCsv } from '../shared/csv';
import { emptyPage, pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { StockNotManagedException, TooManyPickListMachinesException } from './errors';
import { changeStock } from './writes';
import {
  dayOf,
  fullRefill,
  lineDaysToSellOut,
  lineStatus,
  quantityToBring,
  rateDays,
  setValues,
  soldInWindow,
  stockTypeOf,
  summarize,
  type StockRecord,
} from './model';
import type { ProductNames, StockRepository } from './ports';

export interface StockDeps {
  pos: PosReader;
  stock: StockRepository;
  products: ProductNames;
  now: () => string;
}

// ------------------------------------------------------------------ views

function lineViews(r: StockRecord, names: Map<string, { code: string; name: string }>, today: string): MachineStock['lines'] {
  const days = rateDays(r.trackedSince, today);
  const stockType = stockTypeOf(r.planogramType);
  return r.lines.map((l) => ({
    selection: l.selection,
    productId: l.productId,
    productName: names.get(l.productId)?.name ?? null,
    productCode: names.get(l.productId)?.code ?? null,
    capacity: l.capacity,
    warningLevel: l.warningLevel,
    refillValue: l.refillValue,
    value: l.value,
    status: lineStatus(l),
    stockType,
    lastRefillAt: l.lastRefillAt,
    updatedAt: l.updatedAt,
    soldLast30Days: soldInWindow(l, today),
    daysToSellOut: lineDaysToSellOut(l, days, today),
  }));
}

async function machineStockOf(deps: StockDeps, r: StockRecord): Promise<MachineStock> {
  const today = dayOf(deps.now());
  const names = await deps.products.names(r.merchantId, [...new Set(r.lines.map((l) => l.productId))]);
  return {
    serial: r.serial,
    merchantId: r.merchantId,
    planogramId: r.planogramId,
    stockType: stockTypeOf(r.planogramType),
    lines: lineViews(r, names, today),
    ...summarize(r, today),
    lastRefillAt: r.lastRefillAt,
    updatedAt: r.updatedAt,
  };
}

function manageRowOf(r: StockRecord, today: string): StockManageRow {
  return {
    serial: r.serial,
    name: r.name,
    groupId: r.groupId,
    clientId: r.clientId,
    planogramId: r.planogramId,
    stockType: stockTypeOf(r.planogramType),
    lines: r.lines.length,
    ...summarize(r, today),
    lastRefillAt: r.lastRefillAt,
    updatedAt: r.updatedAt,
  };
}

// ------------------------------------------------------------------ one machine (API)

/** The stock record of a machine the caller may see; 404 when it has none (no planogram or management off). */
async function visibleStock(deps: StockDeps, principal: Principal, serial: string): Promise<StockRecord> {
  const { merchantId } = await requireVisibleRegistration(deps, principal, serial);
  const record = await deps.stock.get(merchantId, serial);
  if (!record) throw new StockNotManagedException();
  return record;
}

export async function getStock(deps: StockDeps, principal: Principal, serial: string): Promise<MachineStock> {
  return machineStockOf(deps, await visibleStock(deps, principal, serial));
}

async function changeVisibleStock(
  deps: StockDeps,
  principal: Principal,
  serial: string,
  change: (r: StockRecord, now: string) => StockRecord,
): Promise<MachineStock> {
  const { merchantId } = await visibleStock(deps, principal, serial);
  const written = await changeStock(deps.stock, merchantId, serial, (r) => change(r, deps.now()));
  if (!written) throw new StockNotManagedException();
  return machineStockOf(deps, written);
}

/** PUT /pos/{id}/stock: some lines' values (not a refill: their last refill stays). */
export const editStockLines = (deps: StockDeps, principal: Principal, serial: string, body: StockLinesInput) =>
  changeVisibleStock(deps, principal, serial, (r, now) => setValues(r, body.lines, now));

/** POST /pos/{id}/stock/full-refill: every line to its refill value. Two at once both land, on the same values. */
export const fullRefillStock = (deps: StockDeps, principal: Principal, serial: string) =>
  changeVisibleStock(deps, principal, serial, (r, now) => fullRefill(r, now));

// ------------------------------------------------------------------ lists

/** GET /stock/manage: a page of the merchant's (a group admin: its groups') machines with stock, by fill. */
export async function listStock(deps: StockDeps, principal: Principal, q: StockManageQuery): Promise<Page<StockManageRow>> {
  const groupIds = listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined);
  if (groupIds && groupIds.length === 0) return emptyPage(q);
  const sel = { ...(groupIds ? { groupIds } : {}), clientId: q.clientId, planogramId: q.planogramId, status: q.status as StockStatusCode | undefined };
  const [slice, total] = await Promise.all([
    deps.stock.listSlice(q.merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.stock.count(q.merchantId, sel),
  ]);
  const today = dayOf(deps.now());
  return pageOf(q, { ...slice, items: slice.items.map((r) => manageRowOf(r, today)) }, total);
}

/** The stock records a pick list covers, inside the caller's scope; chosen machines without stock (or unseen) → 404 naming them. */
async function pickListRecords(deps: StockDeps, principal: Principal, q: PickListQuery): Promise<StockRecord[]> {
  const scope = groupScope(principal, q.merchantId);
  if (scope.kind === 'none') throw new MerchantNotFoundException();
  const visible = (r: StockRecord) => scope.kind === 'all' || (r.groupId !== null && scope.groupIds.includes(r.groupId));
  let records: StockRecord[];
  if (q.serials !== undefined) {
    records = (await deps.stock.ofMachines(q.merchantId, q.serials)).filter(visible);
    const found = new Set(records.map((r) => r.serial));
    const missing = q.serials.filter((s) => !found.has(s));
    if (missing.length) throw new StockNotManagedException(missing.map((s) => ({ path: 'query.serials', message: `${s}: no stock managed` })));
  } else if (q.groupId !== undefined) {
    if (scope.kind === 'groups' && !scope.groupIds.includes(q.groupId)) return [];
    records = await deps.stock.ofGroup(q.merchantId, q.groupId, MAX_PICK_LIST_MACHINES + 1);
  } else {
    records = (await deps.stock.ofClient(q.merchantId, q.clientId!, MAX_PICK_LIST_MACHINES + 1)).filter(visible);
  }
  if (records.length > MAX_PICK_LIST_MACHINES) throw new TooManyPickListMachinesException();
  return records;
}

/** GET /stock/pick-list: per product, what to bring (refill value minus current, per line); per machine, days to sell out. */
export async function pickList(deps: StockDeps, principal: Principal, q: PickListQuery): Promise<PickList> {
  const records = await pickListRecords(deps, principal, q);
  const now = deps.now();
  const today = dayOf(now);
  const names = await deps.products.names(q.merchantId, [...new Set(records.flatMap((r) => r.lines.map((l) => l.productId)))]);
  const products = new Map<string, PickList['products'][number]>();
  for (const r of [...records].sort((a, b) => a.name.localeCompare(b.name) || a.serial.localeCompare(b.serial))) {
    for (const l of r.lines) {
      const quantity = quantityToBring(l);
      if (quantity === 0) continue;
      const p = products.get(l.productId) ?? {
        productId: l.productId,
        productCode: names.get(l.productId)?.code ?? null,
        productName: names.get(l.productId)?.name ?? null,
        quantity: 0,
        lines: [],
      };
      p.quantity += quantity;
      p.lines.push({ serial: r.serial, machineName: r.name, selection: l.selection, value: l.value, refillValue: l.refillValue, quantity });
      products.set(l.productId, p);
    }
  }
  const machines = records
    .map((r) => {
      const s = summarize(r, today);
      return { serial: r.serial, name: r.name, fillPercent: s.fillPercent, linesOut: s.linesOut, linesLow: s.linesLow, daysToSellOut: s.daysToSellOut };
    })
    .sort((a, b) => (a.daysToSellOut ?? Infinity) - (b.daysToSellOut ?? Infinity) || a.name.localeCompare(b.name));
  const list = [...products.values()].sort((a, b) => (a.productName ?? a.productId).localeCompare(b.productName ?? b.productId));
  return { generatedAt: now, totalQuantity: list.reduce((a, p) => a + p.quantity, 0), products: list, machines };
}

/** GET /stock/pick-list/csv: one row per product and line, products in the pick list's order. */
export async function pickListCsv(deps: StockDeps, principal: Principal, q: PickListQuery): Promise<string> {
  const list = await pickList(deps, principal, q);
  const rows = list.products.flatMap((p) =>
    p.lines.map((l) => ({ productCode: p.productCode, productName: p.productName, productQuantity: p.quantity, ...l })),
  );
  return toCsv(PICK_LIST_CSV_COLUMNS, rows);
}
