/**
 * Stock of machines with stock management (issue 19 items 3 and 4; spec §3, §4, §7).
 *
 * Routes (group `stock`):
 * - GET  /pos/{id}/stock                  all roles            → MachineStock (404 StockNotManagedException when
 *                                                                the machine has no planogram or stock management off)
 * - PUT  /pos/{id}/stock                  NOT_MERCHANT_USER    body StockLinesInput → MachineStock (set line values;
 *                                                                400 naming `lines.N.value`, 404 StockLineNotFoundException
 *                                                                naming `lines.N.selection`)
 * - POST /pos/{id}/stock/full-refill      NOT_MERCHANT_USER    no body → MachineStock (every line to its refill value)
 * - GET  /stock/manage                    all roles            ?merchantId&page&size&ord=fill&ordType&cursor&groupId
 *                                                                &clientId&planogramId&status → StockManagePage
 * - GET  /stock/pick-list                 all roles            ?merchantId& one of groupId | clientId | serials → PickList
 * - GET  /stock/pick-list/csv             all roles            same query → text/csv (one row per product and line)
 * A group admin reads and edits only its groups' machines; another merchant's machine is 404.
 *
 * Stock types (spec §3): 1 hot (planogram type A), 2 cold (planogram type B). Either way stock is kept per
 * planogram line, i.e. per selection code as the machine reports it in PA101: for a hot machine the value is the
 * total doses left for that selection; for a cold machine one line is one price line (one selection with its own
 * price, LA101): a sale through any price list of that selection (cash, cashless, key) takes from the same value.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { numberIn } from './number-enum';
import { cursorParam, page, pageNumber, pageSize } from './paging';
import { MAX_LINE_CAPACITY, SELECTION_PATTERN } from './planogram-constants';
import { SERIAL_PATTERN } from './pos-entity';
import { commaList } from './query';
import { MAX_PICK_LIST_MACHINES, STOCK_STATUSES, STOCK_TYPES } from './stock-constants';

export { MAX_PICK_LIST_MACHINES, PICK_LIST_CSV_COLUMNS, SALES_RATE_DAYS, STOCK_STATUS, STOCK_STATUSES, STOCK_TYPES } from './stock-constants';

export const StockStatus = numberIn(STOCK_STATUSES, 'status must be 1, 4 or 9');
export const StockType = numberIn(STOCK_TYPES, 'stock type must be 1 or 2');

/** One planogram line's stock. `soldLast30Days` counts the sales of the line over the last 30 UTC days (today included). */
export const StockLine = z.object({
  selection: z.string(),
  productId: z.string(),
  /** The product's name and code now (null when the product is gone). */
  productName: z.nullable(z.string()),
  productCode: z.nullable(z.string()),
  capacity: z.number(),
  warningLevel: z.number(),
  refillValue: z.number(),
  value: z.number(),
  status: StockStatus,
  stockType: StockType,
  lastRefillAt: z.nullable(z.string()),
  updatedAt: z.string(),
  soldLast30Days: z.number(),
  /** Days until this line runs out at its last 30 days' sales rate; 0 when out; null without sales. */
  daysToSellOut: z.nullable(z.number()),
});
export type StockLine = z.infer<typeof StockLine>;

/** A machine's stock: its lines in planogram order and their summary. */
export const MachineStock = z.object({
  serial: z.string(),
  merchantId: z.string(),
  planogramId: z.string(),
  stockType: StockType,
  lines: z.array(StockLine),
  /** Sum of values over sum of capacities, 0–100, rounded down. */
  fillPercent: z.number(),
  linesOut: z.number(),
  linesLow: z.number(),
  /** The worst line's status (1 when a line is out, else 4 when one is low, else 9). */
  status: StockStatus,
  lastRefillAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** The machine's first line to run out: the least of its lines' daysToSellOut (null when no line sells). */
  daysToSellOut: z.nullable(z.number()),
});
export type MachineStock = z.infer<typeof MachineStock>;

