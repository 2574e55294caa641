import { MediaDetail } from '#schemas/media';
import { apiRequest } from '../../../lib/api';
import { mediaKey, showMedia } from './get-media';
import { revalidateMedias } from './get-media-page';

/** The status actions of spec §4, by their path. */
export type StatusAction = 'block' | 'unblock' | 'unblock-tokens';

/**
 * POST /medias/{mediaId}/block, /unblock or /unblock-tokens?merchantId: the media as it is after it (its history
 * names the user); machines learn of it with the media list they fetch on their next ping.
 */
export async function changeMediaStatus(merchantId: string, mediaId: string, action: StatusAction): Promise<MediaDetail> {
  const media = await apiRequest(`${mediaKey(mediaId)}/${action}`, { method: 'POST', query: { merchantId }, schema: MediaDetail });
  await showMedia(merchantId, media);
  void revalidateMedias();
  return media;
}
