import useSWR from 'swr';
import { MachineStock } from '#schemas/stock';
import { apiGet } from '../../../lib/api';

/** How often an open stock tab reads again: sales arrive from the machine meanwhile. */
export const STOCK_REFRESH_MS = 10_000;

/**
 * GET /pos/{serial}/stock: the machine's lines, values and statuses. 404 StockNotManagedException when it has
 * no planogram or stock management is off; 404 PosNotFoundException outside the caller's scope.
 */
export const machineStockKey = (serial: string) => `/pos/${encodeURIComponent(serial)}/stock`;

export function useMachineStock(serial: string) {
  return useSWR(serial ? machineStockKey(serial) : null, (path: string) => apiGet(path, MachineStock), { refreshInterval: STOCK_REFRESH_MS });
}
