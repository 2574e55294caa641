import { useCallback, useState } from 'react';
import { KPI_INTERVAL_DAYS } from '#schemas/kpi-constants';
import { readStored, writeStored } from '../../lib/storage';

const isInterval = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= KPI_INTERVAL_DAYS.min && v <= KPI_INTERVAL_DAYS.max;

/** The KPI interval in days (spec §9: default 30, 2 to 365), kept locally under the spec's `kpis` store for the next visit. */
export function useKpiInterval(): [number, (days: number) => void] {
  const [days, setDays] = useState(() => readStored('kpis', 'interval', isInterval) ?? KPI_INTERVAL_DAYS.default);
  const choose = useCallback((next: number) => {
    if (!isInterval(next)) return;
    writeStored('kpis', 'interval', next);
    setDays(next);
  }, []);
  return [days, choose];
}

export const isKpiInterval = isInterval;
