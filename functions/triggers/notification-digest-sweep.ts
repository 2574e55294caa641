/** Scheduled (EventBridge every minute in AWS; a timer locally): sends each digest whose flood window ended. */
import type { Context } from 'aws-lambda';
import { sendDueDigests } from '../core/notifications/use-cases';
import { logger } from '../runtime/logger';
import { notificationDeps } from '../shared/notifications';

export function notificationDigestSweepHandler(deps = notificationDeps) {
  return async (_event: unknown = {}, context?: Context): Promise<{ sent: number; failed: number }> => {
    logger.startInvocation(context);
    const outcome = await sendDueDigests(deps());
    if (outcome.sent || outcome.failed) logger.info('notification digests', { ...outcome });
    return outcome;
  };
}

export const handler = notificationDigestSweepHandler();
