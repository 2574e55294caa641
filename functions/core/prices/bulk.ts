/**
 * A price change across many machines at once (issue 19 item 5): a product's lines on some price tables, set
 * to a value or moved by a delta, on a planogram's machines, a group's or chosen ones. The preview lists only
 * the machines whose current price differs; the apply saves each of those machines as a PUT would, at the
 * version its preview showed, and tells what happened to each.
 */
import { MAX_BULK_MACHINES, MAX_PRICE } from '#schemas/prices-constants';
import type { BulkMachineResult, BulkPriceApply, BulkPriceChange, BulkPricePreview, BulkPreviewMachine, BulkPriceMove } from '#schemas/prices';
import { PosNotFoundException } from '../devices/errors';
import type { PosLists } from '../devices/ports';
import { requireVisiblePos } from '../devices/use-cases';
import { GroupNotFoundException } from '../groups/errors';
import type { GroupRepository } from '../groups/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import { PlanogramNotFoundException } from '../planograms/errors';
import type { PlanogramRepository, ProductCatalogue } from '../planograms/ports';
import type { Principal } from '../shared/principal';
import { canSeeGroup, canSeeMerchant, groupScope } from '../shared/scope';
import { BulkPosNotFoundException, BulkProductNotFoundException, PricesChangedConcurrentlyException, TooManyBulkMachinesException } from './errors';
import { sortPrices } from './model';
import type { PlanogramLines, Price, StoredPrices } from './ports';
import { planogramOf, saveMachinePrices, type PriceDeps } from './use-cases';

