import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MediaSnapshot } from '../../core/customers/model';
import type { MediaSnapshots } from '../../core/customers/ports';
import { batchGetItems } from './batch-items';
import { keys } from './keys';

type Item = Record<string, unknown>;

/** The attributes customers read of a media's item (media-api's record, ACCESS-PATTERNS C4). */
const FIELDS = ['mediaId', 'serial', 'mediaType', 'status', 'credit', 'cloudCredit', 'lastUsedAt', 'customerId', 'days'] as const;
const projection = {
  expression: FIELDS.map((_, i) => `#m${i}`).join(', '),
  names: Object.fromEntries(FIELDS.map((f, i) => [`#m${i}`, f])),
};

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

function snapshotOf(item: Item): MediaSnapshot {
  return {
    mediaId: String(item.mediaId),
    serial: str(item.serial) ?? '',
    mediaType: num(item.mediaType),
    status: num(item.status),
    credit: num(item.credit),
    cloudCredit: num(item.cloudCredit),
    lastUsedAt: str(item.lastUsedAt),
    customerId: str(item.customerId),
    days: item.days && typeof item.days === 'object' ? (item.days as MediaSnapshot['days']) : {},
  };
}

/** Media records as customers show them: one GetItem, or one BatchGetItem for a list's medias. */
export class DynamoMediaSnapshots implements MediaSnapshots {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, mediaId: string): Promise<MediaSnapshot | undefined> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.media(merchantId, mediaId), ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }),
    );
    return res.Item ? snapshotOf(res.Item) : undefined;
  }

  async many(merchantId: string, mediaIds: readonly string[]): Promise<MediaSnapshot[]> {
    if (!mediaIds.length) return [];
    const items = await batchGetItems(this.doc, this.tableName, mediaIds.map((id) => keys.media(merchantId, id)), projection);
    return items.map(snapshotOf);
  }
}
