/** One CSV field (RFC 4180); a leading =, +, - or @ is neutralised so spreadsheets do not run it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row of `columns` with its CR LF: lists joined with `;`, null and undefined empty. */
export function csvLine(columns: readonly string[], row: object): string {
  return (
    columns
      .map((c) => {
        const v = (row as Record<string, unknown>)[c];
        return csvField(Array.isArray(v) ? v.join(';') : v === null || v === undefined ? '' : String(v));
      })
      .join(',') + '\r\n'
  );
}

export const csvHeader = (columns: readonly string[]) => columns.join(',') + '\r\n';

/** A CSV document with a header line. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<object>): string {
  return csvHeader(columns) + rows.map((row) => csvLine(columns, row)).join('');
}

/**
 * The same document streamed: the header, then one chunk per page of rows, so a file of any length is written
 * without holding its rows. `rows` counts what was written.
 */
export async function* csvChunks(columns: readonly string[], pages: AsyncIterable<readonly object[]>, counted: { rows: number }): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const page of pages) {
    if (!page.length) continue;
    counted.rows += page.length;
    yield page.map((row) => csvLine(columns, row)).join('');
  }
}
