/**
 * The connection sweep: takes offline every online machine whose last ping arrived before now − the offline
 * window. No Scan: it reads the online index's buckets that fell out of the window since the last sweep.
 * A machine's seen time is written once per online bucket (its later pings in the bucket write nothing), so a
 * machine counts as silent once its seen time is older than the window plus a bucket: it never goes offline while
 * its last ping is inside the window.
 */
import { eachLimited } from './batching';
import { deviceKey, type ConnectionStates, type OnlineIndex, type RegistryLookup } from './ports';
import { bucketName, bucketsToSweep, isSilent, offlineCutoff, ONLINE_INDEX_SHARDS } from './rules';

export interface IngestionSettings {
  offlineAfterSeconds: number;
  onlineBucketSeconds: number;
  /** How often pings refresh a machine's list copy at most (default DEFAULT_LIST_COPY_SECONDS). */
  listCopySeconds?: number;
}

/** What the connection sweep needs: the registry, connection states and the online index. */
export interface SweepDeps {
  registry: RegistryLookup;
  connections: ConnectionStates;
  onlineIndex: OnlineIndex;
  settings: IngestionSettings;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface SweepOutcome {
  buckets: number;
  entries: number;
  wentOffline: number;
}

/** Takes offline every online machine whose last ping arrived before now − window. No Scan: reads the online index. */
export async function sweepConnections(deps: SweepDeps): Promise<SweepOutcome> {
  const { registry, connections, onlineIndex, settings } = deps;
  const now = deps.nowMs();
  const window = settings.offlineAfterSeconds + settings.onlineBucketSeconds;
  const range = bucketsToSweep({
    nowMs: now,
    offlineAfterSeconds: window,
    bucketSeconds: settings.onlineBucketSeconds,
    sweptThrough: await onlineIndex.sweptThrough(),
  });
  if (!range) return { buckets: 0, entries: 0, wentOffline: 0 };
  const cutoff = offlineCutoff(now, window);
  let entries = 0;
  let wentOffline = 0;
  for (let b = range.from; b <= range.to; b++) {
    const name = bucketName(b, settings.onlineBucketSeconds);
    const found = (await Promise.all(Array.from({ length: ONLINE_INDEX_SHARDS }, (_, s) => onlineIndex.onlineEntries(name, s)))).flat();
    entries += found.length;
    if (found.length === 0) continue;
    const states = await connections.telemetryStates(found);
    const silent = found.filter((d) => isSilent(states.get(deviceKey(d)), now, window));
    if (silent.length === 0) continue;
    const registrations = await registry.registrations([...new Set(silent.map((d) => d.serial))]);
    await eachLimited(silent, 8, async (d) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const reg = registrations.get(d.serial);
        if (!reg || reg.merchantId !== d.merchantId) return;
        if ((await connections.goOffline(reg, cutoff)) === 'ok') {
          wentOffline++;
          return;
        }
        const fresh = await registry.registrations([d.serial]);
        const again = await connections.telemetryStates([d]);
        if (!isSilent(again.get(deviceKey(d)), now, window)) return;
        const next = fresh.get(d.serial);
        if (next) registrations.set(d.serial, next);
        else registrations.delete(d.serial);
      }
    });
  }
  await onlineIndex.saveSweptThrough(range.to);
  return { buckets: range.to - range.from + 1, entries, wentOffline };
}
