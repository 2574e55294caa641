import type { ReportFile, ReportFormat, ReportQuery, ReportResult, ReportType } from '#schemas/report';
import type { Transaction } from '#schemas/transaction';
import type { StoredAlarm } from '../alarms/model';
import type { Figures } from '../transactions/stats';
import type { ProductCounter } from './product-counters';

/** A machine of the merchant as reports name it. */
export interface ReportMachine {
  serial: string;
  name: string;
  groupId: string | null;
  clientId: string | null;
}

/** A machine's statistics of each local day it sold (T7), by day `YYYY-MM-DD`. */
export interface MachineDays {
  serial: string;
  posName: string;
  groupId: string | null;
  days: Map<string, Figures>;
}

/**
 * What reports read, by Query only: counters for the summary types (R1, T5, T7), the alarms index of the range for
 * alarms downtime, transactions page by page for the transactions report.
 */
export interface ReportSource {
  /** The products counters of the local months given. */
  productCounters(merchantId: string, months: readonly string[]): Promise<ProductCounter[]>;
  /** Each machine's day figures over the local days, only machines that sold in the months read. */
  machineDays(merchantId: string, fromDay: string, toDay: string): Promise<MachineDays[]>;
  /** Every machine of the merchant (visible and hidden). */
  machines(merchantId: string): Promise<ReportMachine[]>;
  /** Alarms created in [from, to) (instants), oldest first, a page at a time. */
  alarms(merchantId: string, from: string, to: string): AsyncIterable<StoredAlarm[]>;
  /** The merchant's (or its groups') transactions in [from, to), oldest first, a page at a time. */
  transactions(merchantId: string, groupIds: readonly string[] | undefined, from: string, to: string): AsyncIterable<Transaction[]>;
  /** Figures per local day of the merchant or its groups (the transactions report's totals). */
  dayFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<Map<string, Figures>>;
}

/** A report file as stored: the API's view plus what the workflow needs to make it again. */
export interface StoredReportFile extends ReportFile {
  userId: string;
  /** The groups the caller could read when it asked (undefined: the whole merchant). */
  groupIds: string[] | null;
  query: ReportQuery;
  language: string;
  fileKey: string | null;
}

export interface ReportFileRepository {
  create(file: StoredReportFile): Promise<void>;
  get(merchantId: string, id: string): Promise<StoredReportFile | undefined>;
  progress(merchantId: string, id: string, rows: number): Promise<void>;
  complete(merchantId: string, id: string, done: { rows: number; completedAt: string; fileKey: string }): Promise<boolean>;
  fail(merchantId: string, id: string): Promise<boolean>;
}

/** Writes a report as a document, piece by piece (the PDF adapter; CSV is core/shared/csv). */
export type ReportWriter = (result: ReportDocument) => AsyncIterable<Uint8Array | string>;

/** A report to write: its header and totals, and its rows as they are read. */
export interface ReportDocument {
  head: Omit<ReportResult, 'rows'>;
  rows: AsyncIterable<ReportResult['rows']>;
  language: string;
  format: ReportFormat;
}

export type { ReportType };
