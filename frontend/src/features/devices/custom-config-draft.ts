import { ConfigValues } from '#schemas/pos-config';

/** One editable line of a custom config; `id` keeps React rows stable while names change. */
export interface DraftRow {
  id: number;
  key: string;
  value: string;
}

export type RowError = 'devices.customConfig.error.key' | 'devices.customConfig.error.duplicate' | 'devices.customConfig.error.value';

let nextId = 0;
export const draftRow = (key = '', value = ''): DraftRow => ({ id: nextId++, key, value });
export const draftOf = (values: ConfigValues): DraftRow[] => Object.entries(values).map(([k, v]) => draftRow(k, v));

/** The rules of what devices report (schemas ConfigValues), per row, so each message sits beside its line. */
export function rowErrors(rows: readonly DraftRow[]): Map<number, RowError> {
  const errors = new Map<number, RowError>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (!ConfigValues.safeParse({ [row.key]: '' }).success) errors.set(row.id, 'devices.customConfig.error.key');
    else if (seen.has(row.key)) errors.set(row.id, 'devices.customConfig.error.duplicate');
    else if (!ConfigValues.safeParse({ key: row.value }).success) errors.set(row.id, 'devices.customConfig.error.value');
    seen.add(row.key);
  }
  return errors;
}

export const valuesOf = (rows: readonly DraftRow[]): ConfigValues => Object.fromEntries(rows.map((r) => [r.key, r.value]));
