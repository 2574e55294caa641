/** IoT rule `vend/+/sales` (through its queue): stores sales messages. See iot-batch.ts. */
import { iotBatchHandler } from './iot-batch';

export const handler = iotBatchHandler('sales');
