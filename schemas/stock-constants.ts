/** The fixed values of stock (stock.ts), without zod: the core and the ingestion trigger read them without bundling the schemas. */

/** Spec §4: stock status 1 out, 4 low (at or below the warning level), 9 in stock. */
export const STOCK_STATUSES = [1, 4, 9] as const;
export const STOCK_STATUS = { out: 1, low: 4, inStock: 9 } as const;
export type StockStatusCode = (typeof STOCK_STATUSES)[number];

/** Spec §3: stock type 1 hot (total), 2 cold (per price line); planogram type A hot → 1, B cold → 2. */
export const STOCK_TYPES = [1, 2] as const;
export type StockTypeCode = (typeof STOCK_TYPES)[number];

/** Machines one pick list covers at most. */
export const MAX_PICK_LIST_MACHINES = 500;

/** Days of sales the sales rate looks back on (days to sell out). */
export const SALES_RATE_DAYS = 30;

/** CSV columns of /stock/pick-list/csv, one row per product and line. */
export const PICK_LIST_CSV_COLUMNS = [
  'productCode',
  'productName',
  'productQuantity',
  'serial',
  'machineName',
  'selection',
  'value',
  'refillValue',
  'quantity',
] as const;
