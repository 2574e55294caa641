/**
 * The media item (ACCESS-PATTERNS M1): read, and written with UpdateItem of our own attributes only (customers set
 * `customerId` on it) conditioned on the `version` read, with what a creation or a change of the media list moves
 * (M5, M6) in the same transaction. What ingestion uses; the API's repository (media-repository.ts) adds the rest.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { MEDIA_ACTIONS, MEDIA_STATUSES } from '#schemas/media-constants';
import { recordChange } from '../../core/audit/change-recorder';
import { creditOf, inMediaList, mediaListChanged, type MediaDay, type MediaRecord } from '../../core/medias/model';
import type { MediaRepository } from '../../core/medias/ports';
import { batchGetItems } from './batch-items';
import { counterUpdate, forgetCounter } from './counters';
import * as keys from './keys';
import { keyedMap, recordSchema } from './records';
import { isConditionFailure, isTransactionCancelled, type TransactItem } from './transactions';

type Item = Record<string, unknown>;

/** The attributes this module owns on the media item (never `customerId`). */
const OWN_FIELDS = [
  'merchantId',
  'mediaId',
  'serial',
  'mediaType',
  'status',
  'keyCredit',
  'cloudCredit',
  'cloudCreditDevice',
  'tokensBlocked',
  'bonusCredit',
  'bonusFreeSales',
  'lastCounter',
  'lastUsedAt',
  'sourceType',
  'sourceSerial',
  'externalService',
  'device',
  'sapCode',
  'replacedBy',
  'replaces',
  'createdAt',
  'updatedAt',
  'days',
  'actions',
  'applied',
] as const;

const orNull = <T extends z.ZodMiniType>(t: T) => z._default(z.nullable(t), null);

const isMediaDay = (d: unknown): d is MediaDay => {
  const { sales, salesValue, recharges, rechargesValue } = (d ?? {}) as Record<string, unknown>;
  return [sales, salesValue, recharges, rechargesValue].every((n) => typeof n === 'number');
};

const mediaAction = z.object({
  action: z.enum(MEDIA_ACTIONS),
  at: z.string(),
  userId: z.string(),
  email: z.string(),
  amount: z.optional(z.number()),
  device: z.optional(z.string()),
  otherMediaId: z.optional(z.string()),
  transactionId: z.optional(z.string()),
});

/** The record schema of a media item (M1); `customerId` is absent until a customer's association sets it. */
export const mediaRecord = recordSchema<MediaRecord>(
  'media',
  z.object({
    merchantId: z.string(),
    mediaId: z.string(),
    serial: z.string(),
    mediaType: z.number(),
    status: z.literal(MEDIA_STATUSES),
    keyCredit: z.number(),
    cloudCredit: z.number(),
    cloudCreditDevice: orNull(z.string()),
    tokensBlocked: z._default(z.boolean(), false),
    bonusCredit: z.number(),
    bonusFreeSales: z.number(),
    lastCounter: orNull(z.number()),
    lastUsedAt: orNull(z.string()),
    sourceType: z.number(),
    sourceSerial: orNull(z.string()),
    externalService: z.number(),
    device: orNull(z.string()),
    sapCode: orNull(z.string()),
    customerId: orNull(z.string()),
    replacedBy: orNull(z.string()),
    replaces: orNull(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    days: z._default(keyedMap(isMediaDay), {}),
    actions: z._default(z.array(mediaAction), []),
    applied: z._default(z.array(z.string()), []),
    version: z._default(z.number(), 0),
  }),
);

export const recordOf = (item: Item): MediaRecord => mediaRecord.read(item);

/** The UpdateItem of a media's own attributes, its index keys and (in or out of the list) its list entry, at version + 1. */
export function mediaUpdate(tableName: string, next: MediaRecord, before: MediaRecord | undefined) {
  const fields: Item = {
    ...Object.fromEntries(OWN_FIELDS.map((f) => [f, next[f]])),
    credit: creditOf(next),
    entity: 'media',
    version: (before?.version ?? 0) + 1,
    ...keys.mediaByUse(next.merchantId, next.lastUsedAt, next.mediaId),
    ...keys.mediaBySerial(next.merchantId, next.serial, next.mediaId),
    ...(inMediaList(next) ? keys.mediaListEntry(next.merchantId, next.mediaId) : {}),
  };
  const entries = Object.entries(fields);
  const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#a${i}`, k]));
  const values: Item = Object.fromEntries(entries.map(([, v], i) => [`:a${i}`, v]));
  const remove = inMediaList(next) ? '' : ' REMOVE #l1, #l2';
  if (remove) Object.assign(names, { '#l1': 'gsi3pk', '#l2': 'gsi3sk' });
  const condition = before
    ? {
        ConditionExpression: '#ver = :ver',
        ExpressionAttributeNames: { ...names, '#ver': 'version' },
        ExpressionAttributeValues: { ...values, ':ver': before.version },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)', ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  return {
    TableName: tableName,
    Key: keys.media(next.merchantId, next.mediaId),
    UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :a${i}`).join(', ')}${remove}`,
    ...condition,
  };
}

