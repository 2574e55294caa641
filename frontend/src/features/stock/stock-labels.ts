import { mayCall } from '#schemas/api-roles';
import type { Role } from '#schemas/roles';
import type { MachineStock } from '#schemas/stock';

type StockStatus = MachineStock['status'];

/** Spec §4: stock status 1 out, 4 low (at or below the warning level), 9 in stock; told in words and colour. */
export const STOCK_STATUS_MESSAGES: Record<StockStatus, string> = { 1: 'stock.status.out', 4: 'stock.status.low', 9: 'stock.status.inStock' };
export const STOCK_STATUS_TONE: Record<StockStatus, 'bad' | 'warn' | 'ok'> = { 1: 'bad', 4: 'warn', 9: 'ok' };

/** Spec §3: stock type 1 hot (a total per selection), 2 cold (per price line). */
export const STOCK_TYPE_MESSAGES: Record<MachineStock['stockType'], string> = { 1: 'stock.type.hot', 2: 'stock.type.cold' };

/**
 * Every role reads stock; merchant users do not change it (the API's PUT /pos/{id}/stock and full refill, and
 * PUT /pos/{id}/manage-stock, refuse them too).
 */
export const canChangeStock = (role: Role | null | undefined) => mayCall('stock.editLines', role) && mayCall('stock.fullRefill', role);

/** A machine's stock tab. */
export const stockTabPath = (serial: string) => `/devices/${encodeURIComponent(serial)}/stock`;

/**
 * Days until a machine or line runs out at its last 30 days' sales rate, in words: none without sales, "out
 * now" at 0, "less than a day", else whole days (rounded down: an operator plans by the day it empties).
 */
export function daysToSellOutMessage(days: number | null): { messageId: string; values?: { days: number } } {
  if (days === null) return { messageId: 'stock.daysToSellOut.noSales' };
  if (days <= 0) return { messageId: 'stock.daysToSellOut.now' };
  if (days < 1) return { messageId: 'stock.daysToSellOut.lessThanOne' };
  return { messageId: 'stock.daysToSellOut.days', values: { days: Math.floor(days) } };
}
