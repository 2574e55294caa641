/**
 * How a machine's answers move its prices' sync (no zod: the command acknowledgement and audit triggers run
 * it): the acknowledgement of the prices' send (IMMEDIATE: success is sync) and the LA1 records of an audit.
 */
import { afterAcknowledgement, afterAudit, ofLines, pricesOfAudit, type PriceListRecord } from './model';
import type { PriceRepository, PricesSyncMode, StoredPrices } from './ports';

export interface PriceSyncDeps {
  prices: Pick<PriceRepository, 'get' | 'put'>;
  pricesSyncOf: (merchantId: string) => Promise<PricesSyncMode>;
  /** The machine's planogram selections (undefined: no planogram): only needed when it never had prices. */
  planogramLines: (merchantId: string, serial: string) => Promise<string[] | undefined>;
  now: () => string;
}

const ATTEMPTS = 4;

/** Reads, decides and writes conditioned on the revision read, again while someone else wrote first. */
async function update(
  deps: Pick<PriceSyncDeps, 'prices'>,
  merchantId: string,
  serial: string,
  decide: (s: StoredPrices | undefined) => Promise<{ next: StoredPrices; newVersion: boolean } | undefined>,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await deps.prices.get(merchantId, serial);
    const decided = await decide(current);
    if (!decided) return false;
    const { next, newVersion } = decided;
    const written = { ...next, revision: (current?.revision ?? 0) + 1 };
    const version = newVersion
      ? { version: next.version, prices: next.prices, origin: next.origin, action: 'device' as const, at: next.updatedAt, by: next.updatedBy }
      : undefined;
    if (await deps.prices.put(written, current?.revision ?? 0, version)) return true;
  }
  throw new Error(`prices of ${serial} kept changing during ${ATTEMPTS} attempts`);
}

/** A remote command 12 ended with `result` (0 success): with IMMEDIATE a success syncs its prices; any end closes the send. */
export async function applyPricesAcknowledgement(
  deps: PriceSyncDeps,
  command: { merchantId: string; serial: string; id: string },
  result: number,
): Promise<boolean> {
  const mode = result === 0 ? await deps.pricesSyncOf(command.merchantId) : 'AFTER_AUDIT';
  // AFTER_AUDIT: a success changes nothing: the send stays in flight until an audit shows its prices.
  if (result === 0 && mode === 'AFTER_AUDIT') return false;
  return update(deps, command.merchantId, command.serial, async (s) => {
    const next = s && afterAcknowledgement(s, command.id, result === 0, deps.now());
    return next && { next, newVersion: false };
  });
}

/** An audit's LA1 records: sync, or "modified in device" (the machine's prices become a version); a machine never priced takes them. */
export async function applyAuditPrices(
  deps: PriceSyncDeps,
  machine: { merchantId: string; serial: string },
  readAt: string,
  records: readonly PriceListRecord[],
): Promise<boolean> {
  const reported = pricesOfAudit(records);
  if (reported.length === 0) return false;
  return update(deps, machine.merchantId, machine.serial, async (s) => {
    if (s) {
      const known = new Set([...s.prices, ...(s.synced ?? []), ...(s.sending?.prices ?? [])].map((p) => p.line.toUpperCase()));
      const mine = ofLines(reported, known);
      return mine.length ? afterAudit(s, mine, readAt) : undefined;
    }
    const selections = await deps.planogramLines(machine.merchantId, machine.serial);
    const prices = selections && ofLines(reported, new Set(selections.map((l) => l.toUpperCase())));
    if (!prices?.length) return undefined;
    const first: StoredPrices = {
      merchantId: machine.merchantId,
      serial: machine.serial,
      version: 0,
      revision: 0,
      prices: [],
      origin: 'device',
      status: 'sync',
      updatedAt: readAt,
      updatedBy: '',
      synced: null,
      syncedOrigin: null,
      lastSyncAt: null,
      lastSyncBy: null,
      sending: null,
    };
    return afterAudit(first, prices, readAt);
  });
}
