/**
 * The notification outbox (ACCESS-PATTERNS N1, N2): the alarm transactions put one item per alarm raised or repaired,
 * nothing else (ingestion reads no notification setting). In AWS the table's stream hands the new items to the
 * sender; the local stack, without streams, reads the pending index instead (infra/local/notification-stream.ts).
 * The sender takes an item off the pending index once it is done with it.
 */
import * as z from 'zod/mini';
import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_OUTBOX_DAYS, NOTIFICATION_OUTBOX_ENTITY } from '#schemas/notification-constants';
import type { StoredAlarm } from '../../core/alarms/model';
import type { AlarmEvent } from '../../core/notifications/ports';
import * as keys from './keys';
import { recordSchema } from './records';
import { isConditionFailure } from './transactions';

type Item = Record<string, unknown>;

/** The TransactWriteItems Put of an alarm event's outbox item. */
export function outboxPut(tableName: string, a: StoredAlarm, kind: AlarmEvent['kind'], at: string) {
  const sk = keys.posAlarm(a.merchantId, a.serial, a.createdAt, a.messageId).sk;
  const event: AlarmEvent = {
    merchantId: a.merchantId,
    serial: a.serial,
    code: a.code,
    criticity: a.criticity,
    message: a.message,
    kind,
    alarmCreatedAt: a.createdAt,
    alarmMessageId: a.messageId,
    at,
  };
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.notificationOutbox(a.merchantId, a.serial, kind, sk),
        ...keys.notificationPending(at, a.merchantId, a.serial, a.messageId, kind),
        ...event,
        entity: NOTIFICATION_OUTBOX_ENTITY,
        expiresAt: Math.floor(Date.parse(at) / 1000) + NOTIFICATION_OUTBOX_DAYS * 86_400,
      },
    },
  };
}

/** The record schema of an outbox item (N1): the event it carries. */
export const outboxRecord = recordSchema<AlarmEvent>(
  NOTIFICATION_OUTBOX_ENTITY,
  z.object({
    merchantId: z.string(),
    serial: z.string(),
    code: z.string(),
    criticity: z.number(),
    message: z._default(z.string(), ''),
    kind: z.enum(['raised', 'repaired']),
    alarmCreatedAt: z.string(),
    alarmMessageId: z.string(),
    at: z.string(),
  }),
);

/** The event an outbox item (a stream record's new image) carries. */
export const alarmEventOf = (item: Item): AlarmEvent => outboxRecord.read(item);

export class DynamoNotificationOutbox {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** Done with this event: off the pending index (the item stays until it expires). */
  async done(e: AlarmEvent): Promise<void> {
    const sk = keys.posAlarm(e.merchantId, e.serial, e.alarmCreatedAt, e.alarmMessageId).sk;
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.notificationOutbox(e.merchantId, e.serial, e.kind, sk),
          UpdateExpression: 'REMOVE gsi3pk, gsi3sk SET doneAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': new Date().toISOString() },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }

  /** Items still pending, oldest first, as stored: the local stream stand-in hands them on as new images, which the sender parses (`alarmEventOf`). */
  async pending(limit: number): Promise<Item[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :p',
        ExpressionAttributeValues: { ':p': keys.notificationsPendingPk },
        Limit: limit,
      }),
    );
    return res.Items ?? [];
  }
}
