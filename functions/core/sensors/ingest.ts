/**
 * What sensor readings do to a machine's sensor states (dirtiness.ts): each sensor's newest reading and state, the
 * machine's state in its merchant's counters, and an alarm of its own code while any sensor is critical (raised when
 * the first one enters critical, repaired when the last one leaves it), which the notification rules then serve like
 * any alarm. One guarded write per machine and batch; a concurrent batch makes it read again.
 */
import type { AlarmPayload } from '#schemas/iot';
import type { IngestionDeps } from '../ingestion/deps';
import type { Device } from '../ingestion/ports';
import { applyAlarmEvents } from '../alarms/ingest';
import { currentDirtiness, nextDirtiness, thresholdKey, worstOf, type Dirtiness } from './dirtiness';
import { modelOfSerial, type SensorState } from './ports';

/** The alarm a machine holds while a sensor is critical (a master alarm of this code gives its texts). */
export const SENSOR_CRITICAL_ALARM = 'E-SENSOR-CRITICAL';

export interface SensorReading {
  messageId: string;
  at: string;
  values: Record<string, number>;
}

const MAX_ATTEMPTS = 5;

/** The states after `readings` (in time order; a reading older than a sensor's latest is history only). */
export function advanceStates(
  before: Record<string, SensorState>,
  readings: readonly SensorReading[],
  thresholds: Record<string, { warning: number; critical: number; valuesIncrease: boolean }>,
): Record<string, SensorState> {
  const after = { ...before };
  const ordered = [...readings].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const r of ordered)
    for (const [name, value] of Object.entries(r.values)) {
      const previous = after[name];
      if (previous && previous.at >= r.at) continue;
      const t = thresholds[name];
      // A state reached under another threshold (changed since) starts again from this reading.
      const from = previous ? currentDirtiness(previous, t) : 'unknown';
      after[name] = { value, at: r.at, state: nextDirtiness(from, value, t), threshold: thresholdKey(t) };
    }
  return after;
}

const criticalSensors = (sensors: Record<string, SensorState>) =>
  Object.entries(sensors)
    .filter(([, s]) => s.state === 'critical')
    .map(([name]) => name)
    .sort();

export async function applySensorReadings(deps: Pick<IngestionDeps, 'sensors' | 'alarms'>, device: Device, readings: readonly SensorReading[]): Promise<void> {
  if (!readings.length) return;
  const thresholds = await deps.sensors.thresholds.thresholdsOf(modelOfSerial(device.serial));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const before = await deps.sensors.states.statesOf(device);
    const sensors = advanceStates(before?.sensors ?? {}, readings, thresholds);
    const state: Dirtiness = worstOf(Object.values(sensors).map((s) => s.state));
    // The alarm first (a repeat of the same message changes nothing): states saved without it would hide the change
    // from the redelivery that comes after a failure.
    const wasCritical = criticalSensors(before?.sensors ?? {});
    const critical = criticalSensors(sensors);
    if (!wasCritical.length && critical.length) await raise(deps, device, readings, 'raised', critical);
    if (wasCritical.length && !critical.length) await raise(deps, device, readings, 'cleared', wasCritical);
    if ((await deps.sensors.states.saveStates(device, { sensors, state }, before)) === 'ok') return;
  }
  throw new Error(`machine ${device.serial}: sensor states kept changing during ${MAX_ATTEMPTS} attempts`);
}

async function raise(deps: Pick<IngestionDeps, 'alarms'>, device: Device, readings: readonly SensorReading[], state: AlarmPayload['state'], sensors: string[]) {
  const last = [...readings].sort((a, b) => (a.at < b.at ? 1 : -1))[0]!;
  const masters = await deps.alarms.masterAlarms([SENSOR_CRITICAL_ALARM]);
  const payload: AlarmPayload = { code: SENSOR_CRITICAL_ALARM, state, at: last.at, detail: `sensors: ${sensors.join(', ')}`.slice(0, 1000) };
  await applyAlarmEvents(deps.alarms, device, [{ messageId: last.messageId, payload }], masters);
}
