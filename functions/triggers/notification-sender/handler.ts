/**
 * The alarm notification sender. In AWS the table's stream hands it the outbox items the alarm transactions insert
 * (an event source filter keeps only those), in batches, with partial batch responses; the local stack hands it the
 * same stream-shaped batches from the pending index (infra/local/notification-stream.ts). An event whose send failed
 * is answered as failed, so it comes again, until the sender keeps it aside (MAX_SEND_ATTEMPTS).
 */
import { alarmEventOf } from '../../adapters/dynamodb/notification-outbox';
import type { AlarmEvent } from '../../core/notifications/ports';
import { notifyAlarmEvent } from '../../core/notifications/use-cases';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as notificationDeps } from './deps';

type AttributeValue = { S?: string; N?: string; NULL?: boolean; BOOL?: boolean };

export interface StreamRecordLike {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, AttributeValue>; SequenceNumber?: string };
}
export interface StreamEventLike {
  Records: StreamRecordLike[];
}

/** The flat image of an outbox item (strings, numbers, nulls: all it holds). */
function imageOf(image: Record<string, AttributeValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, v.S ?? (v.N !== undefined ? Number(v.N) : (v.BOOL ?? null))]));
}

export const notificationSenderHandler = (deps = notificationDeps) =>
  trigger(async (event: StreamEventLike): Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }> => {
    const d = deps();
    const failed: string[] = [];
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (record.eventName !== 'INSERT' || !image) continue;
      let e: AlarmEvent | undefined;
      try {
        e = alarmEventOf(imageOf(image));
        const outcome = await notifyAlarmEvent(d, e);
        if (outcome.retry) failed.push(record.dynamodb?.SequenceNumber ?? '');
        else await d.outbox.done(e);
        if (outcome.sent) logger.info('alarm notifications sent', { serial: e.serial, code: e.code, kind: e.kind, sent: outcome.sent });
      } catch (error) {
        // An image that does not parse was logged by its record schema, with its key.
        if (e) logger.error('alarm notification event failed; it comes again', { serial: e.serial, code: e.code, kind: e.kind, error });
        failed.push(record.dynamodb?.SequenceNumber ?? '');
      }
    }
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  });

export const handler = notificationSenderHandler();
