/** IoT rule `vend/+/cash-movements` (through its queue): stores cash movements and counts them with the machines' balance. See ../iot-batch.ts and core/cash/ingest.ts. */
import { cashMovements } from '../../core/cash/ingest';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(cashMovements, deps);
