import { BulkPriceResult, type BulkPriceApply } from '#schemas/prices';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';

/** POST /prices/bulk: saves the previewed machines still at their previewed version, one outcome each. */
export const applyBulkPrices = (body: BulkPriceApply) =>
  apiRequest('/prices/bulk', { method: 'POST', body, schema: BulkPriceResult, timeoutMs: LONG_TIMEOUT_MS });
