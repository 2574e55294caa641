import { BulkPricePreview, type BulkPriceChange } from '#schemas/prices';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';

/** POST /prices/bulk/preview: only the machines whose current price the change would move. */
export const previewBulkPrices = (body: BulkPriceChange) =>
  apiRequest('/prices/bulk/preview', { method: 'POST', body, schema: BulkPricePreview, timeoutMs: LONG_TIMEOUT_MS });
