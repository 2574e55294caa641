/** CSV writing for table exports: RFC 4180 quoting, CRLF rows, and no spreadsheet formulas from data. */

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string;
}

/** Cells a spreadsheet would run as a formula; numbers like -5 or +39 are left alone. */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+([.,]\d+)?$/;

export function escapeCsvField(raw: string): string {
  const value = FORMULA.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => escapeCsvField(c.header)), ...rows.map((row) => columns.map((c) => escapeCsvField(c.value(row))))];
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a file; the byte order mark makes spreadsheets read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** Offers the bytes as a download under the given name (CSV exports, QR codes, audit files). */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
