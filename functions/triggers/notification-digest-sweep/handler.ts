/** Scheduled (EventBridge every minute in AWS; a timer locally): sends each digest whose flood window ended. */
import { sendDueDigests } from '../../core/notifications/use-cases';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as notificationDeps } from './deps';

export const notificationDigestSweepHandler = (deps = notificationDeps) =>
  trigger(async (_event: unknown = {}): Promise<{ sent: number; failed: number }> => {
    const outcome = await sendDueDigests(deps());
    if (outcome.sent || outcome.failed) logger.info('notification digests', { ...outcome });
    return outcome;
  });

export const handler = notificationDigestSweepHandler();
