/**
 * Pure ingestion rules: times, monotonic "latest" fields, the connection window and the online index
 * buckets. No I/O here (the adapter and the use cases apply them).
 */

export const DEFAULT_OFFLINE_AFTER_SECONDS = 900;
/**
 * Width of an online bucket. A machine's TELEMETRY item (last ping, connection, seen time), its online index entry
 * and its list copy are written at most once per bucket it pings in, unless its connection changes or a sample is
 * stored: so the last ping shown (detail and list) is up to a bucket late, and a ping a minute costs 3 writes every
 * 5 minutes instead of 3 a minute (issue 34).
 */
export const DEFAULT_ONLINE_BUCKET_SECONDS = 300;
/**
 * A machine's list copy (the POS item's `reported*` attributes, which a devices page shows) is refreshed from its
 * pings at most this often: the POS item is in up to three indexes projected ALL, so each refresh costs up to four
 * item writes. Connection changes and alarm counts still move the copy at once, in their transactions.
 */
export const DEFAULT_LIST_COPY_SECONDS = 3600;
/** Partitions per bucket, so one busy minute of a large fleet does not land on one partition. */
export const ONLINE_INDEX_SHARDS = 4;
/** Buckets re-read behind the last swept one (entries written late by a slow batch). */
export const SWEEP_LOOKBACK_BUCKETS = 3;
/** A sweep catches up at most this many buckets per run (it saves its progress). */
export const MAX_BUCKETS_PER_SWEEP = 120;
/** Processed-message records (idempotency) live 7 days; kept-aside messages 30 days. */
export const MESSAGE_RECORD_TTL_SECONDS = 7 * 86_400;
export const INVALID_MESSAGE_TTL_SECONDS = 30 * 86_400;
/**
 * Most characters an audit's parsed EVA-DTS lists (products, PA7, LA1, events) may take as JSON beside its text
 * (≤ 128 KB) in one stored item (DynamoDB: 400 KB). A whole 120 KB audit of PA lines parses to 0.5–0.9 MB of
 * lists, so beyond this the lists are left out (`detailsOmitted`): the text stays, and can be read again.
 */
export const MAX_AUDIT_DETAILS_CHARS = 200_000;

export type ConnectionState = 0 | 1 | 2;
export const OFFLINE = 0;
export const ONLINE = 1;
export const UNKNOWN = 2;

/** An ISO timestamp in one canonical form (UTC, milliseconds), so stored times sort as strings. */
export function canonicalTime(iso: string): string {
  return new Date(iso).toISOString();
}

export const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The element that is the latest by (time, messageId): what a "last …" field should show after all of
 * them. Ties on time are broken by messageId, so every order of arrival picks the same one.
 */
export function latest<T>(items: readonly T[], at: (t: T) => string, id: (t: T) => string): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (best === undefined || isAfter(at(item), id(item), at(best), id(best))) best = item;
  }
  return best;
}

/** Whether (at, id) comes strictly after (otherAt, otherId). */
export function isAfter(at: string, id: string, otherAt: string | undefined, otherId = ''): boolean {
  if (otherAt === undefined) return true;
  return at > otherAt || (at === otherAt && id > otherId);
}

/** Counter attribute of a connection state (spec §4: 0 offline, 1 online, 2 unknown). */
export function connectionCounter(state: ConnectionState): 'online' | 'offline' | 'unknown' {
  return state === ONLINE ? 'online' : state === OFFLINE ? 'offline' : 'unknown';
}

/** What a counter item gets when a machine moves from one connection state to another. */
export function transitionDeltas(from: ConnectionState, to: ConnectionState): Record<string, number> {
  if (from === to) return {};
  return { [connectionCounter(from)]: -1, [connectionCounter(to)]: 1 };
}

/** Last moment a ping may have been received for the machine to still count as online at `nowMs`. */
export function offlineCutoff(nowMs: number, offlineAfterSeconds: number): number {
  return nowMs - offlineAfterSeconds * 1000;
}

/** A message received before the cutoff proves nothing about the machine being online now. */
export function isStaleReceipt(receivedAt: number, nowMs: number, offlineAfterSeconds: number): boolean {
  return receivedAt < offlineCutoff(nowMs, offlineAfterSeconds);
}

export const bucketIndex = (ms: number, bucketSeconds: number) => Math.floor(ms / (bucketSeconds * 1000));
/** A bucket's name: the ISO time it starts at. */
export const bucketName = (index: number, bucketSeconds: number) => new Date(index * bucketSeconds * 1000).toISOString();

/** Stable small hash of a serial → shard of the online index. */
export function shardOf(serial: string, shards = ONLINE_INDEX_SHARDS): number {
  let h = 0;
  for (let i = 0; i < serial.length; i++) h = (h * 31 + serial.charCodeAt(i)) >>> 0;
  return h % shards;
}

/**
 * Buckets a sweep at `nowMs` reads: every bucket that ended before the cutoff and was not swept yet
 * (minus a small lookback), at most MAX_BUCKETS_PER_SWEEP of them, oldest first. A saved state ahead of
 * the clock (another clock, a test) does not stop recent buckets from being read.
 */
export function bucketsToSweep(opts: {
  nowMs: number;
  offlineAfterSeconds: number;
  bucketSeconds: number;
  sweptThrough?: number;
}): { from: number; to: number } | undefined {
  const lastEnded = bucketIndex(offlineCutoff(opts.nowMs, opts.offlineAfterSeconds), opts.bucketSeconds) - 1;
  const next = opts.sweptThrough === undefined ? lastEnded - MAX_BUCKETS_PER_SWEEP + 1 : Math.min(opts.sweptThrough + 1, lastEnded + 1);
  const from = next - SWEEP_LOOKBACK_BUCKETS;
  const to = Math.min(lastEnded, from + MAX_BUCKETS_PER_SWEEP - 1);
  return to >= from ? { from, to } : undefined;
}

