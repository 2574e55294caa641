/** IoT rule `vend/+/sales` (through its queue): stores sales messages. See ../iot-batch.ts. */
import { sales } from '../../core/ingestion/sales';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(sales, deps);
