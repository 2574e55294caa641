/**
 * Alarm notifications in the single table (ACCESS-PATTERNS N3–N6): the merchant's log, the flap marks, the flood
 * counters and the held digests, plus what the sender looks up about an event (merchant, settings, machine, people).
 */
import * as z from 'zod/mini';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Notification } from '#schemas/notification';
import { DIGEST_WINDOW_MS, NOTIFICATION_LOG_DAYS } from '#schemas/notification-constants';
import type { Total } from '#schemas/paging';
import type { Digests, FlapMarks, HeldDigest, NotificationLog, NotificationLookups, NotificationSelection, SendCounter } from '../../core/notifications/ports';
import { alarmSettingRecord } from './alarm-setting-repository';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { countQuery, queryPage, type ItemFilter } from './paging';
import { counted, counterRecord } from './counters';
import { recordSchema, type RecordSchema } from './records';
import { isConditionFailure } from './transactions';
import { userRecord } from './user-records';

type Item = Record<string, unknown>;
/** Sorts after every ISO instant: the open end of a range. */
const OPEN_END = '~';
/** A digest lists at most this many held-back subjects (the count goes on). */
const DIGEST_LINES_KEPT = 50;

const skOf = (id: string) => Buffer.from(id, 'base64url').toString('utf8');
/** The record schema of a notification log entry. */
export const notificationRecord = recordSchema<Notification>('notification', Notification);
const entryOf = (item: Item) => notificationRecord.read(item);

/** The record schema of a flap mark (N4): the last raise of a code on a machine, and the one before it (null: none). */
const flapMarkRecord = recordSchema(
  'notificationFlap',
  z.object({ alarmKey: z.string(), at: z.string(), previousAt: z._default(z.nullable(z.string()), null) }),
);

/** The record schema of a held digest (N6): its lines appended, its subjects counted. */
const digestRecord = recordSchema(
  'notificationDigest',
  z.object({
    merchantId: z.string(),
    userId: z.string(),
    windowStart: z.number(),
    lines: z._default(z.array(z.string()), []),
    count: z._default(z.number(), 0),
  }),
);

/** What the sender reads of a merchant, a machine, a group or a client (projections, with their keys). */
const merchantLookup = recordSchema('merchant', z.object({ name: z.string(), timezone: z._default(z.string(), 'UTC') }));
const machineLookup = recordSchema(
  'pos',
  z.object({ name: z.string(), groupId: z._default(z.nullable(z.string()), null), clientId: z._default(z.nullable(z.string()), null) }),
);
const nameLookup = (entity: string) => recordSchema(entity, z.object({ name: z.string() }));
const groupLookup = nameLookup('group');
const clientLookup = nameLookup('client');

