/**
 * A sensor's dirtiness (spec §3: unknown, ok, warning, critical) from its latest reading and its model's threshold.
 *
 * Hysteresis: a sensor enters a worse state as soon as a reading reaches that state's threshold, and leaves a state
 * only when a reading is back past the threshold by the deadband, a tenth of the distance between warning and
 * critical. With warning 60 and critical 80 (values increase) a sensor at critical stays critical down to 78, and
 * at warning stays warning down to 58. A value hovering on a threshold therefore changes the state once, not at every
 * reading. Without a threshold for the sensor, or before its first reading, the state is unknown.
 */
export const DIRTINESS_STATES = ['unknown', 'ok', 'warning', 'critical'] as const;
export type Dirtiness = (typeof DIRTINESS_STATES)[number];

export interface SensorThreshold {
  warning: number;
  critical: number;
  /** Whether readings grow as dirt builds up (an optical gain) or fall (a transmission level). */
  valuesIncrease: boolean;
}

/** The share of |critical − warning| a reading must go back past a threshold to leave its state. */
export const DEADBAND_SHARE = 0.1;

const RANK: Record<Dirtiness, number> = { unknown: -1, ok: 0, warning: 1, critical: 2 };
const BY_RANK: Dirtiness[] = ['ok', 'warning', 'critical'];

/** Whether warning comes before critical in the direction dirt moves the readings (the only valid threshold). */
export const isOrdered = (t: SensorThreshold) => (t.valuesIncrease ? t.warning < t.critical : t.warning > t.critical);

/** The state of a reading alone, without hysteresis. */
function levelOf(value: number, t: SensorThreshold): Dirtiness {
  const past = (limit: number) => (t.valuesIncrease ? value >= limit : value <= limit);
  return past(t.critical) ? 'critical' : past(t.warning) ? 'warning' : 'ok';
}

/** The state after a reading, given the state before it. */
export function nextDirtiness(previous: Dirtiness, value: number, t: SensorThreshold | undefined): Dirtiness {
  if (!t) return 'unknown';
  const raw = levelOf(value, t);
  if (previous === 'unknown' || RANK[raw] >= RANK[previous]) return raw;
  // Better than before: leave only as far as the reading is past each threshold by the deadband.
  const deadband = Math.abs(t.critical - t.warning) * DEADBAND_SHARE;
  const held = levelOf(t.valuesIncrease ? value + deadband : value - deadband, t);
  return BY_RANK[Math.min(RANK[previous], Math.max(RANK[raw], RANK[held]))]!;
}

/** A machine's state: its worst sensor's (unknown only when no sensor has a state). */
export function worstOf(states: readonly Dirtiness[]): Dirtiness {
  return states.reduce<Dirtiness>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'unknown');
}

/** Which threshold a state was reached under: a state reached under another one is read again from its reading alone. */
export const thresholdKey = (t: SensorThreshold | undefined) => (t ? `${t.warning}|${t.critical}|${t.valuesIncrease ? 1 : 0}` : '');

/** A sensor's state under the threshold now: its own when reached under it, else its latest reading's alone. */
export function currentDirtiness(s: { value: number; state: Dirtiness; threshold?: string }, t: SensorThreshold | undefined): Dirtiness {
  if (!t) return 'unknown';
  return s.threshold === thresholdKey(t) ? s.state : nextDirtiness('unknown', s.value, t);
}
