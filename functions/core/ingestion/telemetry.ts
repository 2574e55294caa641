/**
 * A ping's path: a sensor sample in the history when it tells something new (samples are thinned: rules.ts
 * samplesToStore), the machine's connection state moved forward (online again when it was offline, its online
 * index entry for the current bucket) at most once per online bucket unless the connection changes or a sample is
 * stored, and, for the telemetry trigger, the merchant's media list sent to a machine holding an older one. Every
 * effect is idempotent, so no processed-message record.
 *
 * The batch first reads its machines' TELEMETRY items (one BatchGetItem): the newest stored sample and
 * the bucket and connection last written decide what the batch writes. A machine online in the current bucket whose
 * pings stored no sample costs no write at all.
 */
import type { TelemetryMessage } from '#schemas/iot';
import { deliverMediaLists, type HeldList } from '../medias/media-list';
import { groupBy } from './batching';
import type { KindDeps } from './deps';
import type { MessageKind } from './kind';
import { deviceKey, type Device, type OnlineEntry, type PingUpdate, type TelemetryState } from './ports';
import { DEFAULT_LIST_COPY_SECONDS, latest, ONLINE, ONLINE_INDEX_SHARDS, planPing, samplesToStore, shardOf, type SampleState } from './rules';
import type { ValidMessage } from './validation';

/** What the batch read and decided before storing anything. */
export interface TelemetryBatch {
  states: Map<string, TelemetryState>;
  /** The pings whose sample is stored. */
  stored: Set<string>;
  /** Per machine (deviceKey), the newest sample once the batch's are stored, when the batch moved it. */
  newestSample: Map<string, SampleState>;
}

const MAX_DEVICE_ATTEMPTS = 5;

/** Reported fields of a ping, named as on the machine (PointOfSale). */
export function pingFields(message: TelemetryMessage): Record<string, unknown> {
  const p = message.payload;
  const c = p.connection;
  return {
    signalLevel: p.signalLevel,
    temperature: p.temperature,
    firmwareVersion: p.firmwareVersion,
    networkType: c.networkType,
    publicIp: c.publicIp,
    imei: c.imei,
    simIccid: c.sim?.iccid,
    simImsi: c.sim?.imsi,
    simOperator: c.sim?.operator,
    macs: c.macs,
    board: p.boards.board,
    modem: p.boards.modem,
    telemetryBoard: p.boards.telemetryBoard,
  };
}

/** The telemetry kind's deps: the media lists (its trigger's only: a ping holding an older list gets the list). */
export type TelemetryDeps = KindDeps<'mediaLists'>;

