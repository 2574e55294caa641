import type { LastSensorsInfo } from '#schemas/pos-config';
import type { SensorReading } from '#schemas/pos';
import type { Principal } from '../shared/principal';
import { UNKNOWN_CONNECTION } from './model';
import type { PosHistoryRepository } from './history-ports';
import type { PosReader } from './ports';
import { requireVisiblePos } from './use-cases';

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

/** One sample per telemetry message: 31 days of a device pinging every 5 minutes fit. */
const MAX_SENSOR_SAMPLES = 10_000;

/** The signal or temperature chart of a machine between two instants. */
export async function sensorHistory(
  deps: { pos: PosReader; posHistory: PosHistoryRepository },
  principal: Principal,
  serial: string,
  kind: 'signal' | 'temperature',
  from: string,
  to: string,
): Promise<SensorReading[]> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const samples = await deps.posHistory.sensorSamples(record.merchantId, serial, new Date(from).toISOString(), new Date(to).toISOString(), MAX_SENSOR_SAMPLES);
  return samples.map((s) => ({ at: s.at, value: kind === 'signal' ? s.signalLevel : s.temperature }));
}
