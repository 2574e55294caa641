/**
 * Stock writes outside the stock routes, and the conditional write loop every stock change uses: a machine's
 * sales and audits of one batch in one write of its stock record (ingestion), the record kept in step with its
 * machine and planogram (the pos and planograms use cases). No zod, nothing of the API: the ingestion trigger
 * bundles it.
 */
import { recordChange } from '../audit/change-recorder';
import type { PosRecord } from '../devices/model';
import { StockChangedConcurrentlyException } from './errors';
import { applyAudit, applySales, reconcile, sameStock, type AuditVends, type SoldItem, type StockRecord } from './model';
import type { PlanogramLines, StockRepository } from './ports';

export const MAX_ATTEMPTS = 5;

/**
 * Reads the record, applies `change` and writes the result conditioned on the version read, up to MAX_ATTEMPTS
 * times. `change` answers undefined when there is nothing to write. Undefined when the machine has no record.
 */
export async function changeStock(
  store: Pick<StockRepository, 'get' | 'put'>,
  merchantId: string,
  serial: string,
  change: (current: StockRecord) => StockRecord | undefined,
): Promise<StockRecord | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await store.get(merchantId, serial);
    if (!current) return undefined;
    const next = change(current);
    if (!next) return current;
    const written = { ...next, version: current.version + 1 };
    if (await store.put(written, current.version)) {
      recordChange('stock', serial, current, next);
      return written;
    }
  }
  throw new StockChangedConcurrentlyException();
}

/** A machine's sales messages of one batch, applied in one write of its stock record (none without a record or a change). */
export async function applySalesToStock(
  store: Pick<StockRepository, 'get' | 'put'>,
  device: { merchantId: string; serial: string },
  messages: ReadonlyArray<{ messageId: string; transactions: readonly SoldItem[] }>,
  now: string,
): Promise<void> {
  await changeStock(store, device.merchantId, device.serial, (r) => applySales(r, messages, now));
}

/** An audit as stock reads it; `vends` reads its EVA-DTS text only when the machine has stock (empty when not whole). */
export interface AuditForStock {
  messageId: string;
  readAt: string;
  origin: number;
  vends: () => readonly AuditVends[];
}

/** A machine's audits of one batch, in reading order: reconciliation with PA counters, origin 4 refills. */
export async function applyAuditsToStock(
  store: Pick<StockRepository, 'get' | 'put'>,
  device: { merchantId: string; serial: string },
  audits: readonly AuditForStock[],
  now: string,
): Promise<void> {
  const ordered = [...audits]
    .sort((a, b) => (a.readAt < b.readAt ? -1 : a.readAt > b.readAt ? 1 : 0))
    .map((a) => {
      let vends: readonly AuditVends[] | undefined;
      return {
        ...a,
        get vends() {
          return (vends ??= a.vends());
        },
      };
    });
  await changeStock(store, device.merchantId, device.serial, (r) => {
    let next: StockRecord | undefined;
    for (const a of ordered) next = applyAudit(next ?? r, a, now) ?? next;
    return next;
  });
}

/**
 * After a machine's record changed (planogram, stock management, name, group, client): a machine with a planogram
 * and stock management has a stock record following them (reconcile), any other has none. Not in the machine's
 * transaction: a failure here leaves the copy behind until the machine's next change, never another merchant's data.
 */
export async function syncMachineStock(
  deps: { stock: Pick<StockRepository, 'get' | 'put' | 'delete'>; planograms: PlanogramLines },
  machine: PosRecord,
  now: string,
): Promise<void> {
  const { merchantId, serial } = machine;
  const planogram = machine.manageStock && machine.planogramId ? await deps.planograms.get(merchantId, machine.planogramId) : undefined;
  if (!planogram || !machine.planogramId) {
    await deps.stock.delete(merchantId, serial);
    return;
  }
  const copy = { merchantId, serial, name: machine.name, groupId: machine.groupId, clientId: machine.clientId, planogramId: machine.planogramId };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.stock.get(merchantId, serial);
    const next = reconcile(current, copy, planogram, now);
    if (current && sameStock(current, next)) return;
    if (await deps.stock.put({ ...next, version: (current?.version ?? 0) + 1 }, current?.version)) return;
  }
  throw new StockChangedConcurrentlyException();
}

/** After a planogram's lines changed: each of its machines' stock follows (lines added at 0, removed, capacities lowered). */
export async function followPlanogram(
  deps: { stock: Pick<StockRepository, 'get' | 'put'> },
  merchantId: string,
  serials: readonly string[],
  planogram: { planogramType: 'A' | 'B'; lines: Parameters<typeof reconcile>[2]['lines'] },
  now: string,
): Promise<void> {
  for (const serial of serials) {
    await changeStock(deps.stock, merchantId, serial, (current) => {
      const next = reconcile(current, current, planogram, now);
      return sameStock(current, next) ? undefined : next;
    });
  }
}
