import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { requestPath } from './get-request-page';

/**
 * GET /merchants/{id}/historicaldata/{requestId}/download answers 302 to a short-lived presigned GET of the
 * file: fetch follows it (the browser drops the bearer token on the cross-origin hop, and the signature
 * needs none), and the file's name comes from the presigned answer's Content-Disposition.
 * 409 DataRequestNotReadyException, 410 DataRequestExpiredException.
 */
export const downloadRequest = (merchantId: string, requestId: string): Promise<ApiFile> =>
  apiFile(`${requestPath(merchantId, requestId)}/download`, { timeoutMs: LONG_TIMEOUT_MS });
