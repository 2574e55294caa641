import { PosPrices, type PricesCancel } from '#schemas/prices';
import { apiRequest } from '../../../lib/api';
import { posPricesKey, showChangedPrices } from './get-pos-prices';

/** POST /pos/{serial}/prices/cancel: back to the prices the machine last synced (a new version, sync). */
export async function cancelPosPrices(serial: string, body: PricesCancel): Promise<PosPrices> {
  return showChangedPrices(serial, await apiRequest(`${posPricesKey(serial)}/cancel`, { method: 'POST', body, schema: PosPrices }));
}
