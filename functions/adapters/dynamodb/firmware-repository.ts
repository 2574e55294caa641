import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Firmware } from '#schemas/firmware';
import type { Total } from '#schemas/paging';
import * as z from 'zod/mini';
import type { FirmwareRepository, FirmwareSlice, StoredFirmware } from '../../core/firmware/ports';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

/** The record schema of a firmware: what the API shows and its file's key. */
export const firmwareRecord = recordSchema<StoredFirmware>('firmware', z.extend(Firmware, { fileKey: z.string() }));

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const sortableVersion = (f: StoredFirmware) => `${pad(f.major, 5)}.${pad(f.minor, 5)}.${pad(f.patch, 5)}.${pad(f.build, 9)}`;
const guardOf = (f: Pick<StoredFirmware, 'deviceType' | 'level' | 'version'>) => keys.firmwareVersionGuard(f.deviceType, f.level, f.version);

/** Firmwares (ACCESS-PATTERNS F1–F3): one item each, listed by device type and version in gsi1, counted on write. */
export class DynamoFirmwareRepository implements FirmwareRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(f: StoredFirmware) {
    return { ...f, ...keys.firmware(f.id), ...keys.firmwareByType(f.deviceType, sortableVersion(f), f.id), entity: 'firmware' };
  }

  private guardPut(f: StoredFirmware) {
    return { Put: { TableName: this.tableName, Item: { ...guardOf(f), firmwareId: f.id }, ConditionExpression: 'attribute_not_exists(pk)' } };
  }

  async get(id: string): Promise<StoredFirmware | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.firmware(id) }));
    return res.Item ? firmwareRecord.read(res.Item) : undefined;
  }

  async list(s: FirmwareSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.firmwaresPk,
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
      ...(s.deviceType ? { beginsWith: `${s.deviceType}#` } : {}),
    });
    return { items: page.items.map((i) => firmwareRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(deviceType?: string): Promise<Total> {
    return { count: await readCounter(this.doc, this.tableName, keys.firmwaresCounterName, Date.now(), deviceType ?? 'count') };
  }

  async create(f: StoredFirmware): Promise<'created' | 'duplicate'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            this.guardPut(f),
            { Put: { TableName: this.tableName, Item: this.item(f), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, keys.firmwaresCounterName, { count: 1, [f.deviceType]: 1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) return 'duplicate';
      throw error;
    }
    forgetCounter(keys.firmwaresCounterName);
    return 'created';
  }

  async update(previous: StoredFirmware, next: StoredFirmware): Promise<'updated' | 'duplicate' | 'changed'> {
    const moves = previous.level !== next.level;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: this.item(next),
                ConditionExpression: 'updatedAt = :v',
                ExpressionAttributeValues: { ':v': previous.updatedAt },
              },
            },
            ...(moves ? [this.guardPut(next), { Delete: { TableName: this.tableName, Key: guardOf(previous) } }] : []),
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) return 'changed';
      if (failed === 1) return 'duplicate';
      throw error;
    }
    return 'updated';
  }

  async delete(f: StoredFirmware): Promise<'deleted' | 'inUse' | 'missing'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.firmware(f.id),
                ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#rules) OR #rules <= :zero)',
                ExpressionAttributeNames: { '#rules': 'rules' },
                ExpressionAttributeValues: { ':zero': 0 },
              },
            },
            { Delete: { TableName: this.tableName, Key: guardOf(f) } },
            counterUpdate(this.tableName, keys.firmwaresCounterName, { count: -1, [f.deviceType]: -1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) return (await this.get(f.id)) ? 'inUse' : 'missing';
      throw error;
    }
    forgetCounter(keys.firmwaresCounterName);
    return 'deleted';
  }
}
