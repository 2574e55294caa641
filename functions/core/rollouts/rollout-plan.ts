/**
 * The decisions of a staged rollout, without storage or time of its own (the rollout workflow's step applies them):
 * which wave each machine is in, whether a wave may go out now (rule date, pause, maintenance window in the
 * merchant's time zone, the rate's hour), what a machine's state becomes (updated only once it reports the new
 * version, timed out past its deadline), and whether the failures abort the rollout (AWS IoT Jobs and hawkBit's
 * abort threshold after a minimum of machines).
 */
import type { MachineRolloutState, MaintenanceWindow, RolloutWaves } from '#schemas/rollout';

/** States a machine never leaves. */
export const FINAL_MACHINE_STATES: ReadonlySet<MachineRolloutState> = new Set(['updated', 'failed', 'timedOut', 'skipped', 'cancelled']);
/** States that count against the failure threshold. */
const FAILED_STATES: ReadonlySet<MachineRolloutState> = new Set(['failed', 'timedOut']);
/** The order a machine reports its progress in: a report never moves it back (QoS 1 repeats, late messages). */
const PROGRESS: readonly MachineRolloutState[] = ['queued', 'sent', 'downloading', 'downloaded', 'verified', 'updating'];

/** The machines in waves, in the order given: `count` waves as even as can be, or waves of `perHour` machines. */
export function planWaves<T>(machines: readonly T[], waves: RolloutWaves): T[][] {
  const size = waves.kind === 'rate' ? waves.perHour : Math.ceil(machines.length / Math.max(1, Math.min(waves.count, machines.length)));
  const planned: T[][] = [];
  for (let i = 0; i < machines.length; i += size) planned.push(machines.slice(i, i + size));
  return planned;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time (HH:MM) of an instant in the zone. */
export function timeIn(timeZone: string, instant: string): string {
  let f = timeFormats.get(timeZone);
  if (!f) timeFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })));
  return f.format(Date.parse(instant));
}

/** Whether `now` is inside the window (from inclusive, to exclusive) in the merchant's zone; no window is always. */
export const inWindow = (window: MaintenanceWindow | null, timeZone: string, now: string) => {
  if (!window) return true;
  const t = timeIn(timeZone, now);
  return window.from <= t && t < window.to;
};

export interface WaveGate {
  status: 'scheduled' | 'running' | 'paused' | 'completed' | 'aborted' | 'cancelled';
  startAt: string;
  waves: RolloutWaves;
  maintenanceWindow: MaintenanceWindow | null;
  /** When the wave before went out (rate: the next one waits an hour after it). */
  previousWaveSentAt?: string;
}

/** Why the next wave does not go out now, or undefined when it may. */
export function holdOf(rule: WaveGate, timeZone: string, now: string): 'paused' | 'ended' | 'beforeStart' | 'outsideWindow' | 'rate' | undefined {
  if (rule.status === 'paused') return 'paused';
  if (rule.status !== 'scheduled' && rule.status !== 'running') return 'ended';
  if (now < rule.startAt) return 'beforeStart';
  if (!inWindow(rule.maintenanceWindow, timeZone, now)) return 'outsideWindow';
  if (rule.waves.kind === 'rate' && rule.previousWaveSentAt && Date.parse(now) < Date.parse(rule.previousWaveSentAt) + 3_600_000) return 'rate';
  return undefined;
}

/** A machine of the wave being watched: its state, when its command went out, and the version it reports now. */
export interface WatchedMachine {
  state: MachineRolloutState;
  sentAt?: string;
  reportedVersion?: string;
}

/**
 * The state a machine of a sent wave moves to at `now`: updated once its telemetry reports the target version (and
 * only then), timed out when that has not happened `timeoutSeconds` after its command; final states stay.
 */
export function watchedState(m: WatchedMachine, targetVersion: string, timeoutSeconds: number, now: string): MachineRolloutState {
  if (FINAL_MACHINE_STATES.has(m.state)) return m.state;
  if (m.state !== 'queued' && m.reportedVersion === targetVersion) return 'updated';
  if (m.sentAt && Date.parse(now) >= Date.parse(m.sentAt) + timeoutSeconds * 1000) return 'timedOut';
  return m.state;
}

/** A machine's report applied to its state: only forward along the progress, `failed` from any unfinished state. */
export function reportedState(current: MachineRolloutState, reported: MachineRolloutState): MachineRolloutState {
  if (FINAL_MACHINE_STATES.has(current)) return current;
  if (reported === 'failed') return 'failed';
  // "updated" is the rollout's to say, from the reported version: a machine's own claim moves it to updating at most.
  const target = reported === 'updated' ? 'updating' : reported;
  const [from, to] = [PROGRESS.indexOf(current), PROGRESS.indexOf(target)];
  return to > from ? target : current;
}

/** Whether the failures so far abort the rollout: past the threshold (percent of finished machines), once enough have finished. */
export function shouldAbort(counts: Partial<Record<MachineRolloutState, number>>, minMachines: number, thresholdPercent: number): boolean {
  let finished = 0;
  let failed = 0;
  for (const [state, n] of Object.entries(counts) as Array<[MachineRolloutState, number]>) {
    if (state === 'skipped' || state === 'cancelled' || !FINAL_MACHINE_STATES.has(state)) continue;
    finished += n;
    if (FAILED_STATES.has(state)) failed += n;
  }
  return finished > 0 && finished >= minMachines && (failed / finished) * 100 > thresholdPercent;
}

/** Whether every machine of a wave has finished (the next wave may then go out). */
export const waveFinished = (states: readonly MachineRolloutState[]) => states.every((s) => FINAL_MACHINE_STATES.has(s));
