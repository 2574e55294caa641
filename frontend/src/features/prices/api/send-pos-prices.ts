import { PosPrices, type PricesSend } from '#schemas/prices';
import { apiRequest } from '../../../lib/api';
import { posPricesKey, showChangedPrices } from './get-pos-prices';

/** POST /pos/{serial}/prices/send: remote command 12 with the saved prices (refused while the editor shows other ones). */
export async function sendPosPrices(serial: string, body: PricesSend): Promise<PosPrices> {
  return showChangedPrices(serial, await apiRequest(`${posPricesKey(serial)}/send`, { method: 'POST', body, schema: PosPrices }));
}
