/**
 * A report as a PDF (issue 31 item 5), with pdfkit: A4 landscape, the merchant, the period in its time zone and the
 * generation time on every page, the table's header repeated on each page, the totals last, "page n of N". Text is
 * set in DejaVu Sans (shipped beside this module, subset into each file by pdfkit), which has the six languages'
 * letters and every currency symbol of spec §3 (the 14 standard PDF fonts have neither: no ₲, no Czech or Romanian
 * letters). Rows are one line each, so the page count is known from the row count before the first page is written.
 * The file is produced as it is written (pages flow out while later rows are still being read).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { ReportColumn, ReportRow } from '#schemas/report';
import { cellFormat } from '../../core/reports/cells';
import { labelsOf } from '../../core/reports/labels';
import type { ReportDocument } from '../../core/reports/ports';

/** The font files: beside this module in the repository, beside the bundle in a Lambda (copied there by the function's bundling). */
const fontFile = (name: string) => readFileSync(fileURLToPath(new URL(`./fonts/${name}`, import.meta.url)));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') });

const PAGE = { width: 841.89, height: 595.28, margin: 32 } as const;
const TABLE_TOP = 96;
const HEADER_ROW = 18;
const ROW = 14;
const FOOTER = 24;
const BODY_SIZE = 8;
/** Rows (the totals row included) a page holds. */
export const ROWS_PER_PAGE = Math.floor((PAGE.height - PAGE.margin - FOOTER - TABLE_TOP - HEADER_ROW) / ROW);

const weightOf = (c: ReportColumn) => (c.kind === 'text' ? (c.id === 'product' || c.id === 'posName' ? 2.4 : 1.4) : c.kind === 'instant' ? 1.8 : 1.2);

/** The PDF of a report, chunk by chunk. */
export async function* reportPdf(input: ReportDocument): AsyncGenerator<Uint8Array> {
  const { head, language } = input;
  const labels = labelsOf(language);
  const format = cellFormat(language, head.currency, head.timezone);
  const title = labels.titles[head.type];
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    // No standard font is ever loaded (their metrics files would have to be bundled too).
    font: null as unknown as string,
    info: { Title: `${title} — ${head.merchantName}`, Creator: 'Vending fleet console' },
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);

  const columns = head.columns;
  const inner = PAGE.width - 2 * PAGE.margin;
  const totalWeight = columns.reduce((s, c) => s + weightOf(c), 0);
  const widths = columns.map((c) => (inner * weightOf(c)) / totalWeight);
  const pages = Math.max(1, Math.ceil((head.rowCount + 1) / ROWS_PER_PAGE));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const at = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: head.timezone });
  const range = `${day.format(new Date(`${head.from}T00:00:00Z`))} – ${day.format(new Date(`${head.to}T00:00:00Z`))} (${head.timezone})`;
  const parameter = head.parameter ? ` · ${labels.parameter[head.parameter.name] ?? head.parameter.name}: ${head.parameter.value}` : '';

  const fit = (text: string, width: number) => {
    if (pdf.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const line = (cells: string[], y: number, font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(BODY_SIZE);
    let x = PAGE.margin;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      const w = widths[i]! - 4;
      pdf.text(fit(text, w), x + 2, y + 3, { width: w, lineBreak: false, align: c.kind === 'text' || c.kind === 'instant' ? 'left' : 'right' });
      x += widths[i]!;
    });
  };
  let page = 0;
  let y = 0;
  const startPage = () => {
    if (page > 0) pdf.addPage();
    page++;
    pdf.font('bold').fontSize(15).text(title, PAGE.margin, PAGE.margin, { lineBreak: false });
    pdf.font('regular').fontSize(9);
    pdf.text(`${labels.merchant}: ${head.merchantName} · ${labels.range}: ${range} · ${head.currency}${parameter}`, PAGE.margin, PAGE.margin + 24, {
      lineBreak: false,
    });
    pdf.text(`${labels.generated}: ${at.format(new Date(head.generatedAt))}`, PAGE.margin, PAGE.margin + 38, { lineBreak: false });
    pdf.rect(PAGE.margin, TABLE_TOP, inner, HEADER_ROW).fill('#e8edf3').fillColor('#000');
    line(
      columns.map((c) => labels.columns[c.id] ?? c.id),
      TABLE_TOP + 2,
      'bold',
    );
    pdf
      .font('regular')
      .fontSize(8)
      .text(labels.page(page, pages), PAGE.margin, PAGE.height - PAGE.margin - 10, { width: inner, align: 'right', lineBreak: false });
    y = TABLE_TOP + HEADER_ROW;
  };
  const nextRow = () => {
    if (page === 0 || y + ROW > TABLE_TOP + HEADER_ROW + ROWS_PER_PAGE * ROW) startPage();
    const at = y;
    y += ROW;
    return at;
  };
  const cellsOf = (row: ReportRow) => columns.map((c) => format.text(c.kind, row[c.id] ?? null));

  const chunks: Uint8Array[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  pdf.on('data', (chunk: Uint8Array) => {
    chunks.push(chunk);
    wake?.();
  });
  pdf.on('end', () => {
    ended = true;
    wake?.();
  });
  const writing = (async () => {
    for await (const rows of input.rows) {
      for (const row of rows) line(cellsOf(row), nextRow(), 'regular');
      // Let the pages written so far flow out before the next rows are read.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const totalsY = nextRow();
    pdf
      .moveTo(PAGE.margin, totalsY)
      .lineTo(PAGE.margin + inner, totalsY)
      .stroke();
    const totals = cellsOf(head.totals);
    totals[0] = labels.totals;
    line(totals, totalsY, 'bold');
    pdf.end();
  })().catch((error: unknown) => {
    failure = error;
    wake?.();
  });
  for (;;) {
    if (chunks.length) {
      yield Buffer.concat(chunks.splice(0));
      continue;
    }
    if (failure) throw failure;
    if (ended) break;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
  await writing;
}
