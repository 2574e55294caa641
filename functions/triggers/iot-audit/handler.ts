/** IoT rule `vend/+/audit` (through its queue): stores audit messages. See ../iot-batch.ts. */
import { audit } from '../../core/ingestion/audit';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(audit, deps);
