/** IoT rule `vend/+/telemetry` (through its queue): stores telemetry messages and sends a machine holding an older media list the list. See iot-batch.ts. */
import { telemetryIngestionDeps } from '../shared/telemetry-ingestion';
import { iotBatchHandler } from './iot-batch';

export const handler = iotBatchHandler('telemetry', telemetryIngestionDeps);
