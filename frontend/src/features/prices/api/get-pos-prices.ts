import useSWR, { mutate } from 'swr';
import { PosPrices } from '#schemas/prices';
import { apiGet } from '../../../lib/api';
import { revalidatePriceHistory } from './get-price-history-page';

/** While a send waits for the machine's answer, the tab asks again this often to show it sync. */
const SENDING_REFRESH_MS = 3000;

/** GET /pos/{serial}/prices: the planogram's lines, the saved prices, their version and sync state. */
export const posPricesKey = (serial: string) => `/pos/${encodeURIComponent(serial)}/prices`;

export function usePosPrices(serial: string) {
  return useSWR(serial ? posPricesKey(serial) : null, (path: string) => apiGet(path, PosPrices), {
    refreshInterval: (latest) => (latest?.sending ? SENDING_REFRESH_MS : 0),
  });
}

/** After a change: the tab shows the prices the API answered at once, and the history follows. */
export async function showChangedPrices(serial: string, prices: PosPrices): Promise<PosPrices> {
  await mutate(posPricesKey(serial), prices, { revalidate: false });
  void revalidatePriceHistory(serial);
  return prices;
}
