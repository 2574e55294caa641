import { MediaDetail } from '#schemas/media';
import { apiRequest } from '../../../lib/api';
import { mediaKey, showMedia } from './get-media';
import { revalidateMedias } from './get-media-page';

/**
 * POST /medias/{mediaId}/lost-my-key?merchantId {MediaId}: the old media becomes "lost key" and its remaining
 * credit moves to the new registered media, once; answers the old media.
 */
export async function lostMyKey(merchantId: string, mediaId: string, newMediaId: string): Promise<MediaDetail> {
  const media = await apiRequest(`${mediaKey(mediaId)}/lost-my-key`, {
    method: 'POST',
    query: { merchantId },
    body: { MediaId: newMediaId },
    schema: MediaDetail,
  });
  await showMedia(merchantId, media);
  void revalidateMedias();
  return media;
}
