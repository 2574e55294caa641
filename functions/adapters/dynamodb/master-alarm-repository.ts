import { GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MasterAlarm } from '#schemas/alarm-entity';
import type { Total } from '#schemas/paging';
import { DuplicateMasterAlarmException, MasterAlarmChangedConcurrentlyException, MasterAlarmNotFoundException } from '../../core/alarms/errors';
import type { MasterAlarmRepository, MasterAlarmSlice } from '../../core/alarms/master-alarms';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex, isConditionFailure } from './transactions';

/** Master alarms (ACCESS-PATTERNS A7): one item per code, listed by code in gsi1, counted on write. */
/** The record schema of a master alarm (the alarm catalogue's entry of a code). */
export const masterAlarmRecord = recordSchema<MasterAlarm>('masterAlarm', MasterAlarm);

export class DynamoMasterAlarmRepository implements MasterAlarmRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(a: MasterAlarm) {
    return { ...a, ...keys.masterAlarm(a.code), ...keys.masterAlarmByCode(a.code), entity: 'masterAlarm' };
  }

  async get(code: string): Promise<MasterAlarm | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.masterAlarm(code) }));
    return res.Item ? masterAlarmRecord.read(res.Item) : undefined;
  }

  async listSlice(s: MasterAlarmSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.masterAlarmsPk,
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
      ...(s.search ? { beginsWith: s.search } : {}),
    });
    return {
      items: page.items.map((i) => {
        const { level1: _l1, level2: _l2, ...summary } = masterAlarmRecord.read(i);
        return summary;
      }),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  }

  async count(search?: string): Promise<Total> {
    if (search) return countQuery(this.doc, { tableName: this.tableName, index: 'gsi1', partition: keys.masterAlarmsPk, beginsWith: search });
    return { count: await readCounter(this.doc, this.tableName, keys.masterAlarmsCounterName) };
  }

  async create(a: MasterAlarm): Promise<void> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: this.item(a), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, keys.masterAlarmsCounterName, { count: 1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new DuplicateMasterAlarmException();
      throw error;
    }
    forgetCounter(keys.masterAlarmsCounterName);
  }

  async update(a: MasterAlarm, previousUpdatedAt: string): Promise<void> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: this.item(a),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :v',
          ExpressionAttributeValues: { ':v': previousUpdatedAt },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new MasterAlarmChangedConcurrentlyException();
      throw error;
    }
  }

  async delete(code: string): Promise<void> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.tableName, Key: keys.masterAlarm(code), ConditionExpression: 'attribute_exists(pk)' } },
            counterUpdate(this.tableName, keys.masterAlarmsCounterName, { count: -1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new MasterAlarmNotFoundException();
      throw error;
    }
    forgetCounter(keys.masterAlarmsCounterName);
  }
}