/**
 * Telemetry samples (the signal and temperature charts) are thinned: a ping's sample is stored when a value changed
 * (any change of the signal level, in whole percent; of the temperature, by more than TEMPERATURE_TOLERANCE), when the
 * last stored sample is SAMPLE_HEARTBEAT_SECONDS old, or when the ping is older than the last stored sample (out of
 * order: its neighbours are unknown). The chart read draws a value as held from its sample until the next one, the
 * machine's last ping or the heartbeat, whichever comes first (core/devices/sensors.ts): so a flat hour is drawn flat,
 * and a change is stored at once. The heartbeat also bounds what a change missed by pings arriving out of order can
 * cost: the true value is stored again within it.
 */
export const SAMPLE_HEARTBEAT_SECONDS = 900;
/** The thermometers report tenths of a degree: a difference below half a tenth is rounding. */
export const TEMPERATURE_TOLERANCE = 0.05;

/** The newest stored sample of a machine (kept on its TELEMETRY item as sampleAt, sampleSignalLevel, sampleTemperature). */
export interface SampleState {
  at: string;
  signalLevel: number;
  temperature: number;
}

export interface SampledPing extends SampleState {
  messageId: string;
}

/** Whether a ping's sample differs from the last stored one beyond the tolerances. */
export const sampleChanged = (a: Pick<SampleState, 'signalLevel' | 'temperature'>, b: Pick<SampleState, 'signalLevel' | 'temperature'>) =>
  a.signalLevel !== b.signalLevel || Math.abs(a.temperature - b.temperature) > TEMPERATURE_TOLERANCE;

/**
 * The pings whose sample is stored (messageIds), given the newest stored sample before them, and the newest stored
 * sample after them. Pings are considered in time order.
 */
export function samplesToStore(
  last: SampleState | undefined,
  pings: readonly SampledPing[],
  heartbeatSeconds = SAMPLE_HEARTBEAT_SECONDS,
): { store: Set<string>; newest: SampleState | undefined } {
  const store = new Set<string>();
  let held = last;
  const ordered = [...pings].sort((a, b) => (a.at === b.at ? (a.messageId < b.messageId ? -1 : 1) : a.at < b.at ? -1 : 1));
  for (const p of ordered) {
    const outOfOrder = held !== undefined && p.at < held.at;
    const due = held === undefined || Date.parse(p.at) - Date.parse(held.at) >= heartbeatSeconds * 1000;
    if (outOfOrder || due || sampleChanged(p, held!)) {
      store.add(p.messageId);
      if (!outOfOrder) held = { at: p.at, signalLevel: p.signalLevel, temperature: p.temperature };
    }
  }
  return { store, newest: held };
}

/** What ingestion knows of a machine's state (its TELEMETRY item). */
export interface TelemetryState {
  connection?: ConnectionState;
  lastPingAt?: string;
  lastPingMessageId?: string;
  /** Epoch ms when the newest ping arrived (server clock): the connection window runs on it. */
  lastSeenAt?: number;
  onlineBucket?: string;
  /** The newest stored telemetry sample (samples are thinned). */
  sample?: SampleState;
  /** Epoch ms when pings last refreshed the list copy. */
  listCopiedAt?: number;
  /** The firmware version last stored: a machine reporting another one (after an update) is written at once. */
  firmwareVersion?: string;
}

export interface Ping {
  at: string;
  messageId: string;
  receivedAt: number;
}

/**
 * What a ping does to a machine whose state was read because the plain "newer ping of an online
 * machine" update did not apply:
 * - `advance`: it is newer and the machine is online after all (state changed meanwhile) → try again;
 * - `go-online`: the machine was offline/unknown and the ping is recent → transition (counters move);
 * - `late`: offline/unknown but the ping arrived too long ago to prove anything → only newer fields;
 * - `touch`: an older ping of an online machine → only the receive time (last ping never moves back);
 * - `none`: the same ping again.
 */
export function planPing(
  old: TelemetryState | undefined,
  ping: Ping,
  nowMs: number,
  offlineAfterSeconds: number,
): 'advance' | 'go-online' | 'late' | 'touch' | 'none' {
  const connection = old?.connection ?? UNKNOWN;
  if (connection !== ONLINE) return isStaleReceipt(ping.receivedAt, nowMs, offlineAfterSeconds) ? 'late' : 'go-online';
  if (old?.lastPingAt === ping.at && old.lastPingMessageId === ping.messageId) return 'none';
  if (isAfter(ping.at, ping.messageId, old?.lastPingAt, old?.lastPingMessageId)) return 'advance';
  return 'touch';
}

/** Whether the sweep should take this machine offline at `nowMs`. */
export function isSilent(state: TelemetryState | undefined, nowMs: number, offlineAfterSeconds: number): boolean {
  return state?.connection === ONLINE && (state.lastSeenAt ?? 0) < offlineCutoff(nowMs, offlineAfterSeconds);
}

/** Keeps the first of each messageId; returns the kept items and, per dropped index, the index kept. */
export function dedupeBy<T>(items: readonly T[], id: (t: T) => string): { kept: number[]; duplicateOf: Map<number, number> } {
  const first = new Map<string, number>();
  const kept: number[] = [];
  const duplicateOf = new Map<number, number>();
  items.forEach((item, i) => {
    const key = id(item);
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, i);
      kept.push(i);
    } else duplicateOf.set(i, seen);
  });
  return { kept, duplicateOf };
}
