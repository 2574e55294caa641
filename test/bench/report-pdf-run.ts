/**
 * The document process of bench (p): one report of ROWS transactions written as PDF (then, in the same run, the same
 * rows as CSV), each counted into a byte sink as the exports bucket's upload would stream it. Prints the rows per second
 * of each and this process's peak RSS read right after the PDF (the CSV comes after that reading).
 * `tsx test/bench/report-pdf-run.ts <rows>`
 */
import type { ReportResult, ReportRow } from '#schemas/report';
import { reportPdf } from '../../functions/adapters/pdf/report-pdf';
import { reportCsv } from '../../functions/core/reports/file';
import { REPORT_COLUMNS } from '../../functions/core/reports/figures';

const ROWS = Number(process.argv[2] ?? 10_000);
const PAGE = 1_000;
const head: Omit<ReportResult, 'rows'> = {
  type: 'transactions',
  merchantId: 'bench',
  merchantName: 'Bench Distribuție s.r.o.',
  currency: 'EUR',
  timezone: 'Europe/Rome',
  from: '2026-01-01',
  to: '2026-12-31',
  parameter: null,
  generatedAt: new Date().toISOString(),
  columns: REPORT_COLUMNS.transactions,
  totals: { value: ROWS * 150 },
  rowCount: ROWS,
};
async function* rows(): AsyncGenerator<ReportRow[]> {
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < ROWS; i += PAGE)
    yield Array.from({ length: Math.min(PAGE, ROWS - i) }, (_, j) => ({
      createdAt: new Date(start + (i + j) * 60_000).toISOString(),
      posName: `Macchina ${(i + j) % 200}`,
      serial: `CENG-${String((i + j) % 200).padStart(8, '0')}`,
      type: '2',
      product: 'Caffè espresso',
      productCode: `P${(i + j) % 40}`,
      priceTable: '1',
      mediaType: '2',
      category: 'cash',
      value: 150,
    }));
}
async function sink(chunks: AsyncIterable<Uint8Array | string>): Promise<number> {
  let bytes = 0;
  for await (const c of chunks) bytes += typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength;
  return bytes;
}
const t0 = performance.now();
const pdfBytes = await sink(reportPdf({ head, rows: rows(), language: 'it', format: 'pdf' }));
const pdfSeconds = (performance.now() - t0) / 1000;
// maxRSS is in kibibytes; MB are 10^6 bytes.
const peakRssMB = (process.resourceUsage().maxRSS * 1024) / 1e6;
const t1 = performance.now();
const csvBytes = await sink(reportCsv({ head, rows: rows(), language: 'it', format: 'csv' }));
const csvSeconds = (performance.now() - t1) / 1000;
console.log(JSON.stringify({ rows: ROWS, pdfBytes, pdfSeconds, csvBytes, csvSeconds, peakRssMB }));
process.exit(0);
