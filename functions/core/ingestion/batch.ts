/**
 * Batch ingestion of device messages: the path every kind shares; what differs per kind is in its own module
 * (telemetry.ts, sales.ts, audit.ts, config.ts, alarms.ts, cash/ingest.ts), handed in by the kind's trigger
 * (triggers/iot-batch.ts) so a trigger bundles its own kind's code only; kinds.ts runs any kind by name.
 *
 * A batch (what an SQS event source or the local rule router hands over) is processed as:
 * read + validate each event → drop repeats within the batch → look the serials up in the registry
 * (one BatchGet) → drop messages already processed (one BatchGet of MSG records) → store history items
 * (BatchWrite; keyed by time + messageId, so a retry rewrites the same items) → move each machine's
 * "latest" fields once per batch with conditions (never backwards) → what the kind does once for the batch
 * → record the messages as processed (when the kind records them).
 * Invalid and unknown-serial messages are kept aside and counted (one transaction each, rare).
 * Counters change only on conditional state transitions, so retries never count twice.
 */
import { eachLimited, groupBy } from './batching';
import type { BatchDeps } from './deps';
import type { MessageKind } from './kind';
import type { OnlineEntry, Registration } from './ports';
import { bucketIndex, bucketName, dedupeBy, epochSeconds, INVALID_MESSAGE_TTL_SECONDS, MESSAGE_RECORD_TTL_SECONDS } from './rules';
import { invalidMessageHash, readRuleEvent, type InvalidMessage, type ValidMessage } from './validation';

export interface BatchOutcome {
  /** Indexes of events to deliver again (storage failed for them). */
  failed: number[];
  stored: number;
  duplicates: number;
  keptAside: number;
}

const DEVICE_CONCURRENCY = 16;

export async function ingestKindBatch<P, D extends BatchDeps>(handling: MessageKind<P, D>, events: readonly unknown[], deps: D): Promise<BatchOutcome> {
  const { kind } = handling;
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

  const { recordsProcessed } = handling;
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

  let prepared: P | undefined;
  try {
    if (handling.prepare)
      prepared = await handling.prepare(
        [...new Set(unique.map((u) => u.m.message.serial))].map((s) => registrations.get(s)!),
        deps,
        unique.map((u) => u.m),
      );
    await deps.history.putHistory(unique.flatMap((u) => handling.historyOf(u.m, registrations.get(u.m.message.serial)!, prepared)));
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
      const entry = await handling.applyLatest(device, messages, { deps, now, bucket, prepared });
      if (entry) onlineEntries.push(entry);
    } catch (error) {
      deps.log?.('error', 'updating a machine failed', { kind, serial, error });
      failedDevices.add(serial);
    }
  });
  for (const u of unique) if (failedDevices.has(u.m.message.serial)) fail(u.index);
  let done = unique.filter((u) => !failedDevices.has(u.m.message.serial));

  if (handling.afterMachines) {
    const failedMessages = await handling.afterMachines(
      done.map((u) => u.m),
      registrations,
      deps,
      now,
    );
    for (const u of done) if (failedMessages.has(u.m.message.messageId)) fail(u.index);
    done = done.filter((u) => !failedMessages.has(u.m.message.messageId));
  }

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
