/** IoT rule `vend/+/config` (through its queue): stores config messages. See iot-batch.ts. */
import { iotBatchHandler } from './iot-batch';

export const handler = iotBatchHandler('config');
