import useSWR from 'swr';
import { DeviceErrorPage } from '#schemas/cash-stats';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/opos-errors?page&size&ord=at&ordType&cursor&device&code: a page of the machine's device errors, newest first. */
export function useDeviceErrors(serial: string, query: PageQuery) {
  return useSWR([`/pos/${encodeURIComponent(serial)}/opos-errors`, query] as const, ([path, q]) => apiGet(path, DeviceErrorPage, { query: q }), {
    keepPreviousData: true,
  });
}
