import type { Page } from '#schemas/paging';
import type { ConfigSync, ConfigValues, CustomConfig, HistoricalConfig, HistoricalConfigSummary, PosConfigs } from '#schemas/pos-config';
import type { Principal } from '../shared/principal';
import { recordChange } from '../audit/change-recorder';
import { CustomConfigNotFoundException, MachineConfigurationNotFoundException } from './config-errors';
import type { PosConfigRepository, ReportedConfig, StoredCustomConfig } from './config-ports';
import { nextUpdatedAt } from './model';
import type { PosReader } from './ports';
import { requireVisiblePos } from './use-cases';
import { pageOf } from '../shared/page';

export interface ConfigDeps {
  pos: PosReader;
  posConfigs: PosConfigRepository;
  now: () => string;
}

export function sameValues(a: ConfigValues, b: ConfigValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/**
 * In sync once the latest reported configuration has exactly the custom config's values; they have agreed
 * since the later of the two (a custom config may repeat what the device already runs).
 */
export function syncOf(custom: StoredCustomConfig, latest: ReportedConfig | undefined): ConfigSync {
  if (!latest || !sameValues(custom.values, latest.values)) return { state: 'pending', lastSyncAt: null, lastSyncBy: null };
  return { state: 'sync', lastSyncAt: latest.reportedAt > custom.updatedAt ? latest.reportedAt : custom.updatedAt, lastSyncBy: custom.updatedBy };
}

const toCustomConfig = (serial: string, custom: StoredCustomConfig, latest: ReportedConfig | undefined): CustomConfig => ({
  serial,
  ...custom,
  sync: syncOf(custom, latest),
});

/** GET /pos/{id}/configs: what the machine last reported, and whether it runs its custom config. */
export async function getPosConfigs(deps: ConfigDeps, principal: Principal, serial: string): Promise<PosConfigs> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const { latest, custom } = await deps.posConfigs.current(record.merchantId, serial);
  return { serial, values: latest?.values ?? null, reportedAt: latest?.reportedAt ?? null, sync: custom ? syncOf(custom, latest) : null };
}

export async function listHistoricalConfigs(
  deps: ConfigDeps,
  principal: Principal,
  serial: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string; from?: string; to?: string },
): Promise<Page<HistoricalConfigSummary>> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const range = { from: q.from && new Date(q.from).toISOString(), to: q.to && new Date(q.to).toISOString() };
  const [slice, total] = await Promise.all([
    deps.posConfigs.historySlice(record.merchantId, serial, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor, ...range }),
    deps.posConfigs.historyCount(record.merchantId, serial, range),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map((c) => ({ id: c.id, reportedAt: c.reportedAt, valueCount: Object.keys(c.values).length })) }, total);
}

export async function getHistoricalConfig(deps: ConfigDeps, principal: Principal, serial: string, id: string): Promise<HistoricalConfig> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const found = await deps.posConfigs.historical(record.merchantId, serial, id);
  if (!found) throw new MachineConfigurationNotFoundException();
  return { id: found.id, serial, reportedAt: found.reportedAt, values: found.values };
}

export async function getCustomConfig(deps: ConfigDeps, principal: Principal, serial: string): Promise<CustomConfig> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const { latest, custom } = await deps.posConfigs.current(record.merchantId, serial);
  if (!custom) throw new CustomConfigNotFoundException();
  return toCustomConfig(serial, custom, latest);
}

/**
 * PUT /pos/{id}/custom-configs: stores what the machine should run (origin 0, set in the console). Sending
 * it to the device is a remote command; until the device reports the same values it is pending.
 */
export async function putCustomConfig(deps: ConfigDeps, principal: Principal, serial: string, values: ConfigValues): Promise<CustomConfig> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const { latest, custom } = await deps.posConfigs.current(record.merchantId, serial);
  const now = deps.now();
  const next: StoredCustomConfig = { values, origin: 0, updatedAt: custom ? nextUpdatedAt(now, custom.updatedAt) : now, updatedBy: principal.email };
  await deps.posConfigs.putCustom(record.merchantId, serial, next, custom?.updatedAt);
  recordChange('customConfig', serial, custom, next);
  return toCustomConfig(serial, next, latest);
}
