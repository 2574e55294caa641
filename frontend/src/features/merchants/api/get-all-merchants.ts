import { Merchant } from '#schemas/merchant';
import * as z from 'zod/mini';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';

/** GET /merchants without page and size: every merchant (the CSV export). */
export const fetchAllMerchants = (): Promise<Merchant[]> => apiGet('/merchants', z.array(Merchant), { timeoutMs: LONG_TIMEOUT_MS });
