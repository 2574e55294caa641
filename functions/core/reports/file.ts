/**
 * The report workflow's Tasks (issue 31 items 4–5; the historical-data workflow's pattern): `ReportFile` builds one report file's table again
 * (with the scope its caller had), streams it as PDF or CSV to the exports bucket while recording its progress, and
 * marks the file Completed; `RecordReportFailure` marks it Error and removes any partial object.
 */
import type { ReportRow } from '#schemas/report';
import type { ReportFileInput } from '../shared/workflows';
import { csvChunks } from '../shared/csv';
import { csvMoney } from './cells';
import type { ReportDocument, ReportFileRepository, ReportWriter } from './ports';
import { buildReport, type ReportDeps } from './use-cases';

export interface ReportFileTaskDeps extends ReportDeps {
  reportFiles: ReportFileRepository;
  files: {
    upload(key: string, body: AsyncIterable<Uint8Array | string>, opts: { contentType: string }): Promise<{ size: number }>;
    remove(key: string): Promise<void>;
  };
  pdf: ReportWriter;
}

/** Rows between two progress writes. */
const PROGRESS_EVERY = 2_000;

export const reportFileKey = (merchantId: string, id: string, format: string) => `reports/${merchantId}/${id}.${format}`;

/** A report's CSV: the column ids, money in major units with a point, then a totals line. */
export async function* reportCsv(doc: ReportDocument): AsyncGenerator<string> {
  const { columns, currency, totals } = doc.head;
  const ids = columns.map((c) => c.id);
  const plain = (row: ReportRow): ReportRow =>
    Object.fromEntries(
      columns.map((c) => [c.id, c.kind === 'money' && typeof row[c.id] === 'number' ? csvMoney(row[c.id] as number, currency) : (row[c.id] ?? null)]),
    );
  async function* pages() {
    for await (const rows of doc.rows) yield rows.map(plain);
    yield [{ ...plain(totals), [ids[0]!]: 'TOTAL' }];
  }
  yield* csvChunks(ids, pages(), { rows: 0 });
}

export async function runReportFile(deps: ReportFileTaskDeps, input: ReportFileInput): Promise<{ rows: number; size: number; completed: boolean }> {
  const file = await deps.reportFiles.get(input.merchantId, input.fileId);
  if (!file || file.status !== 'Created') return { rows: 0, size: 0, completed: false };
  const built = await buildReport(deps, { merchantId: file.merchantId, groups: file.groupIds ?? undefined }, file.type, file.query);
  let rows = 0;
  let reported = 0;
  async function* counted(): AsyncGenerator<ReportRow[]> {
    for await (const chunk of built.rows) {
      rows += chunk.length;
      if (rows - reported >= PROGRESS_EVERY) {
        reported = rows;
        await deps.reportFiles.progress(file!.merchantId, file!.id, rows);
      }
      yield chunk;
    }
  }
  const doc: ReportDocument = { head: built.head, rows: counted(), language: file.language, format: file.format };
  const fileKey = reportFileKey(file.merchantId, file.id, file.format);
  const body = file.format === 'pdf' ? deps.pdf(doc) : reportCsv(doc);
  const { size } = await deps.files.upload(fileKey, body, { contentType: file.format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8' });
  const completed = await deps.reportFiles.complete(file.merchantId, file.id, { rows, completedAt: deps.now(), fileKey });
  if (!completed) await deps.files.remove(fileKey);
  return { rows, size, completed };
}

export async function recordReportFailure(deps: Pick<ReportFileTaskDeps, 'reportFiles' | 'files'>, input: ReportFileInput): Promise<boolean> {
  const file = await deps.reportFiles.get(input.merchantId, input.fileId);
  if (!file) return false;
  await deps.files.remove(reportFileKey(file.merchantId, file.id, file.format));
  return deps.reportFiles.fail(file.merchantId, file.id);
}
