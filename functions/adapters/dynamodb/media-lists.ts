/**
 * The merchants' media lists as machines get them (ACCESS-PATTERNS M4, M5): the list version of each merchant and the
 * list itself. What the telemetry trigger reads.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { MEDIA_STATUSES } from '#schemas/media-constants';
import type { MediaLists } from '../../core/medias/ports';
import { batchGetItems } from './batch-items';
import { counted, counterRecord } from './counters';
import * as keys from './keys';
import { readRange } from './paging';
import { recordSchema } from './records';

/** A media list entry: the M4 projection of the media item, parsed as its record schema (media-records.ts) reads those attributes. */
const mediaListEntry = recordSchema(
  'media',
  z.object({
    mediaId: z.string(),
    status: z.literal(MEDIA_STATUSES),
    cloudCredit: z.number(),
    tokensBlocked: z._default(z.boolean(), false),
    cloudCreditDevice: z._default(z.nullable(z.string()), null),
  }),
);

export class DynamoMediaLists implements MediaLists {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async versions(merchantIds: readonly string[]): Promise<Map<string, number>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      merchantIds.map((m) => keys.counter(keys.mediaListCounterName(m))),
    );
    const byPk = new Map(items.map((i) => [String(i.pk), counted(counterRecord.read(i), 'version')]));
    return new Map(merchantIds.map((m) => [m, byPk.get(keys.counter(keys.mediaListCounterName(m)).pk) ?? 0]));
  }

  async entries(merchantId: string) {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      index: 'gsi3',
      partition: keys.merchantMediaListPk(merchantId),
      forward: true,
      max: 100_000,
      projection: {
        expression: 'pk, sk, #i, #s, #c, #t, #d',
        names: { '#i': 'mediaId', '#s': 'status', '#c': 'cloudCredit', '#t': 'tokensBlocked', '#d': 'cloudCreditDevice' },
      },
    });
    return items.map((i) => mediaListEntry.read(i));
  }
}
