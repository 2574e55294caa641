import type { CustomParameter, CustomParameterValue } from '#schemas/product';
import { ValidationError } from '../shared/domain-error';

type Detail = { path: string; message: string };

/** The product CSV's fixed columns: a custom parameter may not take one of their names. */
export const FIXED_PRODUCT_COLUMNS = ['code', 'name', 'description', 'productType', 'vat'] as const;

const lower = (s: string) => s.toLocaleLowerCase('en');

/** A merchant's list of custom parameters: names unique (case-insensitive) and none a fixed CSV column; 400 naming the entry. */
export function checkParameterList(parameters: readonly CustomParameter[]): void {
  const seen = new Set<string>(FIXED_PRODUCT_COLUMNS.map(lower));
  const details: Detail[] = [];
  parameters.forEach((p, i) => {
    const key = lower(p.name);
    if (seen.has(key)) details.push({ path: `body.parameters.${i}.name`, message: 'name already used (by another parameter or a fixed column)' });
    seen.add(key);
  });
  if (details.length) throw new ValidationError('ValidationException', 'The request is not valid', details);
}

function typeProblem(def: CustomParameter, value: CustomParameterValue): string | undefined {
  if (def.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
  if (def.type === 'boolean') return typeof value === 'boolean' ? undefined : 'must be true or false';
  return typeof value === 'string' ? undefined : 'must be text';
}

/**
 * Problems of a product's custom parameter values against the merchant's list (`prefix`: where the values sit,
 * e.g. `body.customParameters`): unknown names, missing required ones, wrong types. Empty text counts as absent.
 */
export function customValueProblems(defs: readonly CustomParameter[], values: Record<string, CustomParameterValue>, prefix: string): Detail[] {
  const details: Detail[] = [];
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(values)) {
    const def = byName.get(name);
    if (!def) details.push({ path: `${prefix}.${name}`, message: 'unknown custom parameter' });
    else if (value !== '') {
      const problem = typeProblem(def, value);
      if (problem) details.push({ path: `${prefix}.${name}`, message: problem });
    }
  }
  for (const def of defs) {
    const value = values[def.name];
    if (def.required && (value === undefined || value === '')) details.push({ path: `${prefix}.${def.name}`, message: 'required' });
  }
  return details;
}

/** The values as stored: empty text left out. */
export const withoutEmpty = (values: Record<string, CustomParameterValue>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

/** A CSV cell as the parameter's type wants it (numbers and booleans are written as text in a CSV); what cannot be read stays text. */
export function cellValue(def: CustomParameter | undefined, cell: string): CustomParameterValue {
  const text = cell.trim();
  if (!def || text === '') return text;
  if (def.type === 'number') return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text;
  if (def.type === 'boolean') {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
  }
  return text;
}
