import type { LastSensorsInfo } from '../../../schemas/pos-config';
import type { Principal } from '../shared/principal';
import { UNKNOWN_CONNECTION } from './model';
import type { PosRepository } from './ports';
import { requireVisiblePos } from './use-cases';

/** GET /pos/{id}/last-sensors-info: read with the machine (its TELEMETRY item comes in the same BatchGet). */
export async function lastSensorsInfo(deps: { pos: PosRepository }, principal: Principal, serial: string): Promise<LastSensorsInfo> {
  const { telemetry: t } = await requireVisiblePos(deps, principal, serial);
  return { serial, signalLevel: t.signalLevel ?? null, temperature: t.temperature ?? null, lastPingAt: t.lastPingAt ?? null, connection: t.connection ?? UNKNOWN_CONNECTION };
}
