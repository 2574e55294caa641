/**
 * Reports (issue 31 item 4): a table of one type over a range of the merchant's days, built from counters for the
 * summary types and from the transactions for the transactions report; its PDF or CSV made by the historical-data
 * workflow (file.ts) and downloaded by a short-lived link.
 */
import {
  REPORT_PAGE_ROWS,
  REPORT_PARAMETERS,
  type ReportFile,
  type ReportFileCreate,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
  type ReportType,
} from '#schemas/report';
import type { Merchant } from '#schemas/merchant';
import { recordChange } from '../audit/change-recorder';
import { listGroups } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { timeOrderedId } from '../shared/time-ordered-id';
import type { WorkflowStarter } from '../shared/workflows';
import { addDays, dayStart } from '../shared/zoned-time';
import { ReportFileNotFoundException, ReportFileNotReadyException, ReportNoDataException, ReportParameterException } from './errors';
import { REPORT_COLUMNS, downtimeRows, monthsOfDays, posRows, productRows, transactionRow, transactionTotals } from './figures';
import type { ReportFileRepository, ReportSource, StoredReportFile } from './ports';

export interface ReportDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  source: ReportSource;
  now: () => string;
}

export interface ReportFileDeps extends ReportDeps {
  reportFiles: ReportFileRepository;
  workflows: WorkflowStarter;
  files: { downloadUrl(key: string, opts: { fileName: string; maxSeconds?: number }): Promise<string> };
}

/** What of a merchant a report reads: undefined groups = the whole merchant. */
export interface ReportScope {
  merchantId: string;
  groups: readonly string[] | undefined;
}

/** A report's header and totals, and its rows as they are read (one chunk for the summary types). */
export interface BuiltReport {
  head: Omit<ReportResult, 'rows'>;
  rows: AsyncIterable<ReportRow[]>;
}

const PARAMETERS = ['groupId', 'clientId', 'productCode'] as const;

/** The custom parameter given (400 naming one the type does not take). */
function parameterOf(type: ReportType, q: ReportQuery): ReportResult['parameter'] {
  const allowed: readonly string[] = REPORT_PARAMETERS[type];
  let found: ReportResult['parameter'] = null;
  for (const name of PARAMETERS) {
    const value = q[name];
    if (value === undefined) continue;
    if (!allowed.includes(name)) throw new ReportParameterException(name, type);
    found = { name, value };
  }
  return found;
}

