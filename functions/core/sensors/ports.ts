/** Sensor thresholds per device model and the machines' sensor states (adapters/dynamodb/sensor-store.ts), ACCESS-PATTERNS K1–K3. */
import type { Dirtiness, SensorThreshold } from './dirtiness';

/** A machine's latest reading and dirtiness of one sensor. */
export interface SensorState {
  value: number;
  at: string;
  state: Dirtiness;
  /** The threshold it was reached under (dirtiness.ts thresholdKey); absent before any. */
  threshold?: string;
}

/** A machine's sensor states (one item) with its version for a guarded write. */
export interface MachineSensorStates {
  sensors: Record<string, SensorState>;
  /** The machine's state (worst sensor) as counted in its merchant's dirtiness counters. */
  state: Dirtiness;
  version: number;
}

export interface SensorThresholds {
  /** A device model's thresholds by sensor name (kept a short while by a warm function). */
  thresholdsOf(model: string): Promise<Record<string, SensorThreshold>>;
}

export interface SensorStates {
  statesOf(device: { merchantId: string; serial: string }): Promise<MachineSensorStates | undefined>;
  /**
   * Writes the new states if the item is still at `expected` version (undefined: absent), moving the merchant's
   * machine counters from `expected`'s machine state to the new one in the same transaction.
   */
  saveStates(
    device: { merchantId: string; serial: string },
    states: Omit<MachineSensorStates, 'version'>,
    expected: MachineSensorStates | undefined,
  ): Promise<'ok' | 'conflict'>;
}

/** A device model of a serial (`C100-00000018` → `C100`). */
export const modelOfSerial = (serial: string) => serial.slice(0, serial.indexOf('-'));