export interface BulkDeps extends PriceDeps {
  planograms: Pick<PlanogramRepository, 'machineSerials'>;
  groups: Pick<GroupRepository, 'get'>;
  posLists: Pick<PosLists, 'listAll'>;
  products: ProductCatalogue;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

interface Machine {
  serial: string;
  name: string;
  merchantId: string;
  planogramId: string | null;
  groupId: string | null;
}

const CONCURRENCY = 8;

async function eachLimited<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const machineOf = (r: { serial: string; name: string; merchantId: string; planogramId: string | null; groupId: string | null }): Machine => ({
  serial: r.serial,
  name: r.name,
  merchantId: r.merchantId,
  planogramId: r.planogramId,
  groupId: r.groupId,
});

/** The machines the change reaches that the caller may change (a group admin: its groups' only), at most MAX_BULK_MACHINES. */
async function targetMachines(deps: BulkDeps, principal: Principal, body: BulkPriceChange): Promise<Machine[]> {
  const { merchantId, target } = body;
  if (!canSeeMerchant(principal, merchantId) || (await deps.context.merchantCurrency(merchantId)) === undefined) throw new MerchantNotFoundException();
  const scope = groupScope(principal, merchantId);
  const visible = (m: Machine) => scope.kind === 'all' || (scope.kind === 'groups' && m.groupId !== null && scope.groupIds.includes(m.groupId));
  switch (target.kind) {
    case 'machines': {
      const found = await eachLimited(target.serials, async (serial) => {
        try {
          const { record } = await requireVisiblePos(deps, principal, serial);
          return record.merchantId === merchantId ? machineOf(record) : undefined;
        } catch (error) {
          if (error instanceof PosNotFoundException) return undefined;
          throw error;
        }
      });
      const missing = found.flatMap((m, i) => (m ? [] : [i]));
      if (missing.length) throw new BulkPosNotFoundException(missing);
      return [...new Map(found.map((m) => [m!.serial, m!])).values()];
    }
    case 'planogram': {
      if (!(await deps.context.planogram(merchantId, target.planogramId))) throw new PlanogramNotFoundException();
      const serials = await deps.planograms.machineSerials(merchantId, target.planogramId, MAX_BULK_MACHINES + 1);
      if (serials.length > MAX_BULK_MACHINES) throw new TooManyBulkMachinesException(MAX_BULK_MACHINES);
      const stored = await eachLimited(serials, (serial) => deps.pos.get(merchantId, serial));
      return stored.flatMap((s) => (s && s.record.planogramId === target.planogramId ? [machineOf(s.record)] : [])).filter(visible);
    }
    case 'group': {
      if (!canSeeGroup(principal, merchantId, target.groupId) || !(await deps.groups.get(merchantId, target.groupId))) throw new GroupNotFoundException();
      const listed = await deps.posLists.listAll(merchantId, { hidden: false, groupIds: [target.groupId], filter: {} }, MAX_BULK_MACHINES);
      if (listed.length > MAX_BULK_MACHINES) throw new TooManyBulkMachinesException(MAX_BULK_MACHINES);
      return listed.map(machineOf);
    }
  }
}

interface Plan {
  changes: BulkPriceMove[];
  prices: Price[];
  problem: BulkPreviewMachine['problem'];
}

/** What the change makes of one machine's prices: on each line of the product, each chosen table. */
export function planChange(
  planogram: PlanogramLines | undefined,
  current: readonly Price[],
  body: Pick<BulkPriceChange, 'productId' | 'priceTables' | 'operation'>,
): Plan {
  const lines = planogram?.lines.filter((l) => l.productId === body.productId).map((l) => l.selection) ?? [];
  const byKey = new Map(current.map((p) => [`${p.line}*${p.priceTable}`, p]));
  const changes: BulkPriceMove[] = [];
  let problem: Plan['problem'] = null;
  for (const line of lines) {
    for (const priceTable of [...body.priceTables].sort((a, b) => a - b)) {
      const from = byKey.get(`${line}*${priceTable}`)?.value ?? null;
      const op = body.operation;
      if (op.kind === 'add' && from === null) continue;
      const to = op.kind === 'set' ? op.value : from! + op.delta;
      if (to === from) continue;
      if (to < 0) problem ??= 'negativePrice';
      else if (to > MAX_PRICE) problem ??= 'priceTooHigh';
      changes.push({ line, priceTable, from, to });
      byKey.set(`${line}*${priceTable}`, { line, priceTable, value: to });
    }
  }
  return { changes, prices: sortPrices([...byKey.values()]), problem };
}

/** The planogram of each machine, read once per planogram. */
function planogramReader(deps: BulkDeps) {
  const read = new Map<string, Promise<PlanogramLines | undefined>>();
  return (m: Machine) => {
    const key = `${m.merchantId}#${m.planogramId}`;
    if (!read.has(key)) read.set(key, planogramOf(deps, m));
    return read.get(key)!;
  };
}

async function requireProduct(deps: BulkDeps, body: BulkPriceChange): Promise<void> {
  if (!(await deps.products.existing(body.merchantId, [body.productId])).has(body.productId)) throw new BulkProductNotFoundException();
}

/** POST /prices/bulk/preview. */
export async function previewBulkChange(deps: BulkDeps, principal: Principal, body: BulkPriceChange): Promise<BulkPricePreview> {
  const [machines] = await Promise.all([targetMachines(deps, principal, body), requireProduct(deps, body)]);
  const planogramOf = planogramReader(deps);
  const planned = await eachLimited(machines, async (m): Promise<BulkPreviewMachine> => {
    const [planogram, stored] = await Promise.all([planogramOf(m), deps.prices.get(m.merchantId, m.serial)]);
    const plan = planChange(planogram, stored?.prices ?? [], body);
    return { serial: m.serial, name: m.name, version: stored?.version ?? 0, changes: plan.changes, problem: plan.problem };
  });
  return { machines: planned.filter((p) => p.changes.length > 0), considered: machines.length };
}

/** POST /prices/bulk: the machines of the preview (`versions`), each saved at its version or left with the reason. */
export async function applyBulkChange(deps: BulkDeps, principal: Principal, body: BulkPriceApply): Promise<{ machines: BulkMachineResult[]; saved: number }> {
  const [machines] = await Promise.all([targetMachines(deps, principal, body), requireProduct(deps, body)]);
  const inTarget = new Map(machines.map((m) => [m.serial, m]));
  const planogramOf = planogramReader(deps);
  const results = await eachLimited(Object.entries(body.versions), async ([serial, version]): Promise<BulkMachineResult> => {
    const m = inTarget.get(serial);
    if (!m) return { serial, outcome: 'notFound', version: null };
    const [planogram, stored] = await Promise.all([planogramOf(m), deps.prices.get(m.merchantId, serial)]);
    const current: StoredPrices | undefined = stored;
    if ((current?.version ?? 0) !== version) return { serial, outcome: 'conflict', version: current?.version ?? 0 };
    const plan = planChange(planogram, current?.prices ?? [], body);
    if (plan.problem) return { serial, outcome: plan.problem, version };
    if (plan.changes.length === 0) return { serial, outcome: 'unchanged', version };
    try {
      const saved = await saveMachinePrices(deps, m, { version, prices: plan.prices, origin: 'console', action: 'bulk', by: principal.email });
      return { serial, outcome: 'saved', version: saved.version };
    } catch (error) {
      if (error instanceof PricesChangedConcurrentlyException) return { serial, outcome: 'conflict', version: null };
      deps.log?.('error', 'bulk price change of a machine failed', { serial, error });
      return { serial, outcome: 'failed', version: null };
    }
  });
  return { machines: results, saved: results.filter((r) => r.outcome === 'saved').length };
}
