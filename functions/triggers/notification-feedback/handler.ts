/**
 * SES's bounce and complaint reports for the alarm e-mails (configuration set event destination → SNS → this
 * function; locally the local SES invokes it the same way for the mailbox simulator's addresses): a permanent bounce
 * or a complaint turns the recipient's notifications off, with that reason shown on their profile.
 */
import { applyDeliveryFeedback } from '../../core/notifications/use-cases';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as notificationFeedbackDeps } from './deps';

export interface SnsEventLike {
  Records: Array<{ Sns: { Message: string } }>;
}

interface SesEvent {
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: Array<{ emailAddress?: string }> };
  complaint?: { complainedRecipients?: Array<{ emailAddress?: string }> };
}

const addresses = (list: Array<{ emailAddress?: string }> | undefined) => (list ?? []).flatMap((r) => (r.emailAddress ? [r.emailAddress] : []));

export const notificationFeedbackHandler = (deps = notificationFeedbackDeps) =>
  trigger(async (event: SnsEventLike): Promise<void> => {
    for (const record of event.Records) {
      let ses: SesEvent;
      try {
        ses = JSON.parse(record.Sns.Message) as SesEvent;
      } catch {
        logger.warn('SES feedback that is not JSON ignored');
        continue;
      }
      // Transient bounces (mailbox full, …) leave notifications on.
      const feedback =
        ses.eventType === 'Bounce' && ses.bounce?.bounceType === 'Permanent'
          ? { kind: 'bounced' as const, emails: addresses(ses.bounce.bouncedRecipients) }
          : ses.eventType === 'Complaint'
            ? { kind: 'complaint' as const, emails: addresses(ses.complaint?.complainedRecipients) }
            : undefined;
      if (!feedback) continue;
      const turnedOff = await applyDeliveryFeedback(deps(), feedback.kind, feedback.emails);
      logger.info('alarm notifications turned off by SES feedback', { kind: feedback.kind, recipients: feedback.emails.length, turnedOff });
    }
  });

export const handler = notificationFeedbackHandler();
