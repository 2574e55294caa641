/**
 * Sensor thresholds per device model (GET/PUT /master-modelsensorsconfig, super admin), a machine's dirtiness per
 * sensor (/pos/{id}/sensordirtyness) and the merchant's machines per state (/sensordirtyness/stats).
 */
import { SENSOR_NAMES, submoduleOf } from '#schemas/cash-messages';
import type { DirtinessStats, PosSensorDirtiness, SensorThreshold, SensorThresholdBody } from '#schemas/sensors';
import { recordChange } from '../audit/change-recorder';
import type { PosReader } from '../devices/ports';
import { listGroups, requireVisiblePos } from '../devices/use-cases';
import { ValidationError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { currentDirtiness, isOrdered, worstOf } from './dirtiness';
import { modelOfSerial, type SensorStates } from './ports';

export interface SensorThresholdStore {
  list(model?: string): Promise<SensorThreshold[]>;
  get(model: string, name: string): Promise<SensorThreshold | undefined>;
  put(t: SensorThreshold): Promise<void>;
}

export interface SensorDeps {
  thresholds: SensorThresholdStore;
  states: SensorStates;
  pos: PosReader;
  /** The merchant's machines (`count`) and its machines per dirtiness state (`ok`, `warning`, `critical`). */
  dirtinessCounts(merchantId: string): Promise<{ machines: number; ok: number; warning: number; critical: number }>;
  nowMs: () => number;
}

export class InvalidSensorThresholdException extends ValidationError {
  constructor(valuesIncrease: boolean) {
    const message = valuesIncrease
      ? 'warning must be below critical when values increase with dirt'
      : 'warning must be above critical when values decrease with dirt';
    super('InvalidSensorThresholdException', message, [{ path: 'body.warning', message }]);
  }
}

const bySensorOrder = (a: string, b: string) => SENSOR_NAMES.indexOf(a as never) - SENSOR_NAMES.indexOf(b as never);

export async function listSensorThresholds(deps: Pick<SensorDeps, 'thresholds'>, model?: string): Promise<{ items: SensorThreshold[] }> {
  const items = await deps.thresholds.list(model);
  return { items: items.sort((a, b) => (a.model === b.model ? bySensorOrder(a.name, b.name) : a.model < b.model ? -1 : 1)) };
}

export async function putSensorThreshold(
  deps: Pick<SensorDeps, 'thresholds' | 'nowMs'>,
  model: SensorThreshold['model'],
  name: SensorThreshold['name'],
  body: SensorThresholdBody,
): Promise<SensorThreshold> {
  if (!isOrdered(body)) throw new InvalidSensorThresholdException(body.valuesIncrease);
  const before = await deps.thresholds.get(model, name);
  const after: SensorThreshold = {
    model,
    name,
    submodule: submoduleOf(name)!,
    warning: body.warning,
    critical: body.critical,
    valuesIncrease: body.valuesIncrease,
    updatedAt: new Date(deps.nowMs()).toISOString(),
  };
  await deps.thresholds.put(after);
  recordChange('sensorThreshold', `${model}#${name}`, before, after);
  return after;
}

export async function posSensorDirtiness(
  deps: Pick<SensorDeps, 'thresholds' | 'states' | 'pos'>,
  principal: Principal,
  serial: string,
): Promise<PosSensorDirtiness> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const model = modelOfSerial(serial);
  const [thresholds, states] = await Promise.all([deps.thresholds.list(model), deps.states.statesOf({ merchantId: record.merchantId, serial })]);
  const thresholdOf = new Map(thresholds.map((t) => [t.name, t]));
  const names = [...new Set([...thresholdOf.keys(), ...Object.keys(states?.sensors ?? {})])].filter((n) => submoduleOf(n)).sort(bySensorOrder);
  const sensors = names.map((name) => {
    const s = states?.sensors[name];
    const t = thresholdOf.get(name);
    return {
      name,
      submodule: submoduleOf(name)!,
      // Under the threshold now: one changed since the reading judges the reading alone (no hysteresis).
      state: s ? currentDirtiness(s, t) : ('unknown' as const),
      value: s?.value ?? null,
      at: s?.at ?? null,
      threshold: t ? { warning: t.warning, critical: t.critical, valuesIncrease: t.valuesIncrease } : null,
    };
  });
  return { serial, model, state: worstOf(sensors.map((s) => s.state)), sensors };
}

export async function dirtinessStats(deps: Pick<SensorDeps, 'dirtinessCounts'>, principal: Principal, merchantId: string): Promise<DirtinessStats> {
  listGroups(principal, merchantId);
  const { machines, ok, warning, critical } = await deps.dirtinessCounts(merchantId);
  return { unknown: Math.max(0, machines - ok - warning - critical), ok, warning, critical };
}
