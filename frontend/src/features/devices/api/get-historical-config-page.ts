import useSWR from 'swr';
import { HistoricalConfigPage } from '#schemas/pos-config';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { posConfigsKey } from './get-pos-configs';

/**
 * GET /pos/{serial}/configs/historical?page&size&ord=reportedAt&ordType&cursor&from&to: the reported
 * configurations, newest first. The table's `from`/`to` filters are local days, sent as the instants that
 * start the first and end the last one.
 */
const LIST = '/pos/configs/historical/page';
export const historicalConfigPageKey = (serial: string, query: PageQuery) => [LIST, serial, query] as const;

function withInstants(query: PageQuery): PageQuery {
  const { from, to, ...rest } = query;
  return {
    ...rest,
    ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
  } as PageQuery;
}

export const fetchHistoricalConfigPage = (serial: string, query: PageQuery) =>
  apiGet(`${posConfigsKey(serial)}/historical`, HistoricalConfigPage, { query: withInstants(query) });

export function useHistoricalConfigPage(serial: string, query: PageQuery) {
  return useSWR(historicalConfigPageKey(serial, query), ([, s, q]) => fetchHistoricalConfigPage(s, q), { keepPreviousData: true });
}
