/**
 * The machines' transactions with a media, applied to the media records by ingestion: one write per media per
 * batch, conditioned on the version read (a concurrent batch or action makes it read again). A message already
 * applied to a media (its id in `applied`) changes nothing, so a batch retried half-way never counts twice.
 * No zod, nothing of the API: the ingestion trigger bundles it.
 */
import { applyUses, type MediaUse } from './model';
import type { MediaRepository } from './ports';

const MAX_ATTEMPTS = 5;
const CONCURRENCY = 8;

/** A sales message's transactions that name a media, as media uses (the device envelope's optional `media` and `source`). */
export function mediaUsesOf(
  message: {
    messageId: string;
    serial: string;
    payload: {
      transactions: ReadonlyArray<{
        type: number;
        value: number;
        mediaType: number;
        createdAt: string;
        errorSale?: boolean;
        media?: MediaUse['media'];
        source?: MediaUse['source'];
      }>;
    };
  },
  canonicalTime: (t: string) => string,
): MediaUse[] {
  return message.payload.transactions.flatMap((t) =>
    t.media
      ? [
          {
            messageId: message.messageId,
            machine: message.serial,
            type: t.type,
            value: t.value,
            mediaType: t.mediaType,
            createdAt: canonicalTime(t.createdAt),
            ...(t.errorSale !== undefined ? { errorSale: t.errorSale } : {}),
            media: t.media,
            ...(t.source ? { source: t.source } : {}),
          },
        ]
      : [],
  );
}

/**
 * Applies a batch's media uses of one merchant: one BatchGet of the medias, then per media one conditional write
 * (again after a lost race). Answers the ids of the medias whose write failed (their messages come again).
 */
export async function applyMediaUses(
  medias: Pick<MediaRepository, 'getMany' | 'get' | 'save'>,
  merchantId: string,
  uses: readonly MediaUse[],
  now: string,
  log?: (level: 'error', message: string, fields: Record<string, unknown>) => void,
): Promise<Set<string>> {
  const byMedia = new Map<string, MediaUse[]>();
  for (const u of uses) byMedia.set(u.media.id, [...(byMedia.get(u.media.id) ?? []), u]);
  const failed = new Set<string>();
  if (byMedia.size === 0) return failed;
  const read = await medias.getMany(merchantId, [...byMedia.keys()]);
  const ids = [...byMedia.keys()];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, ids.length) }, async () => {
      while (next < ids.length) {
        const mediaId = ids[next++]!;
        try {
          let current = read.get(mediaId);
          for (let attempt = 0; ; attempt++) {
            const written = applyUses(current, merchantId, mediaId, byMedia.get(mediaId)!, now);
            if (!written || (await medias.save(written, current))) break;
            if (attempt + 1 >= MAX_ATTEMPTS) throw new Error(`media ${mediaId} kept changing`);
            current = await medias.get(merchantId, mediaId);
          }
        } catch (error) {
          log?.('error', 'updating a media failed', { merchantId, mediaId, error });
          failed.add(mediaId);
        }
      }
    }),
  );
  return failed;
}
