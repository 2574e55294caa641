/** IoT rule `vend/+/sensors` (through its queue): stores sensor readings and moves the machines' dirtiness (an alarm on critical). See ../iot-batch.ts and core/cash/ingest.ts. */
import { sensors } from '../../core/cash/ingest';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(sensors, deps);
