import useSWR from 'swr';
import { ReportResult } from '#schemas/report';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';
import { queryOf, type ReportChoice } from '../state';

/** GET /report/{type}?merchantId&from&to[&parameter]: the table with its totals (404 ReportNoDataException: nothing in the range). */
export function useReport(merchantId: string, choice: ReportChoice) {
  return useSWR(['/report', merchantId, choice] as const, ([, m, c]) =>
    apiGet(`/report/${c.type}`, ReportResult, { query: queryOf(m, c), timeoutMs: LONG_TIMEOUT_MS }),
  );
}
