import { PosPrices, type PricesSave } from '#schemas/prices';
import { apiRequest } from '../../../lib/api';
import { posPricesKey, showChangedPrices } from './get-pos-prices';

/** PUT /pos/{serial}/prices: the whole price set at the version edited; a new version, pending (who, when). */
export async function savePosPrices(serial: string, body: PricesSave): Promise<PosPrices> {
  return showChangedPrices(serial, await apiRequest(posPricesKey(serial), { method: 'PUT', body, schema: PosPrices }));
}
