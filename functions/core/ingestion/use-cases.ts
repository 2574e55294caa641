/**
 * Batch ingestion of device messages and the connection sweep.
 *
 * A batch (what an SQS event source or the local rule router hands over) is processed as:
 * read + validate each event → drop repeats within the batch → look the serials up in the registry
 * (one BatchGet) → drop messages already processed (one BatchGet of MSG records) → store history items
 * (BatchWrite; keyed by time + messageId, so a retry rewrites the same items) → move each machine's
 * "latest" fields once per batch with conditions (never backwards; alarms: open, repeat or repair its alarms,
 * core/alarms/ingest.ts) → record the messages as processed
 * (not telemetry: RECORDS_PROCESSED).
 * Invalid and unknown-serial messages are kept aside and counted (one transaction each, rare).
 * Counters change only on conditional state transitions, so retries never count twice.
 */
import type { AlarmMessage, IngestedKind, IngestedMessage, SalesMessage, TelemetryMessage, AuditMessage, ConfigMessage } from '#schemas/iot';
import type { AuditCash, AuditEvaDts } from '#schemas/pos-history';
import { applyAlarmEvents } from '../alarms/ingest';
import { applyMediaUses, mediaUsesOf } from '../medias/ingest';
import { deliverMediaLists, type HeldList } from '../medias/media-list';
import type { DevicePublisher, MediaLists, MediaRepository } from '../medias/ports';
import type { AlarmWriter } from '../alarms/ports';
import type { StockRepository } from '../stock/ports';
import { applyAuditsToStock, applySalesToStock, type AuditForStock } from '../stock/writes';
import { readEvaDts } from './eva-dts';
import {
  bucketIndex,
  bucketName,
  bucketsToSweep,
  canonicalTime,
  dedupeBy,
  epochSeconds,
  INVALID_MESSAGE_TTL_SECONDS,
  MAX_AUDIT_DETAILS_CHARS,
  isSilent,
  latest,
  MESSAGE_RECORD_TTL_SECONDS,
  offlineCutoff,
  ONLINE_INDEX_SHARDS,
  planPing,
  shardOf,
} from './rules';
import {
  deviceKey,
  type ConnectionStates,
  type Device,
  type HistoryRecord,
  type InvalidMessages,
  type OnlineEntry,
  type OnlineIndex,
  type PingUpdate,
  type ProcessedMessages,
  type Registration,
  type RegistryLookup,
  type ReportedHistory,
  type SalesContext,
  type SalesContextReader,
  type SalesStats,
} from './ports';
import { invalidMessageHash, readRuleEvent, type InvalidMessage, type ValidMessage } from './validation';

export interface IngestionSettings {
  offlineAfterSeconds: number;
  onlineBucketSeconds: number;
}

