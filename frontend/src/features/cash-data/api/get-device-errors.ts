import useSWR from 'swr';
import { DeviceErrorPage } from '#schemas/cash-stats';
import { apiGet } from '../../../lib/api';

export interface DeviceErrorFilter {
  page: number;
  cursor?: string;
  device?: string;
  code?: number;
}

/** GET /pos/{serial}/opos-errors: a page of the machine's device errors, newest first, by device and code. */
export function useDeviceErrors(serial: string, f: DeviceErrorFilter) {
  return useSWR(
    [`/pos/${encodeURIComponent(serial)}/opos-errors`, f] as const,
    ([path, q]) =>
      apiGet(path, DeviceErrorPage, {
        query: {
          page: q.page,
          size: 20,
          ...(q.cursor ? { cursor: q.cursor } : {}),
          ...(q.device ? { device: q.device } : {}),
          ...(q.code !== undefined ? { code: q.code } : {}),
        },
      }),
    { keepPreviousData: true },
  );
}
