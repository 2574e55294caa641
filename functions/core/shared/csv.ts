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

/**
 * The rows of a CSV document (RFC 4180: quoted fields with "" for a quote, CR LF or LF line ends; blank lines
 * skipped). A field written by toCsv with a neutralising quote (`'=…`) reads back as it was.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r' && src[i + 1] === '\n') continue;
    else field += c;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}
