/** IoT rule `vend/+/audit` (through its queue): stores audit messages. See iot-batch.ts. */
import { iotBatchHandler } from './iot-batch';

export const handler = iotBatchHandler('audit');
