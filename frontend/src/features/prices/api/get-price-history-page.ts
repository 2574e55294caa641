import useSWR, { mutate } from 'swr';
import { PriceVersionPage } from '#schemas/prices';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/historical-prices?page&size&ord=version&ordType&cursor: every version of the machine's prices, newest first. */
const LIST = '/pos/historical-prices/page';
const historyPath = (serial: string) => `/pos/${encodeURIComponent(serial)}/historical-prices`;

export function usePriceHistoryPage(serial: string, query: PageQuery) {
  return useSWR([LIST, serial, query] as const, ([, s, q]) => apiGet(historyPath(s), PriceVersionPage, { query: q }), { keepPreviousData: true });
}

export function revalidatePriceHistory(serial: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST && key[1] === serial);
}