export const telemetry: MessageKind<TelemetryBatch, TelemetryDeps> = {
  kind: 'telemetry',
  recordsProcessed: false,

  async prepare(devices, deps, messages) {
    // Eventually consistent (half a read unit): a machine's pings are a minute apart, far beyond DynamoDB's lag; a
    // stale read costs at most an extra write, or a change held until the next heartbeat.
    const states = await deps.connections.telemetryStates(devices);
    const stored = new Set<string>();
    const newestSample = new Map<string, SampleState>();
    for (const [serial, list] of groupBy(messages, (m: ValidMessage) => m.message.serial)) {
      const device = devices.find((d) => d.serial === serial);
      if (!device) continue;
      const key = deviceKey(device);
      const last = states.get(key)?.sample;
      const pings = list.map((m) => {
        const p = (m.message as TelemetryMessage).payload;
        return { at: m.sentAt, messageId: m.message.messageId, signalLevel: p.signalLevel, temperature: p.temperature };
      });
      const thinned = samplesToStore(last, pings);
      for (const id of thinned.store) stored.add(id);
      if (thinned.newest && thinned.newest !== last) newestSample.set(key, thinned.newest);
    }
    return { states, stored, newestSample };
  },

  historyOf(m, device, batch) {
    if (batch && !batch.stored.has(m.message.messageId)) return [];
    const p = (m.message as TelemetryMessage).payload;
    return [
      {
        merchantId: device.merchantId,
        serial: device.serial,
        messageId: m.message.messageId,
        kind: 'sensor',
        at: m.sentAt,
        data: { signalLevel: p.signalLevel, temperature: p.temperature },
      },
    ];
  },

  async applyLatest(initial, messages, { deps, now, bucket, prepared }) {
    const { connections, settings } = deps;
    const key = deviceKey(initial);
    const state = prepared?.states.get(key);
    const sample = prepared?.newestSample.get(key);
    const newest = latest(
      messages,
      (m) => m.sentAt,
      (m) => m.message.messageId,
    )!;
    // Online and already written in this bucket, nothing new to chart and the same firmware (a rollout waits for a new
    // one): the pings are counted as seen by the bucket.
    const sameFirmware = (newest.message as TelemetryMessage).payload.firmwareVersion === state?.firmwareVersion;
    if (state?.connection === ONLINE && state.onlineBucket === bucket && !sample && sameFirmware) return undefined;
    let update: PingUpdate = {
      device: initial,
      at: newest.sentAt,
      messageId: newest.message.messageId,
      receivedAt: Math.max(...messages.map((m) => m.receivedAt)),
      bucket,
      fields: pingFields(newest.message as TelemetryMessage),
      ...(sample ? { sample } : {}),
      refreshCopy: state?.listCopiedAt === undefined || now - state.listCopiedAt >= (settings.listCopySeconds ?? DEFAULT_LIST_COPY_SECONDS) * 1000,
    };
    const entry = (previousBucket: string | undefined): OnlineEntry | undefined =>
      previousBucket === bucket
        ? undefined
        : { bucket, shard: shardOf(update.device.serial, ONLINE_INDEX_SHARDS), merchantId: update.device.merchantId, serial: update.device.serial };

    for (let attempt = 0; attempt < MAX_DEVICE_ATTEMPTS; attempt++) {
      const advanced = await connections.advancePing(update);
      if (advanced.ok) return entry(advanced.value);
      const plan = planPing(advanced.old, update, now, settings.offlineAfterSeconds);
      switch (plan) {
        case 'none':
          return undefined;
        case 'advance':
          continue;
        case 'late':
          await connections.advanceLatePing(update);
          return undefined;
        case 'touch': {
          const touched = await connections.touchPing(update);
          if (touched.ok) return entry(touched.value);
          continue;
        }
        case 'go-online': {
          if ((await connections.goOnline(update, advanced.old)) === 'ok') return entry(advanced.old?.onlineBucket);
          // The state or the registry changed meanwhile: read the registry again and retry.
          const fresh: Device | undefined = (await deps.registry.registrations([update.device.serial])).get(update.device.serial);
          if (!fresh || fresh.merchantId !== update.device.merchantId) return undefined;
          update = { ...update, device: fresh };
          continue;
        }
      }
    }
    throw new Error(`machine ${initial.serial}: state kept changing during ${MAX_DEVICE_ATTEMPTS} attempts`);
  },

  /** Pings that say which media list they hold get the list when it is older (a failure waits for the next ping). */
  async afterMachines(messages, registrations, { mediaLists, log }, now) {
    if (!mediaLists) return new Set();
    const held: HeldList[] = [];
    for (const [serial, list] of groupBy(messages, (m: ValidMessage) => m.message.serial)) {
      const newest = latest(
        list,
        (m) => m.sentAt,
        (m) => m.message.messageId,
      )!;
      const version = (newest.message as TelemetryMessage).payload.mediaListVersion;
      if (version !== undefined) held.push({ merchantId: registrations.get(serial)!.merchantId, serial, version });
    }
    try {
      await deliverMediaLists({ mediaLists: mediaLists.lists, publisher: mediaLists.publisher }, held, new Date(now).toISOString());
    } catch (error) {
      log?.('error', 'sending media lists failed', { machines: held.length, error });
    }
    return new Set();
  },
};
