import { mutate } from 'swr';
import { MachineStock, type StockLinesInput } from '#schemas/stock';
import { apiRequest } from '../../../lib/api';
import { machineStockKey } from './get-machine-stock';
import { revalidateStockLists } from './get-stock-manage-page';

/** PUT /pos/{serial}/stock: new values of some lines (0 … capacity; 400 or 404 naming `lines.N.…`). */
export async function setStockLines(serial: string, input: StockLinesInput): Promise<MachineStock> {
  const stock = await apiRequest(machineStockKey(serial), { method: 'PUT', body: input, schema: MachineStock });
  await mutate(machineStockKey(serial), stock, { revalidate: false });
  void revalidateStockLists();
  return stock;
}
