import useSWR from 'swr';
import { CashView } from '#schemas/pos-history';
import type { DateRange } from '../../../components/date-range/presets';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';
import { rangeInstants } from '../../../components/date-range/instants';

/** GET /pos/{serial}/cash?from&to: the latest audit's cash figures and the cash box over the range. */
export const cashPath = (serial: string) => `${posKey(serial)}/cash`;
export const cashKey = (serial: string, range: DateRange) => [cashPath(serial), range.startDate, range.endDate] as const;
export const fetchCash = (serial: string, range: DateRange) => apiGet(cashPath(serial), CashView, { query: rangeInstants(range) });

export function useCash(serial: string, range: DateRange) {
  return useSWR(cashKey(serial, range), () => fetchCash(serial, range), { keepPreviousData: true });
}
