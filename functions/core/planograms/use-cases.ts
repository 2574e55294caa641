import type { Page } from '#schemas/paging';
import type { Planogram, PlanogramDeleted, PlanogramInput } from '#schemas/planogram';
import { PosChangedConcurrentlyException } from '../devices/errors';
import { nextUpdatedAt } from '../devices/model';
import type { PosRecords } from '../devices/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import type { StockRepository } from '../stock/ports';
import { followPlanogram } from '../stock/writes';
import { PlanogramNotFoundException, PlanogramProductNotFoundException, TooManyPlanogramMachinesException } from './errors';
import type { PlanogramRepository, ProductCatalogue } from './ports';

export interface PlanogramDeps {
  planograms: PlanogramRepository;
  products: ProductCatalogue;
  merchants: MerchantRepository;
  pos: Pick<PosRecords, 'get' | 'replace'>;
  stock: Pick<StockRepository, 'get' | 'put' | 'delete'>;
  newId: () => string;
  now: () => string;
}

/**
 * Most machines a DELETE unassigns itself (one small transaction each). A planogram used by more is refused
 * (409 TooManyPlanogramMachinesException) rather than left half-unassigned for a sweep: a merchant's planogram
 * rarely runs more machines than that, and an admin sees at once what to do.
 */
export const MAX_MACHINES_UNASSIGNED = 200;

/** Machines whose stock an update of the planogram reconciles (one conditional write each, when a line changed). */
const MAX_STOCK_FOLLOWERS = 5_000;

/** Planograms are merchant-wide like clients: every role of the merchant reads them all (a group admin too). */
function requireMerchantScope(principal: Principal, merchantId: string): void {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

/** Every line's product must be one of the merchant's: otherwise 404 naming the lines. */
async function requireProducts(deps: PlanogramDeps, merchantId: string, input: PlanogramInput): Promise<void> {
  const wanted = [...new Set(input.lines.map((l) => l.productId))];
  if (wanted.length === 0) return;
  const found = await deps.products.existing(merchantId, wanted);
  const missing = input.lines.flatMap((l, i) => (found.has(l.productId) ? [] : [i]));
  if (missing.length) throw new PlanogramProductNotFoundException(missing);
}

export async function listPlanograms(
  deps: PlanogramDeps,
  principal: Principal,
  merchantId: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<Planogram>> {
  requireMerchantScope(principal, merchantId);
  const [slice, total, merchant] = await Promise.all([
    deps.planograms.listSlice(merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.planograms.count(merchantId),
    deps.merchants.get(merchantId),
  ]);
  if (!merchant) throw new MerchantNotFoundException();
  return pageOf(q, slice, total);
}

export async function getPlanogram(deps: PlanogramDeps, principal: Principal, merchantId: string, id: string): Promise<Planogram> {
  requireMerchantScope(principal, merchantId);
  const planogram = await deps.planograms.get(merchantId, id);
  if (!planogram) throw new PlanogramNotFoundException();
  return planogram;
}

export async function createPlanogram(deps: PlanogramDeps, principal: Principal, merchantId: string, input: PlanogramInput): Promise<Planogram> {
  requireMerchantScope(principal, merchantId);
  await requireProducts(deps, merchantId, input);
  const now = deps.now();
  const planogram: Planogram = { ...input, id: deps.newId(), merchantId, machines: 0, createdAt: now, updatedAt: now };
  await deps.planograms.create(planogram);
  return planogram;
}

export async function updatePlanogram(deps: PlanogramDeps, principal: Principal, merchantId: string, id: string, input: PlanogramInput): Promise<Planogram> {
  const current = await getPlanogram(deps, principal, merchantId, id);
  await requireProducts(deps, merchantId, input);
  const next: Planogram = { ...current, ...input, updatedAt: nextUpdatedAt(deps.now(), current.updatedAt) };
  await deps.planograms.update(current, next);
  // Its machines' stock follows the lines (added at 0, removed, lowered to a smaller capacity).
  await followPlanogram(deps, merchantId, await deps.planograms.machineSerials(merchantId, id, MAX_STOCK_FOLLOWERS), next, next.updatedAt);
  return next;
}

/** The machine loses the planogram and stock management with it (spec §4); a concurrent change of the machine is read again once. */
async function unassign(deps: PlanogramDeps, merchantId: string, serial: string, planogramId: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const current = await deps.pos.get(merchantId, serial);
    if (!current || current.record.planogramId !== planogramId) return false;
    const next = { ...current.record, planogramId: null, manageStock: false, updatedAt: nextUpdatedAt(deps.now(), current.record.updatedAt) };
    try {
      await deps.pos.replace(current, next);
      await deps.stock.delete(merchantId, serial);
      return true;
    } catch (error) {
      if (!(error instanceof PosChangedConcurrentlyException) || attempt > 0) throw error;
    }
  }
}

/**
 * Spec §4: deleting a planogram disables stock management of its machines. They are unassigned first (each in
 * its own transaction, which moves the planogram's count), then the planogram goes, conditioned on no machine
 * left: a failure half-way leaves the planogram with its remaining machines, and deleting again finishes.
 */
export async function deletePlanogram(deps: PlanogramDeps, principal: Principal, merchantId: string, id: string): Promise<PlanogramDeleted> {
  const planogram = await getPlanogram(deps, principal, merchantId, id);
  const serials = await deps.planograms.machineSerials(merchantId, id, MAX_MACHINES_UNASSIGNED + 1);
  if (serials.length > MAX_MACHINES_UNASSIGNED) throw new TooManyPlanogramMachinesException(MAX_MACHINES_UNASSIGNED);
  let machinesUnassigned = 0;
  for (const serial of serials) if (await unassign(deps, merchantId, serial, id)) machinesUnassigned++;
  await deps.planograms.delete(planogram);
  return { machinesUnassigned };
}
