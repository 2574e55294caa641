/**
 * A merchant's transactions (issue 20 items 1 and 2): the paged list, all (capped), CSV, the types used and the
 * statistics by period and by machine, read from the counters written at ingestion.
 */
import type { Page } from '#schemas/paging';
import type {
  MerchantScopeQuery,
  Transaction,
  TransactionFilterQuery,
  TransactionPageQuery,
  TransactionStats,
  TransactionStatsByPos,
  TransactionStatsPosQuery,
  TransactionStatsQuery,
  TransactionsUsed,
} from '#schemas/transaction';
import {
  DEFAULT_TRANSACTION_RANGE_DAYS,
  MAX_TRANSACTION_CSV_ROWS,
  MAX_TRANSACTION_RANGE_DAYS,
  MAX_TRANSACTION_RESULTS,
  TRANSACTION_CSV_COLUMNS,
} from '#schemas/transaction-constants';
import { listGroups } from '../devices/use-cases';
import type { MerchantRepository } from '../merchants/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import { csvHeader, csvLine } from '../shared/csv';
import { ValidationError } from '../shared/domain-error';
import { emptyPage, pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { addDays, dayIn } from '../shared/zoned-time';
import { transactionCsvRow } from './csv-row';
import { MaxResultsExceededException } from './errors';
import type { TransactionRepository, TransactionSelection } from './ports';
import { addFigures, byPeriod, emptyFigures, type Figures } from './stats';

export interface TransactionDeps {
  transactions: TransactionRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  now: () => string;
}

type Filters = Omit<TransactionFilterQuery, 'ordType'>;

const DAY_MS = 86_400_000;
const rangeTooLong = () =>
  new ValidationError('ValidationException', `The range covers at most ${MAX_TRANSACTION_RANGE_DAYS} days`, [
    { path: 'query.from', message: `at most ${MAX_TRANSACTION_RANGE_DAYS} days` },
  ]);

/** The instants a list reads: `to` (default now, exclusive) and `from` (default DEFAULT_TRANSACTION_RANGE_DAYS before). */
function instantsOf(q: Filters, now: string): { from: string; to: string } {
  const to = new Date(q.to ?? now).toISOString();
  const from = q.from ? new Date(q.from).toISOString() : new Date(Date.parse(to) - DEFAULT_TRANSACTION_RANGE_DAYS * DAY_MS).toISOString();
  if (Date.parse(to) - Date.parse(from) > MAX_TRANSACTION_RANGE_DAYS * DAY_MS) throw rangeTooLong();
  return { from, to };
}

/**
 * What of the merchant's transactions the caller reads: undefined when nothing (a group admin's foreign group). A
 * group admin reads its groups' partitions, or the chosen machines' sales made in its groups.
 */
function selectionOf(principal: Principal, q: Filters, now: string): TransactionSelection | undefined {
  const groups = listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined);
  if (groups && groups.length === 0) return undefined;
  const base = {
    merchantId: q.merchantId,
    ...instantsOf(q, now),
    type: q.type === 0 ? undefined : q.type,
    mediaType: q.mediaType,
    sourceType: q.sourceType,
    productCode: q.productCode,
    valueMin: q.valueMin,
    valueMax: q.valueMax,
  };
  if (q.serials) return { ...base, source: { kind: 'machines', serials: q.serials }, ...(groups ? { soldInGroups: groups } : {}) };
  return { ...base, source: groups ? { kind: 'groups', groupIds: groups } : { kind: 'merchant' } };
}

export async function listTransactions(deps: TransactionDeps, principal: Principal, q: TransactionPageQuery): Promise<Page<Transaction>> {
  const sel = selectionOf(principal, q, deps.now());
  if (!sel) return emptyPage(q);
  const slice = await deps.transactions.page(sel, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor });
  return pageOf(q, slice, slice.total);
}

/** The selection's transactions in date order, one page at a time; past `max` in all, MaxResultsExceededException. */
async function* capped(deps: TransactionDeps, principal: Principal, q: TransactionFilterQuery, max: number): AsyncGenerator<Transaction[]> {
  const sel = selectionOf(principal, q, deps.now());
  if (!sel) return;
  let read = 0;
  for await (const page of deps.transactions.pages(sel, q.ordType)) {
    read += page.length;
    if (read > max) throw new MaxResultsExceededException(max);
    yield page;
  }
}

export async function allTransactions(deps: TransactionDeps, principal: Principal, q: TransactionFilterQuery): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for await (const page of capped(deps, principal, q, MAX_TRANSACTION_RESULTS)) out.push(...page);
  return out;
}

/** The CSV text piece by piece (the header, then a page of rows at a time), at most MAX_TRANSACTION_CSV_ROWS rows. */
export async function* transactionsCsv(deps: TransactionDeps, principal: Principal, q: TransactionFilterQuery): AsyncGenerator<string> {
  yield csvHeader(TRANSACTION_CSV_COLUMNS);
  for await (const page of capped(deps, principal, q, MAX_TRANSACTION_CSV_ROWS))
    yield page.map((t) => csvLine(TRANSACTION_CSV_COLUMNS, transactionCsvRow(t))).join('');
}

export async function usedTransactionTypes(deps: TransactionDeps, principal: Principal, q: MerchantScopeQuery): Promise<TransactionsUsed> {
  listGroups(principal, q.merchantId);
  return deps.transactions.used(q.merchantId);
}

/** The merchant (its time zone and currency), the groups the caller reads (undefined = all) and the days of the range. */
async function statsScope(deps: TransactionDeps, principal: Principal, q: TransactionStatsPosQuery) {
  const groups = listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined);
  const merchant = await deps.merchants.get(q.merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  const timezone = merchant.timezone;
  const to = q.to ?? dayIn(timezone, deps.now());
  const from = q.from ?? addDays(to, -(DEFAULT_TRANSACTION_RANGE_DAYS - 1));
  if (from > to) throw new ValidationError('ValidationException', 'from must not be after to', [{ path: 'query.from', message: 'from must not be after to' }]);
  if (addDays(from, MAX_TRANSACTION_RANGE_DAYS) <= to) throw rangeTooLong();
  return { groups, currency: merchant.currency, timezone, from, to };
}

export async function transactionStats(deps: TransactionDeps, principal: Principal, q: TransactionStatsQuery): Promise<TransactionStats> {
  const { groups, currency, timezone, from, to } = await statsScope(deps, principal, q);
  const days = groups && groups.length === 0 ? new Map<string, Figures>() : await deps.transactions.dayFigures(q.merchantId, groups, from, to);
  const periods = byPeriod(days, from, to, q.period);
  const totals = periods.reduce((sum, p) => addFigures(sum, p.figures), emptyFigures());
  return { currency, timezone, period: q.period, from, to, totals, periods };
}

export async function transactionStatsByPos(deps: TransactionDeps, principal: Principal, q: TransactionStatsPosQuery): Promise<TransactionStatsByPos> {
  const { groups, currency, timezone, from, to } = await statsScope(deps, principal, q);
  const machines = groups && groups.length === 0 ? [] : await deps.transactions.machineFigures(q.merchantId, groups, from, to);
  machines.sort((a, b) => a.posName.localeCompare(b.posName) || (a.serial < b.serial ? -1 : 1));
  const totals = machines.reduce((sum, m) => addFigures(sum, m.figures), emptyFigures());
  return { currency, timezone, from, to, totals, machines };
}
