import useSWR from 'swr';
import type { Submodule } from '#schemas/cash-messages';
import { SubmoduleChart } from '#schemas/cash-stats';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/sensors/chart?from&to[&submodule]: the readings, oldest first. */
export function useSensorChart(serial: string, from: string, to: string, submodule?: Submodule) {
  return useSWR(
    [`/pos/${encodeURIComponent(serial)}/sensors/chart`, from, to, submodule ?? ''] as const,
    ([path, f, t, s]) => apiGet(path, SubmoduleChart, { query: { from: f, to: t, ...(s ? { submodule: s } : {}) } }),
    { keepPreviousData: true },
  );
}
