/** IoT rule `vend/+/alarms` (through its queue): opens, repeats and repairs machines' alarms. See ../iot-batch.ts. */
import { alarms } from '../../core/ingestion/alarms';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(alarms, deps);