/** What the connection sweep needs: the registry, connection states and the online index. */
export interface SweepDeps {
  registry: RegistryLookup;
  connections: ConnectionStates;
  onlineIndex: OnlineIndex;
  settings: IngestionSettings;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** The price lists (LA1) of a machine's latest whole audit, for its prices' sync (core/prices/sync.ts). */
export type AuditPricesHandler = (device: Device, readAt: string, priceLists: AuditEvaDts['priceLists']) => Promise<unknown>;

/** What a batch of device messages needs: the sweep's stores, and the dedup, invalid messages, history and alarms. */
export interface IngestionDeps extends SweepDeps {
  processedMessages: ProcessedMessages;
  invalidMessages: InvalidMessages;
  history: ReportedHistory;
  alarms: AlarmWriter;
  /** Machines' stock records: sales take from their lines, audits reconcile and refill (core/stock/writes.ts). */
  stock: Pick<StockRepository, 'get' | 'put'>;
  auditPrices?: AuditPricesHandler;
  /** Media records: a batch's sales with a media create and update them (core/medias/ingest.ts). */
  medias?: Pick<MediaRepository, 'getMany' | 'get' | 'save'>;
  /** The telemetry trigger's: a ping holding an older media list gets the list (core/medias/media-list.ts). */
  mediaLists?: { lists: MediaLists; publisher: DevicePublisher };
  /** Sales: the machines' names and merchants' time zones, and the statistics counted once per message. */
  salesContext: SalesContextReader;
  salesStats: SalesStats;
}

export interface BatchOutcome {
  /** Indexes of events to deliver again (storage failed for them). */
  failed: number[];
  stored: number;
  duplicates: number;
  keptAside: number;
}

/**
 * Kinds whose processed messages are recorded (MSG items) so a repeat changes nothing. Telemetry, the bulk of
 * the traffic, needs no record: every effect of a ping is idempotent by itself (its sample item is keyed by time +
 * messageId and holds only what the message says; the latest fields move only forward), so a repeat rewrites
 * what it wrote. Sales, audits and configs carry the time they were received, which a repeat would move.
 */
const RECORDS_PROCESSED: Record<IngestedKind, boolean> = { telemetry: false, sales: true, audit: true, config: true, alarms: true };

const MAX_DEVICE_ATTEMPTS = 5;
const DEVICE_CONCURRENCY = 16;

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function figuresOf(dex: string): { cash?: AuditCash; evaDts: AuditEvaDts } {
  const read = readEvaDts(dex);
  const { cash } = read;
  const evaDts = JSON.stringify(read.evaDts).length > MAX_AUDIT_DETAILS_CHARS ? withoutLists(read.evaDts) : read.evaDts;
  return evaDts.integrity === 'whole' ? { cash, evaDts } : { evaDts };
}

function withoutLists(evaDts: AuditEvaDts): AuditEvaDts {
  return { ...evaDts, products: [], productSales: [], priceLists: [], eventLog: [], eventCounts: [], detailsOmitted: true };
}

/** The history records a valid message stores; a sale also keeps its machine's name and group when it sold. */
export function historyOf(m: ValidMessage, device: Device, posName?: string): HistoryRecord[] {
  const base = { merchantId: device.merchantId, serial: device.serial, messageId: m.message.messageId };
  const receivedAt = new Date(m.receivedAt).toISOString();
  switch (m.kind) {
    case 'telemetry': {
      const p = (m.message as TelemetryMessage).payload;
      return [{ ...base, kind: 'sensor', at: m.sentAt, data: { signalLevel: p.signalLevel, temperature: p.temperature } }];
    }
    case 'sales':
      return (m.message as SalesMessage).payload.transactions.map((t, n) => ({
        ...base,
        kind: 'sale' as const,
        at: canonicalTime(t.createdAt),
        n,
        data: {
          ...t,
          transactionId: t.id,
          createdAt: canonicalTime(t.createdAt),
          savedAt: receivedAt,
          sentAt: m.sentAt,
          ...(posName !== undefined ? { posName } : {}),
          ...(device.groupId ? { groupId: device.groupId } : {}),
        },
      }));
    case 'audit': {
      const p = (m.message as AuditMessage).payload;
      // Read once here: the views then read stored figures, never the DEX text. Only a whole audit's figures
      // are stored as `cash` (what the cash view and reconciliation use); `evaDts` says why another is not whole.
      return [
        {
          ...base,
          kind: 'audit',
          at: canonicalTime(p.readAt),
          data: { ...p, ...(p.dex ? figuresOf(p.dex) : {}), readAt: canonicalTime(p.readAt), receivedAt, sentAt: m.sentAt },
        },
      ];
    }
    case 'config': {
      const p = (m.message as ConfigMessage).payload;
      return [{ ...base, kind: 'config', at: canonicalTime(p.reportedAt), data: { values: p.values, reportedAt: canonicalTime(p.reportedAt), receivedAt } }];
    }
    // An alarm is its own item, opened, repeated and closed by guarded transactions (applyLatest).
    case 'alarms':
      return [];
  }
}

/** What stock reads of an audit: each selection's vends since initialisation (PA2 paid, PA4 free), from a whole audit only. */
function auditForStock(m: AuditMessage): AuditForStock {
  const p = m.payload;
  return {
    messageId: m.messageId,
    readAt: canonicalTime(p.readAt),
    origin: p.origin,
    vends: () => {
      const read = p.dex ? readEvaDts(p.dex).evaDts : undefined;
      if (!read || read.integrity !== 'whole') return [];
      return read.products.map((x) => ({ product: x.product, paid: x.paid.sinceInit?.count ?? null, free: x.free.sinceInit?.count ?? null }));
    },
  };
}

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

export async function ingestBatch(kind: IngestedKind, events: readonly unknown[], deps: IngestionDeps): Promise<BatchOutcome> {
  const now = deps.nowMs();
  const failed = new Set<number>();
  const read = events.map((e) => readRuleEvent(kind, e, now));

  const invalid: Array<{ index: number; value: InvalidMessage }> = [];
  const validIdx: number[] = [];
  read.forEach((r, i) => (r.ok ? validIdx.push(i) : invalid.push({ index: i, value: r.value })));

  // Repeats inside the batch: the first one stands for all (and fails with it).
  const valid = validIdx.map((i) => ({ index: i, m: (read[i] as { value: ValidMessage }).value }));
  const { kept, duplicateOf } = dedupeBy(valid, (v) => v.m.message.messageId);
  let unique = kept.map((k) => valid[k]!);
  const followers = new Map<number, number[]>();
  for (const [dup, first] of duplicateOf) {
    const list = followers.get(valid[first]!.index) ?? [];
    list.push(valid[dup]!.index);
    followers.set(valid[first]!.index, list);
  }
  const fail = (index: number) => {
    failed.add(index);
    for (const f of followers.get(index) ?? []) failed.add(f);
  };

  const recordsProcessed = RECORDS_PROCESSED[kind];
  let registrations = new Map<string, Registration>();
  let processed = new Set<string>();
  try {
    [registrations, processed] = await Promise.all([
      unique.length ? deps.registry.registrations([...new Set(unique.map((u) => u.m.message.serial))]) : new Map<string, Registration>(),
      unique.length && recordsProcessed ? deps.processedMessages.processed(unique.map((u) => u.m.message.messageId)) : new Set<string>(),
    ]);
  } catch (error) {
    deps.log?.('error', 'ingestion lookups failed', { kind, error });
    return { failed: events.map((_, i) => i), stored: 0, duplicates: 0, keptAside: 0 };
  }

  for (const u of unique) {
    if (!registrations.has(u.m.message.serial)) {
      invalid.push({
        index: u.index,
        value: {
          reason: 'unknown-serial',
          detail: `no machine is registered as ${u.m.message.serial}`,
          raw: JSON.stringify(u.m.message),
          rawEncoding: 'json',
          topic: u.m.topic,
          receivedAt: u.m.receivedAt,
          messageId: u.m.message.messageId,
          serial: u.m.message.serial,
        },
      });
    }
  }
  const duplicates = duplicateOf.size + unique.filter((u) => processed.has(u.m.message.messageId)).length;
  unique = unique.filter((u) => registrations.has(u.m.message.serial) && !processed.has(u.m.message.messageId));

  // Kept aside: rare, one small transaction each.
  await eachLimited(invalid, 8, async ({ index, value }) => {
    try {
      await deps.invalidMessages.keepAside(value, invalidMessageHash(value), epochSeconds(now) + INVALID_MESSAGE_TTL_SECONDS);
      deps.log?.('warn', 'device message kept aside', { kind, reason: value.reason, detail: value.detail, topic: value.topic, messageId: value.messageId });
    } catch (error) {
      deps.log?.('error', 'keeping a message aside failed', { kind, error });
      fail(index);
    }
  });

  if (unique.length === 0) return { failed: [...failed].sort((a, b) => a - b), stored: 0, duplicates, keptAside: invalid.length };

  let sales: SalesContext | undefined;
  try {
    if (kind === 'sales') sales = await deps.salesContext.salesContext([...new Set(unique.map((u) => u.m.message.serial))].map((s) => registrations.get(s)!));
    await deps.history.putHistory(unique.flatMap((u) => historyOf(u.m, registrations.get(u.m.message.serial)!, sales?.posNames.get(u.m.message.serial))));
  } catch (error) {
    deps.log?.('error', 'storing history failed', { kind, error });
    for (const u of unique) fail(u.index);
    return { failed: [...failed].sort((a, b) => a - b), stored: 0, duplicates, keptAside: invalid.length };
  }

  // Latest fields once per machine.
  const byDevice = groupBy(unique, (u) => u.m.message.serial);
  const onlineEntries: OnlineEntry[] = [];
  const bucket = bucketName(bucketIndex(now, deps.settings.onlineBucketSeconds), deps.settings.onlineBucketSeconds);
  const failedDevices = new Set<string>();
  await eachLimited([...byDevice.keys()], DEVICE_CONCURRENCY, async (serial) => {
    const messages = byDevice.get(serial)!.map((u) => u.m);
    const device = registrations.get(serial)!;
    try {
      const entry = await applyLatest(kind, device, messages, bucket, now, deps, sales);
      if (entry) onlineEntries.push(entry);
    } catch (error) {
      deps.log?.('error', 'updating a machine failed', { kind, serial, error });
      failedDevices.add(serial);
    }
  });
  for (const u of unique) if (failedDevices.has(u.m.message.serial)) fail(u.index);
  let done = unique.filter((u) => !failedDevices.has(u.m.message.serial));

  // Media records once per media for the whole batch (a key used at two machines is one write).
  if (kind === 'sales' && deps.medias) {
    const failedMedias = await applyBatchMedias(
      done.map((u) => u.m),
      registrations,
      deps.medias,
      now,
      deps.log,
    );
    const carriesFailed = (u: (typeof done)[number]) =>
      (u.m.message as SalesMessage).payload.transactions.some(
        (t) => t.media && failedMedias.has(`${registrations.get(u.m.message.serial)!.merchantId}#${t.media.id}`),
      );
    for (const u of done) if (carriesFailed(u)) fail(u.index);
    done = done.filter((u) => !carriesFailed(u));
  }
  if (kind === 'telemetry' && deps.mediaLists)
    await offerMediaLists(
      done.map((u) => u.m),
      registrations,
      deps.mediaLists,
      now,
      deps.log,
    );

  try {
    if (onlineEntries.length) await deps.onlineIndex.putOnlineEntries(onlineEntries, epochSeconds(now) + deps.settings.offlineAfterSeconds + 86_400);
    if (recordsProcessed)
      await deps.processedMessages.markProcessed(
        done.map((u) => u.m.message.messageId),
        epochSeconds(now) + MESSAGE_RECORD_TTL_SECONDS,
      );
  } catch (error) {
    deps.log?.('error', 'recording processed messages failed', { kind, error });
    for (const u of done) fail(u.index);
  }
  return { failed: [...failed].sort((a, b) => a - b), stored: done.length, duplicates, keptAside: invalid.length };
}

/** The batch's sales with a media, per merchant; answers `{merchantId}#{mediaId}` of the medias whose write failed. */
async function applyBatchMedias(
  messages: ValidMessage[],
  registrations: Map<string, Registration>,
  medias: NonNullable<IngestionDeps['medias']>,
  now: number,
  log: IngestionDeps['log'],
): Promise<Set<string>> {
  const byMerchant = groupBy(messages, (m) => registrations.get(m.message.serial)!.merchantId);
  const failed = new Set<string>();
  for (const [merchantId, list] of byMerchant) {
    const uses = list.flatMap((m) => mediaUsesOf(m.message as SalesMessage, canonicalTime));
    const failedIds = await applyMediaUses(medias, merchantId, uses, new Date(now).toISOString(), log).catch((error: unknown) => {
      log?.('error', 'reading medias failed', { merchantId, error });
      return new Set(uses.map((u) => u.media.id));
    });
    for (const id of failedIds) failed.add(`${merchantId}#${id}`);
  }
  return failed;
}

/** Pings that say which media list they hold get the list when it is older (a failure waits for the next ping). */
async function offerMediaLists(
  messages: ValidMessage[],
  registrations: Map<string, Registration>,
  mediaLists: NonNullable<IngestionDeps['mediaLists']>,
  now: number,
  log: IngestionDeps['log'],
): Promise<void> {
  const held: HeldList[] = [];
  for (const [serial, list] of groupBy(messages, (m) => m.message.serial)) {
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
}

/** Moves a machine's latest fields for this batch's messages; returns an online-index entry to write. */
async function applyLatest(
  kind: IngestedKind,
  device: Device,
  messages: ValidMessage[],
  bucket: string,
  now: number,
  deps: IngestionDeps,
  context?: SalesContext,
): Promise<OnlineEntry | undefined> {
  const { history } = deps;
  switch (kind) {
    case 'sales': {
      const at = latest(
        messages.flatMap((m) => (m.message as SalesMessage).payload.transactions.map((t) => canonicalTime(t.createdAt))),
        (t) => t,
        () => '',
      );
      if (at) await history.advanceLatest(device, 'lastSaleAt', at);
      const sales = messages.map((m) => ({ messageId: m.message.messageId, transactions: (m.message as SalesMessage).payload.transactions }));
      await applySalesToStock(deps.stock, device, sales, new Date(now).toISOString());
      // Last: its guards say the messages were counted, so everything before is stored when they are there.
      await deps.salesStats.countSales(
        device,
        context?.posNames.get(device.serial) ?? null,
        context?.timeZones.get(device.merchantId) ?? 'UTC',
        sales,
        epochSeconds(now) + MESSAGE_RECORD_TTL_SECONDS,
      );
      return undefined;
    }
    case 'audit': {
      const at = latest(
        messages.map((m) => canonicalTime((m.message as AuditMessage).payload.readAt)),
        (t) => t,
        () => '',
      );
      // Prices first: once the machine shows the audit, its prices tell what the audit made of them.
      if (deps.auditPrices) await reconcilePrices(device, messages, deps.auditPrices);
      if (at) await history.advanceLatest(device, 'lastAuditAt', at);
      await applyAuditsToStock(
        deps.stock,
        device,
        messages.map((m) => auditForStock(m.message as AuditMessage)),
        new Date(now).toISOString(),
      );
      return undefined;
    }
    case 'config': {
      const m = latest(
        messages,
        (x) => canonicalTime((x.message as ConfigMessage).payload.reportedAt),
        (x) => x.message.messageId,
      )!;
      const p = (m.message as ConfigMessage).payload;
      await history.putLatestConfig(device, canonicalTime(p.reportedAt), m.message.messageId, p.values);
      return undefined;
    }
    case 'telemetry':
      return applyPing(device, messages, bucket, now, deps);
    case 'alarms': {
      const events = messages.map((m) => m.message as AlarmMessage);
      const masters = await deps.alarms.masterAlarms([...new Set(events.map((m) => m.payload.code))]);
      await applyAlarmEvents(deps.alarms, device, events, masters);
      return undefined;
    }
  }
}

/** The price lists of the batch's newest audit with whole EVA-DTS text (read again: audits are few). */
async function reconcilePrices(device: Device, messages: ValidMessage[], auditPrices: AuditPricesHandler): Promise<void> {
  const withText = messages.filter((m) => (m.message as AuditMessage).payload.dex);
  const newest = latest(
    withText,
    (m) => canonicalTime((m.message as AuditMessage).payload.readAt),
    (m) => m.message.messageId,
  );
  if (!newest) return;
  const { payload } = newest.message as AuditMessage;
  const { evaDts } = readEvaDts(payload.dex!);
  if (evaDts.integrity === 'whole' && evaDts.priceLists.length) await auditPrices(device, canonicalTime(payload.readAt), evaDts.priceLists);
}

async function applyPing(initial: Device, messages: ValidMessage[], bucket: string, now: number, deps: IngestionDeps): Promise<OnlineEntry | undefined> {
  const { connections, settings } = deps;
  const newest = latest(
    messages,
    (m) => m.sentAt,
    (m) => m.message.messageId,
  )!;
  let update: PingUpdate = {
    device: initial,
    at: newest.sentAt,
    messageId: newest.message.messageId,
    receivedAt: Math.max(...messages.map((m) => m.receivedAt)),
    bucket,
    fields: pingFields(newest.message as TelemetryMessage),
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
        const fresh = (await deps.registry.registrations([update.device.serial])).get(update.device.serial);
        if (!fresh || fresh.merchantId !== update.device.merchantId) return undefined;
        update = { ...update, device: fresh };
        continue;
      }
    }
  }
  throw new Error(`machine ${initial.serial}: state kept changing during ${MAX_DEVICE_ATTEMPTS} attempts`);
}

