/**
 * Reports (issue 31 item 4, spec §2 /transactions/reports, §7 /report/{transactions|products|pos|alarms-downtime}):
 * - GET  /report/{type}?merchantId&from&to[&groupId|clientId|productCode]  → ReportResult (a table with its totals)
 * - POST /report/{type}/files?…  { format, language }                     → ReportFile (made by the workflow)
 * - GET  /report-files/{fileId}?merchantId                                → ReportFile (status, rows written)
 * - GET  /report-files/{fileId}/download?merchantId                       → 302 to the PDF or CSV
 * Summary types (products, pos, alarms-downtime) come from counters kept on write; a transactions report lists the
 * transactions (a page here, every row in its file). A range without data answers 404 ReportNoDataException.
 */
import * as z from 'zod/mini';
import { CurrencyCode } from './currency';
import { LANGUAGES } from './language';
import { MerchantId } from './merchant-summary';
import { MAX_TRANSACTION_RANGE_DAYS } from './transaction-constants';

export const REPORT_TYPES = ['transactions', 'products', 'pos', 'alarms-downtime'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** Spec §3 report state: type default products. */
export const DEFAULT_REPORT_TYPE: ReportType = 'products';

/** The custom parameter each type takes (at most one a report): a group (all), a client (machines), a product (products). */
export const REPORT_PARAMETERS = {
  transactions: ['groupId'],
  products: ['groupId', 'productCode'],
  pos: ['groupId', 'clientId'],
  'alarms-downtime': ['groupId'],
} as const;

/** Rows a report answers inline: a transactions report past it is complete only in its file. */
export const REPORT_PAGE_ROWS = 500;

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'));
const id64 = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'));

export const ReportParams = z.strictObject({ type: z.enum(REPORT_TYPES) });
export type ReportParams = z.infer<typeof ReportParams>;

/** First and last day (both included) in the merchant's time zone, at most 366 days; one custom parameter of the type's. */
export const ReportQuery = z
  .strictObject({
    merchantId: MerchantId,
    from: day,
    to: day,
    groupId: z.optional(id64),
    clientId: z.optional(id64),
    productCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))),
  })
  .check(
    z.refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] }),
    z.refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_TRANSACTION_RANGE_DAYS, {
      message: `the range covers at most ${MAX_TRANSACTION_RANGE_DAYS} days`,
      path: ['from'],
    }),
  );
export type ReportQuery = z.infer<typeof ReportQuery>;

/** How a column's values read: text, a count, money (minor units of the report's currency), a share (0–1), seconds, an instant. */
export const REPORT_COLUMN_KINDS = ['text', 'count', 'money', 'share', 'duration', 'instant'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];
export const ReportColumn = z.object({ id: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof ReportColumn>;

/** Every column a report has (core/reports/figures.ts picks each type's): the console's column titles are `reports.column.{id}`. */
export const REPORT_COLUMN_IDS = [
  'product',
  'productCode',
  'priceTable',
  'sold',
  'value',
  'free',
  'failed',
  'posName',
  'serial',
  'vends',
  'cash',
  'cashless',
  'media',
  'cashlessShare',
  'averageTicket',
  'daysWithoutSales',
  'recharges',
  'code',
  'raised',
  'repaired',
  'downtime',
  'meanTimeToRepair',
  'downShare',
  'createdAt',
  'type',
  'mediaType',
  'category',
] as const;

const cell = z.union([z.string(), z.number(), z.null()]);
export const ReportRow = z.record(z.string(), cell);
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportResult = z.object({
  type: z.enum(REPORT_TYPES),
  merchantId: z.string(),
  merchantName: z.string(),
  currency: CurrencyCode,
  timezone: z.string(),
  from: day,
  to: day,
  /** The custom parameter applied, if any. */
  parameter: z.nullable(z.object({ name: z.string(), value: z.string() })),
  generatedAt: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  /** The totals of every row of the report (not only of the rows answered); a text column's total is null. */
  totals: ReportRow,
  /** Rows of the whole report; more than `rows` holds when a transactions report is longer than REPORT_PAGE_ROWS. */
  rowCount: z.number(),
});
export type ReportResult = z.infer<typeof ReportResult>;

export const ReportFileCreate = z.strictObject({ format: z.enum(REPORT_FORMATS), language: z._default(z.enum(LANGUAGES), 'en') });
export type ReportFileCreate = z.infer<typeof ReportFileCreate>;

export const REPORT_FILE_STATUSES = ['Created', 'Completed', 'Error'] as const;
export const ReportFile = z.object({
  id: z.string(),
  merchantId: z.string(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  from: day,
  to: day,
  status: z.enum(REPORT_FILE_STATUSES),
  /** Rows written so far (progress), then in all. */
  rows: z.number(),
  /** Rows the file will hold, when known at the start. */
  expectedRows: z.nullable(z.number()),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type ReportFile = z.infer<typeof ReportFile>;

export const ReportFileParams = z.strictObject({ fileId: z.string().check(z.regex(/^[0-9a-z-]{8,40}$/, 'invalid report file id')) });
export const ReportFileQuery = z.strictObject({ merchantId: MerchantId });
