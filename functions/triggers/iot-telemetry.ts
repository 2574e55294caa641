/** IoT rule `vend/+/telemetry` (through its queue): stores telemetry messages. See iot-batch.ts. */
import { iotBatchHandler } from './iot-batch';

export const handler = iotBatchHandler('telemetry');
