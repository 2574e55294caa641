import type { PointOfSale, PosStatusView } from '#schemas/pos';

/**
 * What devices report, stored on the machine's TELEMETRY item (written by ingestion only, never indexed); lists
 * read a copy of it on the POS item (adapters/dynamodb/reported-copy.ts).
 * Every attribute is optional: absent = never reported (null / unknown).
 */
export interface Telemetry {
  lastPingAt?: string;
  signalLevel?: number;
  temperature?: number;
  connection?: 0 | 1 | 2;
  lastSaleAt?: string;
  lastAuditAt?: string;
  firmwareVersion?: string;
  networkType?: PointOfSale['networkType'];
  publicIp?: string;
  /** Open alarms of criticity warning / blocking in state active (alarm writes keep them): the machine's status. */
  activeWarning?: number;
  activeBlocking?: number;
}

export const TELEMETRY_FIELDS = [
  'lastPingAt',
  'signalLevel',
  'temperature',
  'connection',
  'lastSaleAt',
  'lastAuditAt',
  'firmwareVersion',
  'publicIp',
  'status',
] as const;

/**
 * The machine record (POS item): every PointOfSale field but the reported ones and the status, which
 * follows the machine's active alarms. `networkType` is the configured value; a reported one wins when present.
 */
export type PosRecord = Omit<PointOfSale, (typeof TELEMETRY_FIELDS)[number]>;

/** A stored machine: its record, what it reported, and how many notes it has. */
export interface StoredPos {
  record: PosRecord;
  telemetry: Telemetry;
  notes: number;
}

/** Who owns a serial (registry item): the only key built from a serial alone. */
export interface DeviceRegistration {
  serial: string;
  merchantId: string;
  groupId: string | null;
  /** The machine has a stock record (planogram and stock management); undefined on registry items older than the flag. */
  stocked?: boolean;
  /** The machine is hidden (its state counts apart, `withHiddenMirror`); undefined on registry items older than the flag: visible. */
  hidden?: boolean;
}

export const UNKNOWN_CONNECTION = 2 as const;

export function toPointOfSale(record: PosRecord, t: Telemetry): PointOfSale {
  return {
    ...record,
    networkType: t.networkType ?? record.networkType,
    lastPingAt: t.lastPingAt ?? null,
    signalLevel: t.signalLevel ?? null,
    temperature: t.temperature ?? null,
    connection: t.connection ?? UNKNOWN_CONNECTION,
    lastSaleAt: t.lastSaleAt ?? null,
    lastAuditAt: t.lastAuditAt ?? null,
    firmwareVersion: t.firmwareVersion ?? '',
    publicIp: t.publicIp ?? '',
    status: statusOf(t),
  };
}

/** Spec §4 status (1 ok, 2 warning, 3 critical) from the machine's active alarms. */
/** Open alarms a machine's status counts: active ones of criticity warning and blocking. */
export interface ActiveAlarmCounts {
  warning: number;
  blocking: number;
}

/** Spec §4 machine status: 3 critical with a blocking alarm active, 2 warning with a warning one, else 1 ok. */
export function machineStatus(c: ActiveAlarmCounts): 1 | 2 | 3 {
  return c.blocking > 0 ? 3 : c.warning > 0 ? 2 : 1;
}

export const statusOf = (t: Telemetry) => machineStatus({ warning: t.activeWarning ?? 0, blocking: t.activeBlocking ?? 0 });

/** Counter attribute of a status: what `ok/warning/critical` on the machines' counters count. */
export const statusCounter = (status: 1 | 2 | 3) => (status === 3 ? 'critical' : status === 2 ? 'warning' : 'ok');

export function toStatusView(p: PointOfSale): PosStatusView {
  return {
    serial: p.serial,
    connection: p.connection,
    status: p.status,
    lastPingAt: p.lastPingAt,
    lastSaleAt: p.lastSaleAt,
    lastAuditAt: p.lastAuditAt,
    signalLevel: p.signalLevel,
    temperature: p.temperature,
    firmwareVersion: p.firmwareVersion,
    networkType: p.networkType,
    publicIp: p.publicIp,
  };
}

/** The state attributes of a machine counter (connection and status) that hidden machines count apart too. */
const STATE_COUNTERS = ['online', 'offline', 'unknown', 'ok', 'warning', 'critical'] as const;

/** The counter of hidden machines in a state (`online` → `hiddenOnline`): a hidden machine moves both, so visible = state − hidden state. */
export const hiddenCounter = (state: (typeof STATE_COUNTERS)[number]) => `hidden${state[0]!.toUpperCase()}${state.slice(1)}`;

/** Counter moves of a machine's state, with their hidden mirror when the machine is hidden. */
export function withHiddenMirror(deltas: Record<string, number>, hidden: boolean | undefined): Record<string, number> {
  if (!hidden) return deltas;
  const out = { ...deltas };
  for (const s of STATE_COUNTERS) if (deltas[s]) out[hiddenCounter(s)] = deltas[s];
  return out;
}

/** Counter attributes of a machine's state: what it adds to its merchant's (and group's) counter item. */
export function counterContribution(record: PosRecord, t: Telemetry): Record<string, number> {
  const connection = t.connection ?? UNKNOWN_CONNECTION;
  return withHiddenMirror(
    {
      total: 1,
      hidden: record.hidden ? 1 : 0,
      // By device type, hidden or not (the super admin's statistics).
      [`type_${record.deviceType}`]: 1,
      [connection === 1 ? 'online' : connection === 0 ? 'offline' : 'unknown']: 1,
      [statusCounter(statusOf(t))]: 1,
    },
    record.hidden,
  );
}

/** An updatedAt strictly after the previous one (it is the record's version). */
export function nextUpdatedAt(now: string, previous: string): string {
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}
