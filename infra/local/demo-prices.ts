/**
 * The demo's prices: Acme's planogram machines with prices in every state an operator meets (sync, pending,
 * modified in device, via ERP API, synced or pending), two versions where a state needs a history, written
 * through the prices repository. Acme's ERP API is switched on. The simulated machines start with the prices
 * the cloud believes they run (`runningPrices`), so their audits keep these states until someone acts.
 */
import { SUPER_ADMIN_SETTINGS_DEFAULTS } from '#schemas/merchant-settings';
import { DEVICE_AUTHOR, ERP_AUTHOR, type PriceAction, type PriceOrigin } from '#schemas/prices-constants';
import { sortPrices } from '../../functions/core/prices/model';
import type { Price, StoredPrices } from '../../functions/core/prices/ports';
import { DEMO_MACHINES, DEMO_PLANOGRAMS } from './demo-data';
import type { LocalRepositories } from './repositories';

type DemoPriceState = 'sync' | 'pending' | 'modifiedInDevice' | 'viaErp' | 'viaErpPending';

/** Each planogram machine's state, by name. */
const STATES: Record<string, DemoPriceState> = {
  'Milano Centrale': 'sync',
  'Monza Ospedale': 'pending',
  'Roma Termini': 'modifiedInDevice',
  'Milano Garibaldi': 'viaErp',
  'Torino Lingotto': 'pending',
  'Bergamo Fiera': 'sync',
  'Genova Brignole': 'viaErpPending',
  'Bologna Fiera': 'modifiedInDevice',
};

const ADMIN = 'merchant.admin@demo.local';
/** Cents of each planogram's first line; the next lines cost 10 more each, up to 4 steps. */
const BASE: Record<string, number> = { 'acme-coffee': 60, 'acme-snacks': 120, 'acme-cans': 100 };

/** Cash 1, key 1 (5 less) and cashless 1 on every line. */
function firstPrices(planogramId: string, selections: readonly string[]): Price[] {
  return sortPrices(
    selections.flatMap((line, i) => {
      const value = BASE[planogramId]! + 10 * (i % 5);
      return [
        { line, priceTable: 1, value },
        { line, priceTable: 2, value: value - 5 },
        { line, priceTable: 6, value },
      ];
    }),
  );
}

const raised = (prices: Price[], lines: number, by: number) => {
  const changed = new Set([...new Set(prices.map((p) => p.line))].slice(0, lines));
  return prices.map((p) => (changed.has(p.line) && p.priceTable !== 2 ? { ...p, value: p.value + by } : p));
};

interface Version {
  prices: Price[];
  origin: PriceOrigin;
  action: PriceAction;
  at: string;
  by: string;
}

/** The two versions of a state (the first the machine ran) and whether the second is synced. */
function versionsOf(state: DemoPriceState, first: Price[], at: (hoursAgo: number) => string): { versions: Version[]; secondSynced: boolean } {
  const v1: Version = { prices: first, origin: 'console', action: 'save', at: at(72), by: ADMIN };
  switch (state) {
    case 'sync':
      return { versions: [v1], secondSynced: false };
    case 'pending':
      return { versions: [v1, { prices: raised(first, 3, 10), origin: 'console', action: 'save', at: at(2), by: ADMIN }], secondSynced: false };
    case 'modifiedInDevice':
      return { versions: [v1, { prices: raised(first, 1, 20), origin: 'device', action: 'device', at: at(20), by: DEVICE_AUTHOR }], secondSynced: true };
    case 'viaErp':
      return { versions: [v1, { prices: raised(first, 2, 5), origin: 'erpApi', action: 'save', at: at(30), by: ERP_AUTHOR }], secondSynced: true };
    case 'viaErpPending':
      return { versions: [v1, { prices: raised(first, 4, 5), origin: 'erpApi', action: 'save', at: at(1), by: ERP_AUTHOR }], secondSynced: false };
  }
}

/** Seeds each machine's prices once: a machine with prices (a second start, or a user's) keeps them. */
export async function seedDemoPrices(deps: LocalRepositories): Promise<void> {
  if (!(await deps.merchantSettings.getSuperAdminSettings('acme-vending'))) {
    await deps.merchantSettings.putSuperAdminSettings({ ...SUPER_ADMIN_SETTINGS_DEFAULTS, erpApi: true, merchantId: 'acme-vending', updatedAt: deps.now() });
  }
  const nowMs = Date.parse(deps.now());
  const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString();
  for (const planogram of DEMO_PLANOGRAMS) {
    const stored = await deps.planograms.get(planogram.merchantId, planogram.id);
    if (!stored) continue;
    for (const name of planogram.machines) {
      const machine = DEMO_MACHINES.find((m) => m.merchantId === planogram.merchantId && m.name === name);
      const pos = machine && (await deps.pos.get(machine.merchantId, machine.serial));
      if (!machine || pos?.record.planogramId !== planogram.id || (await deps.prices.get(machine.merchantId, machine.serial))) continue;
      const { versions, secondSynced } = versionsOf(
        STATES[name] ?? 'sync',
        firstPrices(
          planogram.id,
          stored.lines.map((l) => l.selection),
        ),
        at,
      );
      let previous: StoredPrices | undefined;
      for (const [i, v] of versions.entries()) {
        const synced = i === 0 || secondSynced;
        const next: StoredPrices = {
          merchantId: machine.merchantId,
          serial: machine.serial,
          version: i + 1,
          revision: i + 1,
          prices: v.prices,
          origin: v.origin,
          status: synced ? 'sync' : 'pending',
          updatedAt: v.at,
          updatedBy: v.by,
          synced: synced ? v.prices : previous!.synced,
          syncedOrigin: synced ? v.origin : previous!.syncedOrigin,
          // A console save was sent and acknowledged within the hour; the machine's own change was read by an audit.
          lastSyncAt: synced ? (v.origin === 'device' ? v.at : new Date(Date.parse(v.at) + 40 * 60_000).toISOString()) : previous!.lastSyncAt,
          lastSyncBy: synced ? v.by : previous!.lastSyncBy,
          sending: null,
        };
        if (!(await deps.prices.put(next, i, { version: i + 1, ...v }))) break;
        previous = next;
      }
    }
  }
}

/** What each machine runs as far as the cloud knows (its last synced prices), for the simulator to start with. */
export async function runningPrices(deps: LocalRepositories, serials: readonly string[]): Promise<Map<string, Price[]>> {
  const out = new Map<string, Price[]>();
  for (const serial of serials) {
    const registration = await deps.pos.registration(serial);
    const prices = registration && (await deps.prices.get(registration.merchantId, serial));
    if (prices?.synced) out.set(serial, prices.synced);
  }
  return out;
}