function filterOf(sel: NotificationSelection): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (sel.status) {
    parts.push('#st = :st');
    names['#st'] = 'status';
    values[':st'] = sel.status;
  }
  if (sel.userId) {
    parts.push('#u = :u');
    names['#u'] = 'userId';
    values[':u'] = sel.userId;
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

export class DynamoNotificationRepository implements NotificationLog, FlapMarks, SendCounter, Digests {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  // ------------------------------------------------------------------ the log (N3)

  private range(sel: NotificationSelection) {
    const filter = filterOf(sel);
    return {
      tableName: this.tableName,
      partition: keys.merchantNotificationsPk(sel.merchantId),
      between: { from: sel.from ? new Date(sel.from).toISOString() : '0', to: sel.to ? new Date(sel.to).toISOString() : OPEN_END },
      ...(filter ? { filter } : {}),
    };
  }

  async claim(entry: Notification): Promise<{ created: boolean; entry: Notification }> {
    const key = keys.notification(entry.merchantId, skOf(entry.id));
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...entry, ...key, entity: 'notification', expiresAt: Math.floor(Date.parse(entry.at) / 1000) + NOTIFICATION_LOG_DAYS * 86_400 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { created: true, entry };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
      return { created: false, entry: entryOf(res.Item ?? {}) };
    }
  }

  async record(entry: Notification): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.notification(entry.merchantId, skOf(entry.id)),
        UpdateExpression: 'SET #st = :st, reason = :r, attempts = :a, sentAt = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':st': entry.status, ':r': entry.reason, ':a': entry.attempts, ':s': entry.sentAt },
      }),
    );
  }

  async list(
    sel: NotificationSelection,
    s: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ): Promise<{ items: Notification[]; cursor?: string }> {
    const page = await queryPage(this.doc, { ...this.range(sel), forward: s.ordType === 'asc', offset: s.offset, limit: s.limit, cursor: s.cursor });
    return { items: page.items.map(entryOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  count(sel: NotificationSelection): Promise<Total> {
    return countQuery(this.doc, this.range(sel));
  }

  async all(sel: NotificationSelection, max: number): Promise<Notification[]> {
    return (await queryPage(this.doc, { ...this.range(sel), forward: false, offset: 0, limit: max + 1 })).items.map(entryOf);
  }

  // ------------------------------------------------------------------ flapping (N4)

  async recordRaise(merchantId: string, serial: string, code: string, alarmKey: string, at: string): Promise<string | undefined> {
    const key = keys.notificationFlap(merchantId, serial, code);
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    const mark = res.Item && flapMarkRecord.read(res.Item);
    if (mark?.alarmKey === alarmKey) return mark.previousAt ?? undefined; // this raise again (a repeat of the event)
    if (mark?.at && mark.at > at) return mark.at; // an older raise processed late: it does not move the mark
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...key, entity: 'notificationFlap', alarmKey, at, previousAt: mark?.at ?? null, expiresAt: Math.floor(Date.parse(at) / 1000) + 86_400 },
          ConditionExpression: mark ? '#at = :read' : 'attribute_not_exists(pk)',
          ...(mark ? { ExpressionAttributeNames: { '#at': 'at' }, ExpressionAttributeValues: { ':read': mark.at } } : {}),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return this.recordRaise(merchantId, serial, code, alarmKey, at);
    }
    return mark?.at;
  }

  // ------------------------------------------------------------------ floods (N5, N6)

  async countSend(userId: string, windowStart: number): Promise<number> {
    const key = keys.counter(keys.notificationSendsCounterName(userId, windowStart));
    const res = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'ADD #c :one SET expiresAt = :exp',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':exp': Math.floor((windowStart + 2 * DIGEST_WINDOW_MS) / 1000) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    // The attributes the ADD set (UPDATED_NEW), read as the counter item they are part of.
    return res.Attributes ? counted(counterRecord.read({ ...key, ...res.Attributes })) : 1;
  }

  async hold(merchantId: string, userId: string, windowStart: number, dueAtMs: number, line: string): Promise<void> {
    const dueAt = new Date(dueAtMs).toISOString();
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.notificationDigest(merchantId, userId, windowStart),
        UpdateExpression:
          'SET entity = :e, merchantId = :m, userId = :u, windowStart = :w, gsi2pk = :dp, gsi2sk = :ds, expiresAt = :exp, #l = list_append(if_not_exists(#l, :empty), :line) ADD #c :one',
        ExpressionAttributeNames: { '#l': 'lines', '#c': 'count' },
        ExpressionAttributeValues: {
          ':e': 'notificationDigest',
          ':m': merchantId,
          ':u': userId,
          ':w': windowStart,
          ':dp': keys.notificationDigestsDuePk,
          ':ds': keys.notificationDigestDue(dueAt, merchantId, userId).gsi2sk,
          ':exp': Math.floor(dueAtMs / 1000) + 7 * 86_400,
          ':empty': [],
          ':line': [line],
          ':one': 1,
        },
      }),
    );
  }

  async due(nowMs: number, limit: number): Promise<HeldDigest[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :now',
        ExpressionAttributeValues: { ':p': keys.notificationDigestsDuePk, ':now': `${new Date(nowMs).toISOString()}#~` },
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => {
      const digest = digestRecord.read(i);
      return { ...digest, lines: digest.lines.slice(0, DIGEST_LINES_KEPT) };
    });
  }

  async done(d: HeldDigest): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.notificationDigest(d.merchantId, d.userId, d.windowStart),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
  }
}

/** What the sender reads about an event: single gets (and one Query of the merchant's few settings). */
export function notificationLookups(doc: DynamoDBDocumentClient, tableName: string): NotificationLookups {
  /** Every attribute through a placeholder (`name`, `timezone` are reserved words); the key too, for an error line to name the item. */
  const get = async <T>(key: { pk: string; sk: string }, attributes: readonly string[], record: RecordSchema<T>) => {
    const projected = ['pk', 'sk', ...attributes];
    const res = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: key,
        ProjectionExpression: projected.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(projected.map((a, i) => [`#a${i}`, a])),
      }),
    );
    return res.Item && record.read(res.Item);
  };
  return {
    async merchant(id) {
      return get(keys.merchant(id), ['name', 'timezone'], merchantLookup);
    },
    async settings(merchantId) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': keys.merchantAlarmSettingsPk(merchantId) },
        }),
      );
      return (res.Items ?? []).map((i) => alarmSettingRecord.read(i));
    },
    async machine(merchantId, serial) {
      return get(keys.pos(merchantId, serial), ['name', 'groupId', 'clientId'], machineLookup);
    },
    async groupName(merchantId, groupId) {
      return (await get(keys.group(merchantId, groupId), ['name'], groupLookup))?.name;
    },
    async clientName(merchantId, clientId) {
      return (await get(keys.client(merchantId, clientId), ['name'], clientLookup))?.name;
    },
    async users(ids) {
      return (
        await batchGetItems(
          doc,
          tableName,
          ids.map((id) => keys.user(id)),
        )
      ).map((i) => userRecord.read(i));
    },
  };
}