export interface SweepOutcome {
  buckets: number;
  entries: number;
  wentOffline: number;
}

/** Takes offline every online machine whose last ping arrived before now − window. No Scan: reads the online index. */
export async function sweepConnections(deps: SweepDeps): Promise<SweepOutcome> {
  const { registry, connections, onlineIndex, settings } = deps;
  const now = deps.nowMs();
  const range = bucketsToSweep({
    nowMs: now,
    offlineAfterSeconds: settings.offlineAfterSeconds,
    bucketSeconds: settings.onlineBucketSeconds,
    sweptThrough: await onlineIndex.sweptThrough(),
  });
  if (!range) return { buckets: 0, entries: 0, wentOffline: 0 };
  const cutoff = offlineCutoff(now, settings.offlineAfterSeconds);
  let entries = 0;
  let wentOffline = 0;
  for (let b = range.from; b <= range.to; b++) {
    const name = bucketName(b, settings.onlineBucketSeconds);
    const found = (await Promise.all(Array.from({ length: ONLINE_INDEX_SHARDS }, (_, s) => onlineIndex.onlineEntries(name, s)))).flat();
    entries += found.length;
    if (found.length === 0) continue;
    const states = await connections.telemetryStates(found);
    const silent = found.filter((d) => isSilent(states.get(deviceKey(d)), now, settings.offlineAfterSeconds));
    if (silent.length === 0) continue;
    const registrations = await registry.registrations([...new Set(silent.map((d) => d.serial))]);
    await eachLimited(silent, 8, async (d) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const reg = registrations.get(d.serial);
        if (!reg || reg.merchantId !== d.merchantId) return;
        if ((await connections.goOffline(reg, cutoff)) === 'ok') {
          wentOffline++;
          return;
        }
        const fresh = await registry.registrations([d.serial]);
        const again = await connections.telemetryStates([d]);
        if (!isSilent(again.get(deviceKey(d)), now, settings.offlineAfterSeconds)) return;
        const next = fresh.get(d.serial);
        if (next) registrations.set(d.serial, next);
        else registrations.delete(d.serial);
      }
    });
  }
  await onlineIndex.saveSweptThrough(range.to);
  return { buckets: range.to - range.from + 1, entries, wentOffline };
}

export type { IngestedMessage };
