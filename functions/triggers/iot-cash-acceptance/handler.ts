/** IoT rule `vend/+/cash-acceptance` (through its queue): counts accepted and rejected coins and notes. See ../iot-batch.ts and core/cash/ingest.ts. */
import { cashAcceptance } from '../../core/cash/ingest';
import { iotBatchHandler } from '../iot-batch';
import { deps } from './deps';

export const handler = iotBatchHandler(cashAcceptance, deps);
