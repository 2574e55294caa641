/** The online index (ACCESS-PATTERNS I8) the connection sweep reads instead of a Scan, and the sweep's progress (I9). */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { OnlineEntry, OnlineIndex } from '../../core/ingestion/ports';
import { batchPutItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';
import { isConditionFailure } from './transactions';

/** The record schema of an online index entry (I8): the machine it names. */
export const onlineEntryRecord = recordSchema('onlineEntry', z.object({ merchantId: z.string(), serial: z.string() }));

/** The record schema of the sweep's progress (I9): the last bucket swept through, absent before the first sweep. */
export const sweepStateRecord = recordSchema('connectionSweepState', z.object({ sweptThrough: z.optional(z.number()) }));

export class DynamoOnlineIndex implements OnlineIndex {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async putOnlineEntries(entries: readonly OnlineEntry[], expiresAt: number): Promise<void> {
    await batchPutItems(
      this.doc,
      this.tableName,
      entries.map((e) => ({ ...keys.onlineEntry(e.bucket, e.shard, e.merchantId, e.serial), merchantId: e.merchantId, serial: e.serial, expiresAt })),
    );
  }

  async onlineEntries(bucket: string, shard: number): Promise<Array<{ merchantId: string; serial: string }>> {
    const out: Array<{ merchantId: string; serial: string }> = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.onlinePk(bucket, shard) },
          ProjectionExpression: 'pk, sk, merchantId, serial',
          ExclusiveStartKey: start,
        }),
      );
      for (const i of res.Items ?? []) out.push(onlineEntryRecord.read(i));
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  }

  async sweptThrough(): Promise<number | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.connectionSweepState, ConsistentRead: true }));
    return res.Item && sweepStateRecord.read(res.Item).sweptThrough;
  }

  async saveSweptThrough(bucketIndex: number): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.connectionSweepState,
          UpdateExpression: 'SET sweptThrough = :b, sweptAt = :now',
          ConditionExpression: 'attribute_not_exists(sweptThrough) OR sweptThrough < :b',
          ExpressionAttributeValues: { ':b': bucketIndex, ':now': new Date().toISOString() },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
