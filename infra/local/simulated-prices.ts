/**
 * What a simulated machine's price lists hold: set from the demo's prices at start, replaced by each send-prices
 * command (remote command 12) it executes, and reported in its audits as EVA-DTS LA1 records (price list =
 * price table, product = the line's selection), so the console sees them sync, or see them differ.
 */
import { sortPrices } from '../../functions/core/prices/model';
import type { Price } from '../../functions/core/prices/ports';

export class SimulatedPrices {
  private prices: Price[];

  constructor(initial: readonly Price[] = []) {
    this.prices = sortPrices(initial);
  }

  get size(): number {
    return this.prices.length;
  }

  current(): Price[] {
    return [...this.prices];
  }

  /** A send-prices command's list replaces the machine's (lines as the command names them). */
  apply(prices: ReadonlyArray<{ line: string | number; priceTable: number; value: number }>): void {
    this.prices = sortPrices(prices.map((p) => ({ line: String(p.line), priceTable: p.priceTable, value: p.value })));
  }

  /** LA1 of each line and table: its price and vends (`vends` of the line and table, 0 without sales). */
  priceListLines(vends: (line: string, priceTable: number) => number = () => 0): string[] {
    return [...this.prices]
      .sort((a, b) => a.priceTable - b.priceTable || a.line.localeCompare(b.line, 'en', { numeric: true }))
      .map((p) => {
        const n = vends(p.line, p.priceTable);
        return `LA1*${p.priceTable}*${p.line}*${p.value}*${n}*${n}`;
      });
  }
}
