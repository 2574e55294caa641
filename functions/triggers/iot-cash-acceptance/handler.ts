/** IoT rule `vend/+/cash-acceptance` (through its queue): counts accepted and rejected coins and notes. See ../iot-batch.ts and core/cash/ingest.ts. */
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler('cash-acceptance', deps);
