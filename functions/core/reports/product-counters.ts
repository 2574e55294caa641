/**
 * The products report's counters (ACCESS-PATTERNS R1): per local month, product, price table, group and shard, each
 * local day's vends sold (`n{dd}`, value `v{dd}`), free vends (`f{dd}`) and failed ones (`e{dd}`), moved in the sales
 * statistics' exactly-once transaction. Recharges, refunds and the other non-vend types are no product's sale.
 */
import { transactionCategory, type StatCategory } from '#schemas/transaction-constants';
import { dayIn } from '../shared/zoned-time';

/** A product's figures over some days: vends sold and their value (minor units), free vends, failed vends. */
export interface ProductFigures {
  sold: number;
  value: number;
  free: number;
  failed: number;
}

const SOLD: ReadonlySet<StatCategory> = new Set(['cash', 'cashless', 'media', 'bonus']);

/** The counter attribute of a figure on day `dd` of the month. */
export const productAttribute = (figure: keyof ProductFigures, dd: string) =>
  `${figure === 'sold' ? 'n' : figure === 'value' ? 'v' : figure === 'free' ? 'f' : 'e'}${dd}`;

export interface ProductIncrement {
  /** Local month, YYYY-MM. */
  month: string;
  productCode: string;
  priceTable: number;
  /** The product's name as the machine last sent it. */
  product: string | null;
  adds: Map<string, number>;
}

/** What the counters need of a sale. */
export interface ProductSale {
  type: number;
  productCode: string;
  priceTable: number;
  value: number;
  product?: string | null;
  freeSale?: boolean | null;
  errorSale?: boolean | null;
  createdAt: string;
}

/** The ADDs some sales of one machine make, one entry per month, product and price table (stable order). */
export function productIncrements(sales: readonly ProductSale[], timeZone: string): ProductIncrement[] {
  const out = new Map<string, ProductIncrement>();
  for (const s of sales) {
    const category = transactionCategory(s);
    const figure: keyof ProductFigures | undefined = category === 'error' ? 'failed' : category === 'free' ? 'free' : SOLD.has(category) ? 'sold' : undefined;
    if (!figure) continue;
    const day = dayIn(timeZone, s.createdAt);
    const month = day.slice(0, 7);
    const id = `${month}|${s.productCode}|${s.priceTable}`;
    const inc = out.get(id) ?? { month, productCode: s.productCode, priceTable: s.priceTable, product: null, adds: new Map<string, number>() };
    if (s.product) inc.product = s.product;
    const add = (f: keyof ProductFigures, n: number) =>
      inc.adds.set(productAttribute(f, day.slice(8, 10)), (inc.adds.get(productAttribute(f, day.slice(8, 10))) ?? 0) + n);
    add(figure, 1);
    if (figure === 'sold') add('value', s.value);
    out.set(id, inc);
  }
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, inc]) => inc);
}

/** One counter item as read: its product, price table, group, and the figures of each day of its month. */
export interface ProductCounter {
  month: string;
  productCode: string;
  priceTable: number;
  product: string | null;
  groupId: string | null;
  counters: Readonly<Record<string, number>>;
}

/** A counter item's figures over the days of its month that fall in [fromDay, toDay]. */
export function figuresIn(c: ProductCounter, fromDay: string, toDay: string): ProductFigures {
  const f: ProductFigures = { sold: 0, value: 0, free: 0, failed: 0 };
  for (let d = 1; d <= 31; d++) {
    const dd = String(d).padStart(2, '0');
    const day = `${c.month}-${dd}`;
    if (day < fromDay || day > toDay) continue;
    for (const k of ['sold', 'value', 'free', 'failed'] as const) f[k] += c.counters[productAttribute(k, dd)] ?? 0;
  }
  return f;
}
