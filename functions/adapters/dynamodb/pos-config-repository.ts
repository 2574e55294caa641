import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CustomConfigChangedConcurrentlyException } from '../../core/devices/config-errors';
import type { ConfigHistoryRequest, PosConfigRepository, ReportedConfig, StoredCustomConfig } from '../../core/devices/config-ports';
import { PosNotFoundException } from '../../core/devices/errors';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { countQuery, queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

type Item = Record<string, unknown>;

/** A reported configuration's id within its machine: `{epoch ms of reportedAt}-{messageId}` (both in its sort key). */
const historicalId = (reportedAt: string, messageId: string) => `${Date.parse(reportedAt)}-${messageId}`;

function keyOfId(merchantId: string, serial: string, id: string) {
  const match = /^(\d{1,15})-([A-Za-z0-9_-]{8,64})$/.exec(id);
  const at = match ? new Date(Number(match[1])) : undefined;
  if (!match || !at || Number.isNaN(at.getTime())) return undefined;
  return keys.posConfig(merchantId, serial, at.toISOString(), match[2]!);
}

const configValues = z.record(z.string(), z.string());

/** The record schema of a reported configuration (I5: a history item, and `CONFIG#LATEST`). */
export const reportedConfigRecord = recordSchema('reportedConfig', z.object({ reportedAt: z.string(), messageId: z.string(), values: configValues }));

/** The record schema of a machine's custom configuration. */
export const customConfigRecord = recordSchema<StoredCustomConfig>(
  'customConfig',
  z.object({ values: configValues, origin: z.literal([0, 3]), updatedAt: z.string(), updatedBy: z.string() }),
);

function reported(item: Item): ReportedConfig {
  const { reportedAt, messageId, values } = reportedConfigRecord.read(item);
  return { id: historicalId(reportedAt, messageId), reportedAt, values };
}

/** The history's key range: `CONFIG#{from}` … `CONFIG#{to}~` (inclusive of `to`); `CONFIG#LATEST` sorts after it. */
const historyRange = (r: Pick<ConfigHistoryRequest, 'from' | 'to'>) => ({
  from: `${keys.historyPrefix.config}${r.from ?? '0'}`,
  to: `${keys.historyPrefix.config}${r.to ? `${r.to}~` : '9'}`,
});

export class DynamoPosConfigRepository implements PosConfigRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async current(merchantId: string, serial: string) {
    const latestKey = keys.posConfigLatest(merchantId, serial);
    const customKey = keys.posCustomConfig(merchantId, serial);
    const found = await batchGetItems(this.doc, this.tableName, [latestKey, customKey]);
    const latest = found.find((i) => i.sk === latestKey.sk);
    const customItem = found.find((i) => i.sk === customKey.sk);
    return { ...(latest ? { latest: reported(latest) } : {}), ...(customItem ? { custom: customConfigRecord.read(customItem) } : {}) };
  }

  async historySlice(merchantId: string, serial: string, req: ConfigHistoryRequest) {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: historyRange(req),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map(reported), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  /** Reported configurations are few (at start and on change); a COUNT Query of the range answers the total. */
  historyCount(merchantId: string, serial: string, range: Pick<ConfigHistoryRequest, 'from' | 'to'>) {
    return countQuery(this.doc, { tableName: this.tableName, partition: keys.posPk(merchantId, serial), between: historyRange(range) });
  }

  async historical(merchantId: string, serial: string, id: string) {
    const key = keyOfId(merchantId, serial, id);
    if (!key) return undefined;
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key }));
    return res.Item ? reported(res.Item) : undefined;
  }

  async putCustom(merchantId: string, serial: string, next: StoredCustomConfig, previousVersion: string | undefined) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.pos(merchantId, serial), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...next, ...keys.posCustomConfig(merchantId, serial), entity: 'customConfig', merchantId, serial },
                ...(previousVersion === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : { ConditionExpression: 'updatedAt = :v', ExpressionAttributeValues: { ':v': previousVersion } }),
              },
            },
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new PosNotFoundException();
      if (failed === 1) throw new CustomConfigChangedConcurrentlyException();
      throw error;
    }
  }
}
