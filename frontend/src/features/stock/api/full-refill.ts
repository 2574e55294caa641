import { mutate } from 'swr';
import { MachineStock } from '#schemas/stock';
import { apiRequest } from '../../../lib/api';
import { machineStockKey } from './get-machine-stock';
import { revalidateStockLists } from './get-stock-manage-page';

/** POST /pos/{serial}/stock/full-refill: every line to its refill value. */
export async function fullRefill(serial: string): Promise<MachineStock> {
  const stock = await apiRequest(`${machineStockKey(serial)}/full-refill`, { method: 'POST', schema: MachineStock });
  await mutate(machineStockKey(serial), stock, { revalidate: false });
  void revalidateStockLists();
  return stock;
}
