import * as z from 'zod/mini';
import { MAX_PRODUCT_IMPORT_ROWS, ProductInput, type CustomParameter, type Product, type ProductImport } from '#schemas/product';
import { nameKey } from '../merchants/merchant';
import { parseCsv } from '../shared/csv';
import { cellValue, customValueProblems, FIXED_PRODUCT_COLUMNS, withoutEmpty } from './custom-parameters';
import { ProductImportInvalidException } from './errors';

type Detail = { path: string; message: string };
const REQUIRED_COLUMNS = ['code', 'name', 'productType', 'vat'] as const;

/** CSV rows as the JSON rows an import also takes: fixed columns by name (case-insensitive), the others custom parameters. */
function csvToRows(text: string, defs: readonly CustomParameter[]): { rows: Record<string, unknown>[]; details: Detail[] } {
  const [header = [], ...lines] = parseCsv(text);
  const fixed = new Map(FIXED_PRODUCT_COLUMNS.map((c) => [c.toLocaleLowerCase('en'), c]));
  const defsByName = new Map(defs.map((d) => [d.name.toLocaleLowerCase('en'), d]));
  const details: Detail[] = [];
  const columns = header.map((raw) => {
    const key = raw.trim().toLocaleLowerCase('en');
    const column = fixed.get(key) ?? defsByName.get(key)?.name;
    if (!column) details.push({ path: `columns.${raw.trim()}`, message: 'unknown column (not a product field nor a custom parameter)' });
    return column;
  });
  for (const c of REQUIRED_COLUMNS) if (!columns.includes(c)) details.push({ path: `columns.${c}`, message: 'missing column' });
  if (lines.length > MAX_PRODUCT_IMPORT_ROWS) details.push({ path: 'rows', message: `at most ${MAX_PRODUCT_IMPORT_ROWS} rows` });
  if (lines.length === 0) details.push({ path: 'rows', message: 'no rows' });
  if (details.length) return { rows: [], details };
  const rows = lines.map((cells, i) => {
    if (cells.length !== header.length) details.push({ path: `rows.${i + 1}`, message: `${cells.length} cells, the header has ${header.length}` });
    const row: Record<string, unknown> = { customParameters: {} };
    columns.forEach((column, c) => {
      const cell = cells[c] ?? '';
      if (column === 'vat') row.vat = cell.trim() === '' ? undefined : Number(cell.trim().replace(',', '.'));
      else if ((FIXED_PRODUCT_COLUMNS as readonly string[]).includes(column!)) row[column!] = cell;
      else if (cell.trim() !== '')
        (row.customParameters as Record<string, unknown>)[column!] = cellValue(defsByName.get(column!.toLocaleLowerCase('en')), cell);
    });
    return row;
  });
  return { rows, details };
}

/**
 * The rows of an import, each checked (schema, custom parameters, codes and names unique in the file, a name not
 * held by another existing product), or ProductImportInvalidException listing every problem: nothing is written
 * unless every row is good. Rows are numbered from 1, the first row after the CSV header.
 */
export function importRows(body: ProductImport, defs: readonly CustomParameter[], existing: readonly Product[]): ProductInput[] {
  const { rows, details } = 'csv' in body ? csvToRows(body.csv, defs) : { rows: body.rows, details: [] as Detail[] };
  if (details.length && rows.length === 0) throw new ProductImportInvalidException(details);
  const inputs: ProductInput[] = [];
  const codes = new Map<string, number>();
  const names = new Map<string, number>();
  const existingByName = new Map(existing.map((p) => [nameKey(p.name), p]));
  rows.forEach((raw, i) => {
    const n = i + 1;
    const parsed = z.safeParse(ProductInput, raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) details.push({ path: ['rows', n, ...issue.path.map(String)].join('.'), message: issue.message });
      return;
    }
    const input = { ...parsed.data, customParameters: withoutEmpty(parsed.data.customParameters) };
    details.push(...customValueProblems(defs, parsed.data.customParameters, `rows.${n}.customParameters`));
    const code = nameKey(input.code);
    const name = nameKey(input.name);
    if (codes.has(code)) details.push({ path: `rows.${n}.code`, message: `the same code as row ${codes.get(code)}` });
    if (names.has(name)) details.push({ path: `rows.${n}.name`, message: `the same name as row ${names.get(name)}` });
    const holder = existingByName.get(name);
    if (holder && nameKey(holder.code) !== code) details.push({ path: `rows.${n}.name`, message: `already the name of product ${holder.code}` });
    codes.set(code, n);
    names.set(name, n);
    inputs.push(input);
  });
  if (details.length) throw new ProductImportInvalidException(details);
  return inputs;
}
