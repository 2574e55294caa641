import { BatchRefundResult } from '#schemas/media';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';
import { revalidateMedias } from './get-media-page';

/**
 * POST /medias/batch-refund?merchantId {mediaSerials, refund, device?}: the same refund to each media of the
 * batch that qualifies (the others are listed with why); one Idempotency-Key per batch dialog.
 */
export async function batchRefund(
  merchantId: string,
  body: { mediaSerials: string[]; refund: number; device?: string },
  idempotencyKey: string,
): Promise<BatchRefundResult> {
  const result = await apiRequest('/medias/batch-refund', {
    method: 'POST',
    query: { merchantId },
    body,
    schema: BatchRefundResult,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: LONG_TIMEOUT_MS,
  });
  void revalidateMedias();
  return result;
}
