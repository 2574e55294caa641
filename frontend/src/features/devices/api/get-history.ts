import useSWR from 'swr';
import { SensorHistory } from '#schemas/pos';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';

export type HistoryKind = 'signal' | 'temperature';

export type { SensorReading as Reading } from '#schemas/pos';

/** GET /pos/{serial}/historical-signal or …/historical-temperature?from&to (ISO instants): the readings in time order. */
export const historyPath = (serial: string, kind: HistoryKind) => `${posKey(serial)}/historical-${kind}`;
export const historyKey = (serial: string, kind: HistoryKind, from: string, to: string) => [historyPath(serial, kind), from, to] as const;
export const fetchHistory = (path: string, from: string, to: string) => apiGet(path, SensorHistory, { query: { from, to } });

export function useHistory(serial: string, kind: HistoryKind, from: string, to: string) {
  return useSWR(historyKey(serial, kind, from, to), ([path, f, t]) => fetchHistory(path, f, t), { keepPreviousData: true });
}
