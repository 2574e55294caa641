/**
 * A machine's connection state on its TELEMETRY item (ACCESS-PATTERNS: Connection): pings move it with a
 * conditional UpdateItem once per machine and batch; a change of connection moves the counters and the list
 * copy in one TransactWriteItems guarded by the state it leaves and the registry, so a retry or a concurrent
 * writer never counts twice.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deviceKey, type ConnectionStates, type Device, type PingUpdate, type WriteOutcome } from '../../core/ingestion/ports';
import { withHiddenMirror } from '../../core/devices/model';
import { isAfter, ONLINE, OFFLINE, transitionDeltas, UNKNOWN, type ConnectionState, type TelemetryState } from '../../core/ingestion/rules';
import { spreadHours } from '../../core/kpis/counters';
import { batchGetItems } from './batch-items';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { kpiCounterUpdates, machineSaleRate } from './kpi-counters';
import { registryCheck } from './registrations';
import { listedTelemetry, posCopyUpdate, reportedCopy, telemetryRecord, type TelemetryRecord } from './reported-copy';
import { isConditionFailure, transactOrConflict } from './transactions';
import { setParts } from './update-expression';

type Item = Record<string, unknown>;

/** The connection state of a parsed TELEMETRY item (the sample: only a complete one, items older than it have none). */
function stateOf(t: TelemetryRecord): TelemetryState {
  return {
    connection: t.connection,
    lastPingAt: t.lastPingAt,
    lastPingMessageId: t.lastPingMessageId,
    lastSeenAt: t.lastSeenAt,
    onlineBucket: t.onlineBucket,
    sample:
      t.sampleAt !== undefined && t.sampleSignalLevel !== undefined && t.sampleTemperature !== undefined
        ? { at: t.sampleAt, signalLevel: t.sampleSignalLevel, temperature: t.sampleTemperature }
        : undefined,
    listCopiedAt: t.listCopiedAt,
    firmwareVersion: t.firmwareVersion ?? undefined,
  };
}

const telemetryState = (item: Item | undefined): TelemetryState | undefined => item && stateOf(telemetryRecord.read(item));

/** The newest stored sample's attributes, written with a newer ping. */
const sampleAttributes = (u: PingUpdate): Item =>
  u.sample ? { sampleAt: u.sample.at, sampleSignalLevel: u.sample.signalLevel, sampleTemperature: u.sample.temperature } : {};

/**
 * The ping (`:t`, `:id`) is newer than the stored one, by device time then messageId. The terms are
 * joined without parentheses (AND binds tighter than OR): the local emulator's expression parser
 * backtracks on each nested parenthesis, which made the per-ping update's condition cost about 1 ms to parse.
 */
const NEWER_PING_TERMS = ['attribute_not_exists(#p)', '#p < :t', '#p = :t AND #pm < :id'];
const NEWER_PING = NEWER_PING_TERMS.join(' OR ');
/** Online (`#c = :one`) and a newer ping, still without parentheses. */
const ONLINE_AND_NEWER_PING = NEWER_PING_TERMS.map((term) => `#c = :one AND ${term}`).join(' OR ');
const NEWER_PING_NAMES = { '#p': 'lastPingAt', '#pm': 'lastPingMessageId' };

