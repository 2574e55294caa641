/** IoT rule `vend/+/config` (through its queue): stores config messages. See ../iot-batch.ts. */
import { config } from '../../core/ingestion/config';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(config, deps);
