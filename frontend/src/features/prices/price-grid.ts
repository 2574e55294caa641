import type { PriceEntry } from '#schemas/prices';
import { MAX_PRICE, PRICE_TABLE_NUMBERS, type PriceTable } from '#schemas/prices-constants';
import { moneyInputValue, parseMoneyInput, type MoneyInputError } from '../../lib/money-input';

/**
 * The price grid as edited: lines × price tables, each cell the text of a money input (blank: the table
 * has no price on that line). Pure, so the rules are tested without a browser.
 */

/** Cell texts by `cellKey(line, table)`. */
export type Cells = Readonly<Record<string, string>>;
export type CellErrors = Readonly<Record<string, MoneyInputError>>;

export const cellKey = (line: string, table: number) => `${line}*${table}`;

/** The saved prices as input texts in the user's language. */
export function cellsOf(prices: readonly PriceEntry[], currency: string, locale: string): Cells {
  return Object.fromEntries(prices.map((p) => [cellKey(p.line, p.priceTable), moneyInputValue(p.value, currency, locale)]));
}

/**
 * The tables to show: those with a price, those the user added, cash1 when there is none (spec §3 numbers,
 * in order).
 */
export function shownTables(cells: Cells, added: readonly number[]): PriceTable[] {
  const used = new Set<number>(added);
  for (const [key, text] of Object.entries(cells)) if (text.trim() !== '') used.add(Number(key.slice(key.lastIndexOf('*') + 1)));
  const tables = PRICE_TABLE_NUMBERS.filter((t) => used.has(t));
  return tables.length > 0 ? tables : [1];
}

/** The grid as the API's entries (lines in the planogram's order, tables in order), with each unreadable cell's problem. */
export function readCells(cells: Cells, lines: readonly string[], currency: string): { entries: PriceEntry[]; errors: CellErrors } {
  const entries: PriceEntry[] = [];
  const errors: Record<string, MoneyInputError> = {};
  for (const line of lines)
    for (const table of PRICE_TABLE_NUMBERS) {
      const text = cells[cellKey(line, table)] ?? '';
      if (text.trim() === '') continue;
      const parsed = parseMoneyInput(text, currency, { max: MAX_PRICE });
      if (parsed.ok) entries.push({ line, priceTable: table, value: parsed.minorUnits });
      else errors[cellKey(line, table)] = parsed.error;
    }
  return { entries, errors };
}

/** Whether the grid differs from the saved prices: another value, a price added or removed, or a cell that does not read as money. */
export function differsFromSaved(cells: Cells, saved: readonly PriceEntry[], lines: readonly string[], currency: string): boolean {
  const { entries, errors } = readCells(cells, lines, currency);
  if (Object.keys(errors).length > 0) return true;
  const savedOfLines = saved.filter((p) => lines.includes(p.line));
  if (entries.length !== savedOfLines.length) return true;
  const values = new Map(savedOfLines.map((p) => [cellKey(p.line, p.priceTable), p.value]));
  return entries.some((e) => values.get(cellKey(e.line, e.priceTable)) !== e.value);
}

/**
 * The cells a 400 answer names (`body.prices.{i}.value`, `.line`, `.priceTable`, as sent in `entries`): the
 * message of what the API refused, under that cell.
 */
export function cellsNamedBy(details: ReadonlyArray<{ path: string }> | undefined, entries: readonly PriceEntry[]): string[] {
  const keys: string[] = [];
  for (const d of details ?? []) {
    const m = /^body\.prices\.(\d+)(\.|$)/.exec(d.path);
    const entry = m ? entries[Number(m[1])] : undefined;
    if (entry) keys.push(cellKey(entry.line, entry.priceTable));
  }
  return keys;
}
