import useSWR from 'swr';
import { SensorThresholdList } from '#schemas/sensors';
import { apiGet } from '../../../lib/api';

/** GET /master-modelsensorsconfig: every threshold per device model and sensor. */
export const THRESHOLDS_PATH = '/master-modelsensorsconfig';

export function useSensorThresholds() {
  return useSWR(THRESHOLDS_PATH, (path: string) => apiGet(path, SensorThresholdList));
}
