import { MediaDetail } from '#schemas/media';
import { apiRequest } from '../../../lib/api';
import { mediaKey, showMedia } from './get-media';
import { revalidateMedias } from './get-media-page';

/** PUT /medias/{mediaId}/sap-code?merchantId (super admin): one of the merchant's SAP codes, or null for none. */
export async function setMediaSapCode(merchantId: string, mediaId: string, sapCode: string | null): Promise<MediaDetail> {
  const media = await apiRequest(`${mediaKey(mediaId)}/sap-code`, { method: 'PUT', query: { merchantId }, body: { sapCode }, schema: MediaDetail });
  await showMedia(merchantId, media);
  void revalidateMedias();
  return media;
}
