import { DeleteCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { MAX_WHITELIST_ENTRIES } from '#schemas/devices-whitelist';
import type { DevicesWhitelistRepository, StoredWhitelistEntry } from '../../core/devices-whitelist/use-cases';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import * as keys from './keys';
import { readRange } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

const entryRecord = recordSchema<StoredWhitelistEntry>(
  'devicesWhitelistEntry',
  z.object({ merchantId: z.string(), serial: z.string(), description: z.string(), createdAt: z.string(), validUntil: z.string() }),
);
const expiryRecord = recordSchema('superAdminSettings', z.object({ screenConfigurationWhitelistExpiryDays: z.number() }));

/** An expired entry stays listed (marked expired) this long, then TTL removes it. */
const KEPT_AFTER_EXPIRY_SECONDS = 30 * 86_400;

/** A merchant's devices whitelist (ACCESS-PATTERNS DW1): one item per serial in the merchant's whitelist partition. */
export class DynamoDevicesWhitelistRepository implements DevicesWhitelistRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(merchantId: string) {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.devicesWhitelistPk(merchantId),
      forward: true,
      max: MAX_WHITELIST_ENTRIES,
    });
    return items.map((i) => entryRecord.read(i));
  }

  async get(merchantId: string, serial: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.devicesWhitelistEntry(merchantId, serial), ConsistentRead: true }));
    return res.Item ? entryRecord.read(res.Item) : undefined;
  }

  async put(entry: StoredWhitelistEntry) {
    const expiresAt = Math.floor(Date.parse(entry.validUntil) / 1000) + KEPT_AFTER_EXPIRY_SECONDS;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(entry.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...entry, ...keys.devicesWhitelistEntry(entry.merchantId, entry.serial), entity: 'devicesWhitelistEntry', expiresAt },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new MerchantNotFoundException();
      throw error;
    }
  }

  async delete(merchantId: string, serial: string) {
    const res = await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: keys.devicesWhitelistEntry(merchantId, serial), ReturnValues: 'ALL_OLD' }),
    );
    return res.Attributes !== undefined;
  }

  async expiryDays(merchantId: string) {
    const res = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.superAdminSettings(merchantId),
        ProjectionExpression: 'screenConfigurationWhitelistExpiryDays, entity',
      }),
    );
    return res.Item ? expiryRecord.read(res.Item).screenConfigurationWhitelistExpiryDays : undefined;
  }
}
