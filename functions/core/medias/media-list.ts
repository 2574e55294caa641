/**
 * How blocks, lost keys and cloud credit reach the machines, which check keys offline. Each merchant has one media
 * list (every media blocked, lost or holding cloud credit) with a version that moves whenever an entry changes (in
 * the same transaction as the media). A machine's ping says which version it holds (`mediaListVersion`); when it is
 * older, ingestion publishes the list to `vend/{serial}/medias` in parts of at most 64 KB, and the machine's next ping
 * with the new version acknowledges it (until then every ping brings it again). No zod: the telemetry trigger bundles it.
 */
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot-constants';
import { mediaListTopic } from '#schemas/media-constants';
import { listEntryFor } from './model';
import type { DevicePublisher, MediaLists } from './ports';

/** A machine's ping that said which list version it holds. */
export interface HeldList {
  merchantId: string;
  serial: string;
  version: number;
}

type Entry = ReturnType<typeof listEntryFor>;

/** Room left for the envelope around the entries of one part. */
const ENVELOPE_BYTES = 512;

/** The entries in parts whose JSON stays under the cloud → device limit. */
export function chunkEntries(entries: readonly Entry[], maxBytes = MAX_CLOUD_MESSAGE_BYTES - ENVELOPE_BYTES): Entry[][] {
  const parts: Entry[][] = [[]];
  let size = 2;
  for (const e of entries) {
    const bytes = Buffer.byteLength(JSON.stringify(e)) + 1;
    if (size + bytes > maxBytes && parts.at(-1)!.length) {
      parts.push([]);
      size = 2;
    }
    parts.at(-1)!.push(e);
    size += bytes;
  }
  return parts;
}

/** The messages of one machine's list: every part numbered, the whole list even when empty (so a machine learns all is clear). */
export function mediaListMessages(serial: string, version: number, entries: readonly Entry[], sentAt: string) {
  const parts = chunkEntries(entries);
  return parts.map((part, i) => ({
    messageId: `medialist-${version}-${i + 1}-of-${parts.length}`,
    serial,
    sentAt,
    type: 'mediaList' as const,
    payload: { version, part: i + 1, parts: parts.length, entries: part },
  }));
}

/** Publishes the list to each machine whose ping holds an older version; answers how many machines got it. */
export async function deliverMediaLists(
  deps: { mediaLists: MediaLists; publisher: DevicePublisher },
  held: readonly HeldList[],
  sentAt: string,
): Promise<number> {
  if (held.length === 0) return 0;
  const versions = await deps.mediaLists.versions([...new Set(held.map((h) => h.merchantId))]);
  const behind = held.filter((h) => h.version < (versions.get(h.merchantId) ?? 0));
  const lists = new Map<string, Awaited<ReturnType<MediaLists['entries']>>>();
  for (const merchantId of new Set(behind.map((h) => h.merchantId))) lists.set(merchantId, await deps.mediaLists.entries(merchantId));
  for (const h of behind) {
    const entries = lists.get(h.merchantId)!.map((r) => listEntryFor(r, h.serial));
    for (const message of mediaListMessages(h.serial, versions.get(h.merchantId)!, entries, sentAt)) {
      await deps.publisher.publish(mediaListTopic(h.serial), JSON.stringify(message));
    }
  }
  return behind.length;
}
