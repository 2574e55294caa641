/** IoT rule `vend/+/telemetry` (through its queue): stores telemetry messages and sends a machine holding an older media list the list. See ../iot-batch.ts. */
import { telemetry } from '../../core/ingestion/telemetry';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(telemetry, deps);
