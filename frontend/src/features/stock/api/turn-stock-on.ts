import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { machineStockKey } from './get-machine-stock';
import { stockPosKey } from './get-stock-pos';
import { revalidateStockLists } from './get-stock-manage-page';

/** PUT /pos/{serial}/manage-stock { manageStock: true }: the machine starts keeping stock of its planogram's lines. */
export async function turnStockOn(serial: string): Promise<PointOfSale> {
  const pos = await apiRequest(`${stockPosKey(serial)}/manage-stock`, { method: 'PUT', body: { manageStock: true }, schema: PointOfSale });
  await mutate(stockPosKey(serial), pos, { revalidate: false });
  await mutate(machineStockKey(serial));
  void revalidateStockLists();
  return pos;
}
