import type { Total } from '#schemas/paging';
import type { Transaction, TransactionsUsed } from '#schemas/transaction';
import type { HistorySlice } from '../devices/history-ports';
import type { Figures } from './stats';

/** Where a read of a merchant's transactions looks: the whole merchant, some groups, or some machines. */
export type TransactionSource = { kind: 'merchant' } | { kind: 'groups'; groupIds: readonly string[] } | { kind: 'machines'; serials: readonly string[] };

/** A selection of a merchant's transactions: a date range (canonical instants, `to` exclusive) and filters. */
export interface TransactionSelection {
  merchantId: string;
  from: string;
  to: string;
  source: TransactionSource;
  /** Only transactions sold in these groups (a group admin reading machines). */
  soldInGroups?: readonly string[];
  type?: number;
  mediaType?: number;
  sourceType?: number;
  productCode?: string;
  valueMin?: number;
  valueMax?: number;
}

/** A machine's figures over a range. */
export interface PosFigures {
  serial: string;
  posName: string;
  groupId: string | null;
  figures: Figures;
}

/** A merchant's transactions and their statistics (adapters/dynamodb/transaction-repository.ts). */
export interface TransactionRepository {
  /** A page of the selection and its total (counted for page 1; carried by the cursors of the pages after it). */
  page(sel: TransactionSelection, slice: HistorySlice): Promise<{ items: Transaction[]; cursor?: string; total: Total }>;
  /** The whole selection in date order, a page of items at a time. */
  pages(sel: TransactionSelection, ordType: 'asc' | 'desc'): AsyncIterable<Transaction[]>;
  used(merchantId: string): Promise<TransactionsUsed>;
  /** Figures per local day (only days with some), of the merchant or summed over some groups. */
  dayFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<Map<string, Figures>>;
  /** Figures of each local hour (00–23) of a local day, of the merchant or summed over some groups. */
  hourFigures(merchantId: string, groupIds: readonly string[] | undefined, day: string): Promise<Figures[]>;
  /** Figures per machine over local days `fromDay`…`toDay`; only machines sold in these groups when given. */
  machineFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<PosFigures[]>;
}