export const listVersionUpdate = (tableName: string, merchantId: string) => counterUpdate(tableName, keys.mediaListCounterName(merchantId), { version: 1 })!;

/** What a media adds to its merchant's medias counter besides `count`: one in its type and one in its status (the admin statistics). */
const mediaCounted = (m: MediaRecord): Record<string, number> => ({ [`type_${m.mediaType}`]: 1, [`status_${m.status}`]: 1 });

/** The moves of the merchant's medias counter by type and status when medias go from `before` (absent: created) to `next`. */
export function mediaCountMoves(changes: ReadonlyArray<readonly [MediaRecord | undefined, MediaRecord]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [before, next] of changes) {
    for (const [k, v] of Object.entries(mediaCounted(next))) out[k] = (out[k] ?? 0) + v;
    if (before) for (const [k, v] of Object.entries(mediaCounted(before))) out[k] = (out[k] ?? 0) - v;
  }
  return out;
}

/** A change of an existing media as transaction items: its Update at the version read, the list version when machines must learn of it, its status count. */
export function mediaChangeItems(tableName: string, next: MediaRecord, before: MediaRecord): TransactItem[] {
  const counts = counterUpdate(tableName, keys.mediasCounterName(next.merchantId), mediaCountMoves([[before, next]]));
  return [
    { Update: mediaUpdate(tableName, next, before) },
    ...(mediaListChanged(before, next) ? [listVersionUpdate(tableName, next.merchantId)] : []),
    ...(counts ? [counts] : []),
  ];
}

export class DynamoMediaRecords implements Pick<MediaRepository, 'get' | 'getMany' | 'save'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(merchantId: string, mediaId: string): Promise<MediaRecord | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.media(merchantId, mediaId), ConsistentRead: true }));
    return res.Item ? recordOf(res.Item) : undefined;
  }

  async getMany(merchantId: string, mediaIds: readonly string[]): Promise<Map<string, MediaRecord>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      mediaIds.map((id) => keys.media(merchantId, id)),
    );
    return new Map(items.map((i) => recordOf(i)).map((r) => [r.mediaId, r]));
  }

  /** A creation counts in the merchant's total and records its media type; a change of the list moves its version. */
  async save(next: MediaRecord, before: MediaRecord | undefined): Promise<boolean> {
    const update = mediaUpdate(this.tableName, next, before);
    const moves = mediaCountMoves([[before, next]]);
    const extra: TransactItem[] = [
      ...(before ? [] : [{ Put: { TableName: this.tableName, Item: { ...keys.mediaTypeUsed(next.merchantId, next.mediaType), mediaType: next.mediaType } } }]),
      ...[counterUpdate(this.tableName, keys.mediasCounterName(next.merchantId), before ? moves : { ...moves, count: 1 })].filter((u) => u !== undefined),
      ...(mediaListChanged(before, next) ? [listVersionUpdate(this.tableName, next.merchantId)] : []),
    ];
    try {
      if (extra.length) await this.doc.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...extra] }));
      else await this.doc.send(new UpdateCommand(update));
      if (!before) forgetCounter(keys.mediasCounterName(next.merchantId));
      recordMediaChange(before, next);
      return true;
    } catch (error) {
      if (isConditionFailure(error) || isTransactionCancelled(error)) return false;
      throw error;
    }
  }
}

/** A media's change for the audit trail of the call that made it: its state, without its history (days, actions, applied messages). */
export function recordMediaChange(before: MediaRecord | undefined, after: MediaRecord): void {
  const state = ({ days, actions, applied, version, ...rest }: MediaRecord) => rest;
  recordChange('media', after.mediaId, before && state(before), state(after));
}
