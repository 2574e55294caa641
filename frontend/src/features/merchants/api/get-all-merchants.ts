import { ALL_DISTRIBUTORS_ID, Merchant } from '../../../../../schemas/merchant';
import * as z from 'zod/mini';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';

/** GET /merchants without page and size: every merchant (the CSV export); "all distributors" is left out. */
export async function fetchAllMerchants(): Promise<Merchant[]> {
  const all = await apiGet('/merchants', z.array(Merchant), { timeoutMs: LONG_TIMEOUT_MS });
  return all.filter((m) => m.id !== ALL_DISTRIBUTORS_ID);
}
