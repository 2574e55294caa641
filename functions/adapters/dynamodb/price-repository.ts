import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { PRICE_ACTIONS, PRICE_ORIGINS, PRICE_SYNC_STATES } from '#schemas/prices-constants';
import { PosNotFoundException } from '../../core/devices/errors';
import type { PriceHistory, PriceHistorySlice, PriceRepository, StoredPrices, StoredPriceVersion } from '../../core/prices/ports';
import * as keys from './keys';
import { countQuery, queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isTransactionCancelled } from './transactions';

type Item = Record<string, unknown>;

const versionRange = { from: keys.posPriceVersionPrefix, to: `${keys.posPriceVersionPrefix}~` };

const price = z.object({ line: z.string(), priceTable: z.number(), value: z.number() });
const origin = z.enum(PRICE_ORIGINS);

/** The record schema of a machine's prices (PRICES item). */
export const pricesRecord = recordSchema<StoredPrices>(
  'prices',
  z.object({
    merchantId: z.string(),
    serial: z.string(),
    version: z.number(),
    revision: z.number(),
    prices: z.array(price),
    origin,
    status: z.enum(PRICE_SYNC_STATES),
    updatedAt: z.string(),
    updatedBy: z.string(),
    synced: z.nullable(z.array(price)),
    syncedOrigin: z.nullable(origin),
    lastSyncAt: z.nullable(z.string()),
    lastSyncBy: z.nullable(z.string()),
    sending: z.nullable(z.object({ commandId: z.string(), version: z.number(), sentAt: z.string(), sentBy: z.string(), prices: z.array(price) })),
  }),
);

/** The record schema of one version in a machine's price history (its item's merchantId and serial are the partition's). */
export const priceVersionRecord = recordSchema<StoredPriceVersion>(
  'priceVersion',
  z.object({ version: z.number(), prices: z.array(price), origin, action: z.enum(PRICE_ACTIONS), at: z.string(), by: z.string() }),
);

const versionOf = (item: Item): StoredPriceVersion => priceVersionRecord.read(item);

/** A machine's prices in its partition, written with their versions (ACCESS-PATTERNS P1, P2). */
export class DynamoPriceRepository implements PriceRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, serial: string): Promise<StoredPrices | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.posPrices(merchantId, serial), ConsistentRead: true }));
    return res.Item ? pricesRecord.read(res.Item) : undefined;
  }

  /** [machine exists, PRICES at the revision read, the version's item]: one transaction. */
  async put(next: StoredPrices, previousRevision: number, version?: StoredPriceVersion): Promise<boolean> {
    const { merchantId, serial } = next;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.pos(merchantId, serial), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...next, ...keys.posPrices(merchantId, serial), entity: 'prices' },
                ...(previousRevision === 0
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : { ConditionExpression: 'revision = :r', ExpressionAttributeValues: { ':r': previousRevision } }),
              },
            },
            ...(version
              ? [
                  {
                    Put: {
                      TableName: this.tableName,
                      Item: { ...version, merchantId, serial, ...keys.posPriceVersion(merchantId, serial, version.version), entity: 'priceVersion' },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return true;
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new PosNotFoundException();
      // The revision moved, or another transaction held the item: the caller reads again.
      if (failed === 1 || isTransactionCancelled(error)) return false;
      throw error;
    }
  }
}

/** A machine's price versions (ACCESS-PATTERNS P2), apart so that what only writes prices bundles no pager. */
export class DynamoPriceHistory implements PriceHistory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async historySlice(merchantId: string, serial: string, req: PriceHistorySlice) {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: versionRange,
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map(versionOf), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  historyCount(merchantId: string, serial: string) {
    return countQuery(this.doc, { tableName: this.tableName, partition: keys.posPk(merchantId, serial), between: versionRange });
  }
}
