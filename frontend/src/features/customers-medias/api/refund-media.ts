import { RefundResult } from '#schemas/media';
import { apiRequest } from '../../../lib/api';
import { mediaKey, showMedia } from './get-media';
import { revalidateMedias } from './get-media-page';

/**
 * POST /medias/{mediaId}/refund {refund}, or /refund-machine {refund, device} for a refund collected at one
 * machine (?merchantId). `idempotencyKey` is made once per refund dialog: a double click or a retry after a
 * timeout answers the refund already made instead of a second one.
 */
export async function refundMedia(
  merchantId: string,
  mediaId: string,
  refund: { refund: number; device?: string },
  idempotencyKey: string,
): Promise<RefundResult> {
  const path = `${mediaKey(mediaId)}/${refund.device ? 'refund-machine' : 'refund'}`;
  const result = await apiRequest(path, {
    method: 'POST',
    query: { merchantId },
    body: refund,
    schema: RefundResult,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  await showMedia(merchantId, result.media);
  void revalidateMedias();
  return result;
}
