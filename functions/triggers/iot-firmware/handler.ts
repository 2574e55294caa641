/**
 * IoT rule `vend/+/firmware` (one invocation per message): a machine's progress through a firmware or cash database
 * it was sent moves its state in the rollout (core/rollouts/machine-report.ts). A report that does not validate, names
 * another machine than its topic, or names no machine of a rollout changes nothing: it is logged with the reason.
 */
import * as z from 'zod/mini';
import { FirmwareStateMessage } from '#schemas/firmware-report';
import { applyMachineReport, type MachineReportDeps } from '../../core/rollouts/machine-report';
import { topicSerial } from '../../core/ingestion/validation';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as machineReportDeps } from './deps';

export const firmwareReportHandler = (deps: () => MachineReportDeps = machineReportDeps) =>
  trigger(async (event: Record<string, unknown>): Promise<string> => {
    const { topic, receivedAt: _, ...message } = event;
    const parsed = z.safeParse(FirmwareStateMessage, message);
    if (!parsed.success || topicSerial(String(topic), 'firmware') !== parsed.data.serial) {
      logger.warn('firmware report dropped', { topic, issues: parsed.error?.issues.slice(0, 3) });
      return 'ignored';
    }
    const { serial, payload } = parsed.data;
    const outcome = await applyMachineReport(deps(), serial, payload);
    logger.info('firmware report', { serial, rolloutId: payload.rolloutId, state: payload.state, outcome });
    return outcome;
  });

export const handler = firmwareReportHandler();