/** PUT /pos/{id}/stock: set the value of some lines (0 … the line's capacity); the other lines stay. */
export const StockLineValue = z.strictObject({
  selection: z.string().check(z.trim(), z.regex(SELECTION_PATTERN, 'selection must be 1–8 letters or digits')),
  value: z
    .number()
    .check(
      z.int('value must be a whole number'),
      z.minimum(0, 'value must be at least 0'),
      z.maximum(MAX_LINE_CAPACITY, `value must be at most ${MAX_LINE_CAPACITY}`),
    ),
});
export const StockLinesInput = z.strictObject({
  lines: z.array(StockLineValue).check(z.minLength(1, 'at least one line'), z.maxLength(200, 'at most 200 lines')),
});
export type StockLinesInput = z.infer<typeof StockLinesInput>;

/** A row of /stock/manage (the devices/manage-stock screen). */
export const StockManageRow = z.object({
  serial: z.string(),
  name: z.string(),
  groupId: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  planogramId: z.string(),
  stockType: StockType,
  fillPercent: z.number(),
  lines: z.number(),
  linesOut: z.number(),
  linesLow: z.number(),
  status: StockStatus,
  lastRefillAt: z.nullable(z.string()),
  updatedAt: z.string(),
  daysToSellOut: z.nullable(z.number()),
});
export type StockManageRow = z.infer<typeof StockManageRow>;

const id64 = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'));

/** The merchant's machines with stock management, sorted by fill (ordType asc: emptiest first). */
export const StockManageQuery = z.strictObject({
  merchantId: MerchantId,
  page: z._default(pageNumber, 1),
  size: z._default(pageSize, 20),
  ord: z._default(z.enum(['fill']), 'fill'),
  ordType: z._default(z.enum(['asc', 'desc']), 'asc'),
  cursor: z.optional(cursorParam),
  groupId: z.optional(id64),
  clientId: z.optional(id64),
  planogramId: z.optional(id64),
  /** Machines whose worst line has this status. */
  status: z.optional(numberIn(STOCK_STATUSES, 'status must be 1, 4 or 9', true)),
});
export type StockManageQuery = z.infer<typeof StockManageQuery>;
export const StockManagePage = page(StockManageRow);

/** Which machines a pick list covers: exactly one of a group, a client or chosen serials (comma-joined, ≤ 500). */
export const PickListQuery = z
  .strictObject({
    merchantId: MerchantId,
    groupId: z.optional(id64),
    clientId: z.optional(id64),
    serials: z.optional(commaList(SERIAL_PATTERN, MAX_PICK_LIST_MACHINES, `serials: up to ${MAX_PICK_LIST_MACHINES} machine serials, comma-separated`)),
  })
  .check(
    z.refine((q) => [q.groupId, q.clientId, q.serials].filter((x) => x !== undefined).length === 1, {
      message: 'give exactly one of groupId, clientId, serials',
      path: ['groupId'],
    }),
  );
export type PickListQuery = z.infer<typeof PickListQuery>;
/** The pick list query as the console sends it (serials comma-joined). */
export type PickListQueryParams = z.input<typeof PickListQuery>;

/** One line to refill: how many of the product it takes (refill value minus current, never below 0). */
export const PickListLine = z.object({
  serial: z.string(),
  machineName: z.string(),
  selection: z.string(),
  value: z.number(),
  refillValue: z.number(),
  quantity: z.number(),
});

/** A product to bring: the sum over its lines. */
export const PickListProduct = z.object({
  productId: z.string(),
  productCode: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  quantity: z.number(),
  lines: z.array(PickListLine),
});

/** A machine of the pick list and when its first line runs out at its last 30 days' sales rate. */
export const PickListMachine = z.object({
  serial: z.string(),
  name: z.string(),
  fillPercent: z.number(),
  linesOut: z.number(),
  linesLow: z.number(),
  daysToSellOut: z.nullable(z.number()),
});

/** Products by name (those with nothing to bring are left out), machines by days to sell out (soonest first, null last). */
export const PickList = z.object({
  generatedAt: z.string(),
  totalQuantity: z.number(),
  products: z.array(PickListProduct),
  machines: z.array(PickListMachine),
});
export type PickList = z.infer<typeof PickList>;
