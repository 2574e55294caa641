/** IoT rule `vend/+/device-errors` (through its queue): stores the cash devices' OPOS errors and counts them. See ../iot-batch.ts and core/cash/ingest.ts. */
import { deviceErrors } from '../../core/cash/ingest';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(deviceErrors, deps);
