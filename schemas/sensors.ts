/**
 * Sensor thresholds per device model and sensor (spec §3: name, warning, critical, valuesIncrease; /master-modelsensorsconfig)
 * and the machines' dirtiness (spec §3: unknown, ok, warning, critical; /pos/{p}/sensordirtyness, /sensordirtyness/stats).
 */
import * as z from 'zod/mini';
import { SENSOR_NAMES, SUBMODULES } from './cash-messages';
import { DeviceTypeCode } from './collections';
import { MerchantId } from './merchant';

export const DIRTINESS = ['unknown', 'ok', 'warning', 'critical'] as const;
export const Dirtiness = z.enum(DIRTINESS);
export type Dirtiness = z.infer<typeof Dirtiness>;

const reading = () => z.number().check(z.gte(-1_000_000), z.lte(1_000_000));

export const SensorName = z.enum(SENSOR_NAMES as [string, ...string[]]);

/** A threshold as the super admin sets it: warning must come before critical in the direction dirt moves the values. */
export const SensorThresholdBody = z.strictObject({
  warning: reading(),
  critical: reading(),
  /** Whether values grow as dirt builds up. */
  valuesIncrease: z.boolean(),
});
export type SensorThresholdBody = z.infer<typeof SensorThresholdBody>;

export const SensorThreshold = z.object({
  model: DeviceTypeCode,
  name: SensorName,
  submodule: z.enum(SUBMODULES),
  ...SensorThresholdBody.shape,
  updatedAt: z.string(),
});
export type SensorThreshold = z.infer<typeof SensorThreshold>;

export const SensorThresholdParams = z.strictObject({ model: DeviceTypeCode, name: SensorName });
export const SensorThresholdsQuery = z.strictObject({ model: z.optional(DeviceTypeCode) });
export const SensorThresholdList = z.object({ items: z.array(SensorThreshold) });

/** One sensor of a machine: its latest reading, its state, and its model's threshold when one is set. */
export const SensorDirtiness = z.object({
  name: SensorName,
  submodule: z.enum(SUBMODULES),
  state: Dirtiness,
  value: z.nullable(z.number()),
  at: z.nullable(z.string()),
  threshold: z.nullable(SensorThresholdBody),
});
export type SensorDirtiness = z.infer<typeof SensorDirtiness>;

export const PosSensorDirtiness = z.object({
  serial: z.string(),
  model: z.string(),
  state: Dirtiness,
  sensors: z.array(SensorDirtiness),
});
export type PosSensorDirtiness = z.infer<typeof PosSensorDirtiness>;

/** Machines per dirtiness state of a merchant. */
export const DirtinessStats = z.object({ unknown: z.number(), ok: z.number(), warning: z.number(), critical: z.number() });
export type DirtinessStats = z.infer<typeof DirtinessStats>;
export const DirtinessStatsQuery = z.strictObject({ merchantId: MerchantId });
