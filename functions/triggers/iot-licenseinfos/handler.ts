/**
 * IoT rule `vend/+/licenseinfos` (one invocation per message): a machine's licence report activates its confirmed
 * licence (core/licences/report.ts). A report that does not validate, names another machine than its topic, or that the
 * licence's state refuses changes nothing: it is logged with the reason.
 */
import * as z from 'zod/mini';
import { LicenseInfoMessage } from '#schemas/licence-report';
import { applyLicenseReport, type LicenseReportDeps } from '../../core/licences/report';
import { topicSerial } from '../../core/ingestion/validation';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as licenseReportDeps } from './deps';

export const licenseInfosHandler = (deps: () => LicenseReportDeps = licenseReportDeps) =>
  trigger(async (event: Record<string, unknown>): Promise<string> => {
    const { topic, receivedAt: _, ...message } = event;
    const parsed = z.safeParse(LicenseInfoMessage, message);
    if (!parsed.success || topicSerial(String(topic), 'licenseinfos') !== parsed.data.serial) {
      logger.warn('licence report dropped', { topic, issues: parsed.error?.issues.slice(0, 3) });
      return 'ignored';
    }
    const { serial, sentAt, payload } = parsed.data;
    const outcome = await applyLicenseReport(deps(), { serial, sentAt, ...payload });
    logger.info('licence report', { serial, licenseId: payload.licenseId, outcome });
    return outcome;
  });

export const handler = licenseInfosHandler();
