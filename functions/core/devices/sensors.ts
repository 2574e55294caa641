import type { LastSensorsInfo } from '#schemas/pos-config';
import type { SensorReading } from '#schemas/pos';
import type { Principal } from '../shared/principal';
import { UNKNOWN_CONNECTION } from './model';
import type { PosHistoryRepository } from './history-ports';
import type { PosReader } from './ports';
import { requireVisiblePos } from './use-cases';
import { DEFAULT_ONLINE_BUCKET_SECONDS, SAMPLE_HEARTBEAT_SECONDS } from '../ingestion/rules';

/** GET /pos/{id}/last-sensors-info: read with the machine (its TELEMETRY item comes in the same BatchGet). */
export async function lastSensorsInfo(deps: { pos: PosReader }, principal: Principal, serial: string): Promise<LastSensorsInfo> {
  const { telemetry: t } = await requireVisiblePos(deps, principal, serial);
  return {
    serial,
    signalLevel: t.signalLevel ?? null,
    temperature: t.temperature ?? null,
    lastPingAt: t.lastPingAt ?? null,
    connection: t.connection ?? UNKNOWN_CONNECTION,
  };
}

/** Stored samples read for a chart at most (31 days of a machine whose values change every minute and a half fit). */
const MAX_SENSOR_SAMPLES = 30_000;

/**
 * Two samples (or a sample and the last ping) at most this far apart show the machine pinged between them: samples
 * are thinned (core/ingestion/rules.ts), but one is stored at least every heartbeat while the machine pings, and the
 * last ping is written at least once per online bucket.
 */
export const CONTINUOUS_GAP_MS = (SAMPLE_HEARTBEAT_SECONDS + DEFAULT_ONLINE_BUCKET_SECONDS) * 1000;
/** Consecutive samples further apart than this had unchanged pings between them: the earlier value is drawn held. */
const HELD_AFTER_MS = 120_000;

type Sample = { at: string; signalLevel: number | null; temperature: number | null };

/**
 * What a chart draws between `from` and `to` from thinned samples (oldest first, read from `from` − CONTINUOUS_GAP_MS
 * to `to` + CONTINUOUS_GAP_MS): every stored sample in the range; the value held at `from` when the machine was
 * pinging then; the earlier value held until just before each change; and the last value held until `to`, the next
 * sample or the machine's last ping, when the machine was pinging. A machine whose values did not change for an hour
 * draws that hour flat; where it was silent, nothing is drawn.
 */
export function drawnReadings(samples: readonly Sample[], kind: 'signal' | 'temperature', from: string, to: string, lastPingAt?: string): SensorReading[] {
  const valueOf = (s: Sample) => (kind === 'signal' ? s.signalLevel : s.temperature);
  const ms = (iso: string) => Date.parse(iso);
  const iso = (t: number) => new Date(t).toISOString();
  const [fromMs, toMs] = [ms(from), ms(to)];
  const inRange = samples.filter((s) => ms(s.at) >= fromMs && ms(s.at) <= toMs);
  const before = samples.filter((s) => ms(s.at) < fromMs).at(-1);
  const after = samples.find((s) => ms(s.at) > toMs);
  const continuous = (a: number, b: number | undefined) => b !== undefined && b >= a && b - a <= CONTINUOUS_GAP_MS;
  const out: SensorReading[] = [];

  const firstAt = inRange[0] ? ms(inRange[0].at) : after ? ms(after.at) : lastPingAt ? ms(lastPingAt) : undefined;
  if (before && fromMs > ms(before.at) && continuous(ms(before.at), firstAt) && firstAt! > fromMs) out.push({ at: iso(fromMs), value: valueOf(before) });
  inRange.forEach((s, i) => {
    const previous = i === 0 ? before : inRange[i - 1];
    if (previous && i > 0) {
      const gap = ms(s.at) - ms(previous.at);
      if (gap > HELD_AFTER_MS && continuous(ms(previous.at), ms(s.at)) && valueOf(previous) !== valueOf(s))
        out.push({ at: iso(ms(s.at) - 1), value: valueOf(previous) });
    }
    out.push({ at: s.at, value: valueOf(s) });
  });

  const last = inRange.at(-1) ?? (out.length ? before : undefined);
  if (last) {
    const lastMs = Math.max(ms(last.at), fromMs);
    const seenUntil =
      after && continuous(ms(last.at), ms(after.at)) ? ms(after.at) : lastPingAt && continuous(ms(last.at), ms(lastPingAt)) ? ms(lastPingAt) : undefined;
    const end = seenUntil === undefined ? undefined : Math.min(toMs, seenUntil);
    if (end !== undefined && end > lastMs) out.push({ at: iso(end), value: valueOf(last) });
  }
  return out;
}

/** The signal or temperature chart of a machine between two instants. */
export async function sensorHistory(
  deps: { pos: PosReader; posHistory: PosHistoryRepository },
  principal: Principal,
  serial: string,
  kind: 'signal' | 'temperature',
  from: string,
  to: string,
): Promise<SensorReading[]> {
  const { record, telemetry } = await requireVisiblePos(deps, principal, serial);
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  const samples = await deps.posHistory.sensorSamples(
    record.merchantId,
    serial,
    new Date(fromMs - CONTINUOUS_GAP_MS).toISOString(),
    new Date(toMs + CONTINUOUS_GAP_MS).toISOString(),
    MAX_SENSOR_SAMPLES,
  );
  return drawnReadings(samples, kind, new Date(fromMs).toISOString(), new Date(toMs).toISOString(), telemetry.lastPingAt ?? undefined);
}
