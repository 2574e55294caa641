/** One CSV field (RFC 4180); a leading =, +, - or @ is neutralised so spreadsheets do not run it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file (CR LF lines) of the named fields of each row: lists joined with `;`, null and undefined empty. */
export function csvTable<T>(columns: readonly string[], rows: readonly T[]): string {
  const lines = rows.map((row) =>
    columns
      .map((c) => {
        const v = (row as Record<string, unknown>)[c];
        return csvField(Array.isArray(v) ? v.join(';') : v === null || v === undefined ? '' : String(v));
      })
      .join(','),
  );
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}
