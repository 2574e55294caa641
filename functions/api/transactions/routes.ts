import * as z from 'zod/mini';
import { ALL_ROLES } from '#schemas/roles';
import {
  MerchantScopeQuery,
  TransactionFilterQuery,
  TransactionPageQuery,
  TransactionPage,
  Transactions,
  TransactionsUsed,
  TransactionStats,
  TransactionStatsByPos,
  TransactionStatsPosQuery,
  TransactionStatsQuery,
} from '#schemas/transaction';
import { MAX_TRANSACTION_CSV_ROWS, MAX_TRANSACTION_RESULTS } from '#schemas/transaction-constants';
import {
  allTransactions,
  listTransactions,
  transactionsCsv,
  transactionStats,
  transactionStatsByPos,
  usedTransactionTypes,
} from '../../core/transactions/use-cases';
import { gzippedAttachment } from '../../http/gzipped-attachment';
import { routeFor } from '../../http/manifest';
import { MaxResultsExceededException } from '../../core/transactions/errors';
import type { TransactionsGroupDeps } from './deps';

const route = routeFor<TransactionsGroupDeps>();

const FILTERS =
  'date range (from, to: at most 366 days; default the last 30), machines (serials), group, type, media type, source type, product code, value range';

// Literal paths (/transactions/all, /csv, /used, /stats) are matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'transactions.list',
    method: 'GET',
    path: '/transactions',
    roles: ALL_ROLES,
    summary: `A merchant’s transactions (a group admin: its groups’ machines’), newest first unless ordType=asc; filters: ${FILTERS}`,
    request: { query: TransactionPageQuery },
    response: TransactionPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listTransactions(deps, principal, query),
  }),
  route({
    id: 'transactions.all',
    method: 'GET',
    path: '/transactions/all',
    roles: ALL_ROLES,
    summary: `Every transaction of the selection (${FILTERS}), at most ${MAX_TRANSACTION_RESULTS}: past it 400 MaxResultsExceededException (request the historical data instead)`,
    request: { query: TransactionFilterQuery },
    response: Transactions,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => allTransactions(deps, principal, query),
  }),
  route({
    id: 'transactions.csv',
    method: 'GET',
    path: '/transactions/csv',
    roles: ALL_ROLES,
    summary: `The selection as CSV (gzip-encoded), the historical data export’s Transactions columns, at most ${MAX_TRANSACTION_CSV_ROWS} rows: past it 400 MaxResultsExceededException (request the historical data instead)`,
    request: { query: TransactionFilterQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) =>
      gzippedAttachment(
        `transactions-${query.merchantId}.csv`,
        transactionsCsv(deps, principal, query),
        () => new MaxResultsExceededException(MAX_TRANSACTION_CSV_ROWS),
      ),
  }),
  route({
    id: 'transactions.used',
    method: 'GET',
    path: '/transactions/used',
    roles: ALL_ROLES,
    summary:
      'The transaction types, media types and source types the merchant’s transactions used (for the filter lists; kept at ingestion, never reading the transactions)',
    request: { query: MerchantScopeQuery },
    response: TransactionsUsed,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => usedTransactionTypes(deps, principal, query),
  }),
  route({
    id: 'transactions.stats',
    method: 'GET',
    path: '/transactions/stats',
    roles: ALL_ROLES,
    summary:
      'Count and value per category (error, free, cash, media, cashless, recharges, bonus, other) by day, week or month in the merchant’s time zone, from the counters kept at ingestion',
    request: { query: TransactionStatsQuery },
    response: TransactionStats,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => transactionStats(deps, principal, query),
  }),
  route({
    id: 'transactions.statsByPos',
    method: 'GET',
    path: '/transactions/stats/pos',
    roles: ALL_ROLES,
    summary: 'Count and value per category for each machine that sold in the range (days in the merchant’s time zone), by machine name',
    request: { query: TransactionStatsPosQuery },
    response: TransactionStatsByPos,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => transactionStatsByPos(deps, principal, query),
  }),
];