export class DynamoConnectionStates implements ConnectionStates {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async readTelemetry(d: { merchantId: string; serial: string }): Promise<TelemetryState | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.posTelemetry(d.merchantId, d.serial), ConsistentRead: true }));
    return telemetryState(res.Item);
  }

  /** The old item a failed condition returned (ALL_OLD, raw attribute values, its strings and numbers), or a fresh consistent read. */
  private async oldOnFailure(error: unknown, d: Device): Promise<TelemetryState | undefined> {
    const raw = (error as { Item?: Record<string, { S?: string; N?: string }> }).Item;
    if (raw && typeof raw === 'object') {
      const plain: Item = {};
      for (const [name, value] of Object.entries(raw)) {
        if (value && typeof value.S === 'string') plain[name] = value.S;
        else if (value && typeof value.N === 'string') plain[name] = Number(value.N);
      }
      return telemetryState(plain);
    }
    return this.readTelemetry(d);
  }

  private pingSet(u: PingUpdate, withPing: boolean) {
    return setParts(
      {
        ...(withPing ? { ...u.fields, ...sampleAttributes(u), lastPingAt: u.at, lastPingMessageId: u.messageId } : {}),
        lastSeenAt: u.receivedAt,
        onlineBucket: u.bucket,
        ...(u.refreshCopy ? { listCopiedAt: u.receivedAt } : {}),
        merchantId: u.device.merchantId,
        serial: u.device.serial,
      },
      'f',
    );
  }

  /** The copy's fields after a ping of an online machine (withPing: the ping is the newest). */
  private pingCopy(u: PingUpdate, withPing: boolean): Item {
    return reportedCopy({ ...(withPing ? { ...u.fields, lastPingAt: u.at } : {}), connection: ONLINE });
  }

  /** The list copy on the POS item, never moved back to an older ping; a deleted machine is left alone. */
  private async copyToPos(d: Device, copy: Item): Promise<void> {
    try {
      await this.doc.send(new UpdateCommand(posCopyUpdate(this.tableName, d, copy, true).Update));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /**
   * After a ping update of an online machine (`old` = the TELEMETRY item before it): refreshes the list copy when the
   * update says so (at most every listCopySeconds). Returns the previous bucket.
   */
  private async afterPing(u: PingUpdate, oldItem: Item | undefined, withPing: boolean): Promise<string | undefined> {
    const old = oldItem && telemetryRecord.read(oldItem);
    if (u.refreshCopy) await this.copyToPos(u.device, { ...reportedCopy(listedTelemetry(old)), ...this.pingCopy(u, withPing) });
    return old?.onlineBucket;
  }

  /**
   * A ping of an online machine: with `withPing` (a newer ping) its fields and seen time, conditioned on being newer;
   * otherwise (an older ping) only the seen time and bucket. Returns the previous online bucket on success and, for
   * a newer ping, the item that failed the condition.
   */
  private async updateOnlinePing(u: PingUpdate, withPing: boolean): Promise<WriteOutcome<string | undefined>> {
    const set = this.pingSet(u, withPing);
    try {
      const res = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.posTelemetry(u.device.merchantId, u.device.serial),
          UpdateExpression: `SET ${set.parts.join(', ')}`,
          ConditionExpression: withPing ? ONLINE_AND_NEWER_PING : '#c = :one',
          ExpressionAttributeNames: { ...set.names, '#c': 'connection', ...(withPing ? NEWER_PING_NAMES : {}) },
          ExpressionAttributeValues: { ...set.values, ':one': ONLINE, ...(withPing ? { ':t': u.at, ':id': u.messageId } : {}) },
          ReturnValues: 'ALL_OLD',
          ...(withPing ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
        }),
      );
      return { ok: true, value: await this.afterPing(u, res.Attributes, withPing) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return { ok: false, old: withPing ? await this.oldOnFailure(error, u.device) : undefined };
    }
  }

  advancePing(u: PingUpdate): Promise<WriteOutcome<string | undefined>> {
    return this.updateOnlinePing(u, true);
  }

  touchPing(u: PingUpdate): Promise<WriteOutcome<string | undefined>> {
    return this.updateOnlinePing(u, false);
  }

  async advanceLatePing(u: PingUpdate): Promise<void> {
    const set = setParts(
      { ...u.fields, ...sampleAttributes(u), lastPingAt: u.at, lastPingMessageId: u.messageId, merchantId: u.device.merchantId, serial: u.device.serial },
      'f',
    );
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.posTelemetry(u.device.merchantId, u.device.serial),
          UpdateExpression: `SET ${set.parts.join(', ')}`,
          ConditionExpression: NEWER_PING,
          ExpressionAttributeNames: { ...set.names, ...NEWER_PING_NAMES },
          ExpressionAttributeValues: { ...set.values, ':t': u.at, ':id': u.messageId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Counter updates of a transition, for the merchant and the machine's group. */
  private transitionCounters(d: Device, from: ConnectionState, to: ConnectionState) {
    const deltas = withHiddenMirror(transitionDeltas(from, to), d.hidden);
    return [
      counterUpdate(this.tableName, keys.posCounterName(d.merchantId), deltas),
      d.groupId ? counterUpdate(this.tableName, keys.posGroupCounterName(d.merchantId, d.groupId), deltas) : undefined,
    ].filter((x): x is NonNullable<typeof x> => x !== undefined);
  }

  async goOnline(u: PingUpdate, from: TelemetryState | undefined): Promise<'ok' | 'conflict'> {
    const withPing = isAfter(u.at, u.messageId, from?.lastPingAt, from?.lastPingMessageId);
    // The transaction writes the list copy.
    const set = this.pingSet({ ...u, refreshCopy: true }, withPing);
    const previous = from?.connection ?? UNKNOWN;
    const guards = [
      from?.connection === undefined ? 'attribute_not_exists(#c)' : '#c = :oldc',
      from?.lastPingAt === undefined ? 'attribute_not_exists(#p)' : '#p = :oldp',
    ];
    return transactOrConflict(this.doc, [
      {
        Update: {
          TableName: this.tableName,
          Key: keys.posTelemetry(u.device.merchantId, u.device.serial),
          UpdateExpression: `SET ${[...set.parts, '#c = :one'].join(', ')}`,
          ConditionExpression: guards.join(' AND '),
          ExpressionAttributeNames: { ...set.names, '#c': 'connection', '#p': 'lastPingAt' },
          ExpressionAttributeValues: {
            ...set.values,
            ':one': ONLINE,
            ...(from?.connection === undefined ? {} : { ':oldc': from.connection }),
            ...(from?.lastPingAt === undefined ? {} : { ':oldp': from.lastPingAt }),
          },
        },
      },
      posCopyUpdate(this.tableName, u.device, this.pingCopy(u, withPing)),
      ...this.transitionCounters(u.device, previous, ONLINE),
      registryCheck(this.tableName, u.device),
      ...(await this.offlineKpis(u, from)),
    ]);
  }

  /**
   * Back from offline: the hours since it was last seen, per UTC day, priced at its own rate of sale (KPI counters
   * KP1–KP2: availability and lost sales), in the transition's transaction so that they count once.
   */
  private async offlineKpis(u: PingUpdate, from: TelemetryState | undefined) {
    if (from?.connection !== OFFLINE || from.lastSeenAt === undefined || u.receivedAt <= from.lastSeenAt) return [];
    const rate = await machineSaleRate(this.doc, this.tableName, u.device.merchantId, u.device.serial, u.receivedAt);
    return kpiCounterUpdates(this.tableName, u.device, spreadHours('offlineHours', from.lastSeenAt, u.receivedAt, rate));
  }

  async goOffline(device: Device, cutoffMs: number): Promise<'ok' | 'conflict'> {
    return transactOrConflict(this.doc, [
      {
        Update: {
          TableName: this.tableName,
          Key: keys.posTelemetry(device.merchantId, device.serial),
          UpdateExpression: 'SET #c = :zero',
          ConditionExpression: '#c = :one AND #seen < :cutoff',
          ExpressionAttributeNames: { '#c': 'connection', '#seen': 'lastSeenAt' },
          ExpressionAttributeValues: { ':zero': OFFLINE, ':one': ONLINE, ':cutoff': cutoffMs },
        },
      },
      posCopyUpdate(this.tableName, device, reportedCopy({ connection: OFFLINE })),
      ...this.transitionCounters(device, ONLINE, OFFLINE),
      registryCheck(this.tableName, device),
    ]);
  }

  async telemetryStates(devices: ReadonlyArray<{ merchantId: string; serial: string }>): Promise<Map<string, TelemetryState>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      devices.map((d) => keys.posTelemetry(d.merchantId, d.serial)),
    );
    const byPk = new Map(items.map((i) => [String(i.pk), i]));
    return new Map(
      devices.flatMap((d) => {
        const item = byPk.get(keys.posTelemetry(d.merchantId, d.serial).pk);
        return item ? [[deviceKey(d), stateOf(telemetryRecord.read(item))] as const] : [];
      }),
    );
  }
}
