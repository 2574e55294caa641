import useSWR, { mutate } from 'swr';
import { MediaDetail } from '#schemas/media';
import { apiGet } from '../../../lib/api';

/** GET /medias/{mediaId}?merchantId: every field of the media, its last 30 days and its action history. */
export const mediaKey = (mediaId: string) => `/medias/${encodeURIComponent(mediaId)}`;

export function useMedia(merchantId: string | null, mediaId: string) {
  return useSWR(merchantId ? ([mediaKey(mediaId), merchantId] as const) : null, ([path, m]) => apiGet(path, MediaDetail, { query: { merchantId: m } }));
}

/** An action's answer is the media as it is now: shown at once, without asking again. */
export function showMedia(merchantId: string, media: MediaDetail): Promise<unknown> {
  return mutate([mediaKey(media.mediaId), merchantId], media, { revalidate: false });
}