/** The caller's scope of the merchant (404 for another merchant's; a group admin: its groups, or the one asked of them). */
export function scopeOf(principal: Principal, q: ReportQuery): ReportScope {
  return { merchantId: q.merchantId, groups: listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined) };
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/** Builds the report of a scope (404 ReportNoDataException when the range holds nothing for it). */
export async function buildReport(deps: ReportDeps, scope: ReportScope, type: ReportType, q: ReportQuery): Promise<BuiltReport> {
  const parameter = parameterOf(type, q);
  const merchant: Merchant | undefined = await deps.merchants.get(scope.merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  const tz = merchant.timezone;
  const from = dayStart(q.from, tz);
  const to = dayStart(addDays(q.to, 1), tz);
  const generatedAt = deps.now();
  const head = (columns: ReportResult['columns'], totals: ReportRow, rowCount: number): BuiltReport['head'] => ({
    type,
    merchantId: merchant.id,
    merchantName: merchant.name,
    currency: merchant.currency as ReportResult['currency'],
    timezone: tz,
    from: q.from,
    to: q.to,
    parameter,
    generatedAt,
    columns,
    totals,
    rowCount,
  });
  if (scope.groups && scope.groups.length === 0) throw new ReportNoDataException();
  const groups = scope.groups;
  if (type === 'products') {
    const counters = await deps.source.productCounters(merchant.id, monthsOfDays(q.from, q.to));
    const { rows, totals } = productRows(counters, q.from, q.to, { groupIds: groups, productCode: q.productCode });
    if (!rows.length) throw new ReportNoDataException();
    return { head: head(REPORT_COLUMNS.products, totals, rows.length), rows: once(rows) };
  }
  if (type === 'pos') {
    const [machines, sold] = await Promise.all([deps.source.machines(merchant.id), deps.source.machineDays(merchant.id, q.from, q.to)]);
    const chosen = machines.filter((m) => (!groups || (m.groupId && groups.includes(m.groupId))) && (!q.clientId || m.clientId === q.clientId));
    const { rows, totals, hasData } = posRows(chosen, sold, q.from, q.to);
    if (!hasData) throw new ReportNoDataException();
    return { head: head(REPORT_COLUMNS.pos, totals, rows.length), rows: once(rows) };
  }
  if (type === 'alarms-downtime') {
    const [machines, alarms] = await Promise.all([deps.source.machines(merchant.id), collect(deps.source.alarms(merchant.id, from, to))]);
    const chosen = groups ? alarms.filter((a) => a.groupId && groups.includes(a.groupId)) : alarms;
    const { rows, totals } = downtimeRows(chosen, new Map(machines.map((m) => [m.serial, m.name])), from, to, generatedAt);
    if (!rows.length) throw new ReportNoDataException();
    return { head: head(REPORT_COLUMNS['alarms-downtime'], totals, rows.length), rows: once(rows) };
  }
  const { count, totals } = transactionTotals(await deps.source.dayFigures(merchant.id, groups, q.from, q.to));
  if (!count) throw new ReportNoDataException();
  return { head: head(REPORT_COLUMNS.transactions, totals, count), rows: transactionRows(deps.source.transactions(merchant.id, groups, from, to)) };
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

async function* transactionRows(pages: AsyncIterable<Parameters<typeof transactionRow>[0][]>): AsyncGenerator<ReportRow[]> {
  for await (const page of pages) yield page.map(transactionRow);
}

/** GET /report/{type}: the table, its first REPORT_PAGE_ROWS rows (a transactions report's whole list is in its file). */
export async function getReport(deps: ReportDeps, principal: Principal, type: ReportType, q: ReportQuery): Promise<ReportResult> {
  const { head, rows } = await buildReport(deps, scopeOf(principal, q), type, q);
  const out: ReportRow[] = [];
  for await (const chunk of rows) {
    out.push(...chunk.slice(0, REPORT_PAGE_ROWS - out.length));
    if (out.length >= REPORT_PAGE_ROWS) break;
  }
  return { ...head, rows: out };
}

const viewOf = ({ userId: _u, groupIds: _g, query: _q, language: _l, fileKey: _f, ...file }: StoredReportFile): ReportFile => file;

/** POST /report/{type}/files: checks the report has data, stores the file Created and starts the workflow making it. */
export async function createReportFile(
  deps: ReportFileDeps,
  principal: Principal,
  type: ReportType,
  q: ReportQuery,
  body: ReportFileCreate,
): Promise<ReportFile> {
  const scope = scopeOf(principal, q);
  const { head } = await buildReport(deps, scope, type, q);
  const now = deps.now();
  const file: StoredReportFile = {
    id: timeOrderedId(now),
    merchantId: q.merchantId,
    type,
    format: body.format,
    from: q.from,
    to: q.to,
    status: 'Created',
    rows: 0,
    expectedRows: head.rowCount,
    createdAt: now,
    completedAt: null,
    userId: principal.userId,
    groupIds: scope.groups ? [...scope.groups] : null,
    query: q,
    language: body.language,
    fileKey: null,
  };
  await deps.reportFiles.create(file);
  recordChange('reportFile', file.id, undefined, viewOf(file));
  try {
    await deps.workflows.start('report', { merchantId: file.merchantId, fileId: file.id }, `report-${file.id}`);
  } catch (error) {
    await deps.reportFiles.fail(file.merchantId, file.id);
    throw error;
  }
  return viewOf(file);
}

/** A file the caller asked for (another user's, or another merchant's, answers 404). */
async function ownFile(deps: Pick<ReportFileDeps, 'reportFiles'>, principal: Principal, merchantId: string, id: string): Promise<StoredReportFile> {
  listGroups(principal, merchantId);
  const file = await deps.reportFiles.get(merchantId, id);
  if (!file || file.userId !== principal.userId) throw new ReportFileNotFoundException();
  return file;
}

export async function getReportFile(deps: ReportFileDeps, principal: Principal, merchantId: string, id: string): Promise<ReportFile> {
  return viewOf(await ownFile(deps, principal, merchantId, id));
}

/** How long a download link lives. */
export const REPORT_LINK_SECONDS = 300;

export const reportFileName = (f: Pick<ReportFile, 'type' | 'from' | 'to' | 'format'>) => `report-${f.type}-${f.from}-${f.to}.${f.format}`;

export async function reportFileDownload(deps: ReportFileDeps, principal: Principal, merchantId: string, id: string): Promise<string> {
  const file = await ownFile(deps, principal, merchantId, id);
  if (file.status !== 'Completed' || !file.fileKey) throw new ReportFileNotReadyException();
  return deps.files.downloadUrl(file.fileKey, { fileName: reportFileName(file), maxSeconds: REPORT_LINK_SECONDS });
}
