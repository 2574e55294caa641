import { mutate } from 'swr';
import { SensorThreshold, type SensorThresholdBody } from '#schemas/sensors';
import { apiRequest } from '../../../lib/api';
import { THRESHOLDS_PATH } from './get-thresholds';

/** PUT /master-modelsensorsconfig/{model}/{name}; 400 InvalidSensorThresholdException when warning is past critical. */
export async function saveSensorThreshold(model: string, name: string, body: SensorThresholdBody): Promise<SensorThreshold> {
  const saved = await apiRequest(`${THRESHOLDS_PATH}/${encodeURIComponent(model)}/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body,
    schema: SensorThreshold,
  });
  await mutate(THRESHOLDS_PATH);
  return saved;
}
