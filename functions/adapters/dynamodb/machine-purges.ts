/**
 * The partitions of deleted machines (notes, sensor samples, sales, audits, configs, alarms, commands), removed in
 * bounded steps. DELETE /pos/{serial} writes a mark (`keys.machinePurge`) in its transaction and removes a small
 * partition at once; the purge sweep carries on with large ones (a year of pings is half a million items) and
 * removes the mark when nothing is left. While the mark exists the serial cannot join that merchant again
 * (machine-writes `create`), so a new machine never shares a partition that is being emptied.
 *
 * Alarms leave the merchant's and their groups' counts of alarms now (A4) in the transaction that deletes them,
 * conditioned on the alarm still being there: two purges of one machine at once (the API's and the sweep's) cannot
 * subtract an alarm twice, and a purge that stops half-way leaves the counts right.
 */
import { DeleteCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { statsContribution } from '../../core/alarms/model';
import type { PosPurges, PosRef } from '../../core/devices/ports';
import { batchDeleteItems } from './batch-items';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { alarmCountedShape } from './machine-regroups';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

type Item = Record<string, unknown>;

/** The record schema of a purge mark (which machine's partition is being emptied). */
export const purgeMarkRecord = recordSchema('machinePurge', z.object({ merchantId: z.string(), serial: z.string() }));

/** What a purge reads of an alarm: its group and what its statistics count (they leave with it). */
const purgedAlarmRecord = recordSchema('alarm', z.object({ groupId: z._default(z.nullable(z.string()), null), ...alarmCountedShape }));

type PurgedAlarm = { key: { pk: string; sk: string } } & ReturnType<typeof purgedAlarmRecord.read>;
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Items per Query of a partition being removed. */
const READ_PAGE = 500;
/** Alarms per transaction: each brings up to two counter updates (merchant, group), within the 100-item limit. */
const ALARMS_PER_TRANSACTION = 45;

export class DynamoPosPurges implements PosPurges {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async purge(machine: PosRef, maxItems: number): Promise<boolean> {
    let start: Record<string, unknown> | undefined;
    let removed = 0;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.posPk(machine.merchantId, machine.serial) },
          ProjectionExpression: 'pk, sk, groupId, #st, category, criticity',
          ExpressionAttributeNames: { '#st': 'status' },
          ExclusiveStartKey: start,
          Limit: Math.min(READ_PAGE, maxItems - removed),
        }),
      );
      const items = res.Items ?? [];
      const isAlarm = (item: Item) => String(item.sk).startsWith(keys.historyPrefix.alarm);
      await Promise.all([
        batchDeleteItems(
          this.doc,
          this.tableName,
          items.filter((i) => !isAlarm(i)).map((i) => ({ pk: i.pk, sk: i.sk })),
        ),
        this.deleteAlarms(
          machine.merchantId,
          items.filter(isAlarm).map((i) => ({ key: { pk: String(i.pk), sk: String(i.sk) }, ...purgedAlarmRecord.read(i) })),
        ),
      ]);
      removed += items.length;
      start = res.LastEvaluatedKey;
    } while (start && removed < maxItems);
    if (start) return false;
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.machinePurge(machine.merchantId, machine.serial) }));
    return true;
  }

  async pending(limit: number): Promise<PosRef[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.machinePurgesPk },
        ProjectionExpression: 'pk, sk, merchantId, serial',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => purgeMarkRecord.read(i));
  }

  /** Alarms with their counts, a chunk per transaction; a chunk that lost one to the other purge goes one by one. */
  private async deleteAlarms(merchantId: string, alarms: readonly PurgedAlarm[]): Promise<void> {
    for (let i = 0; i < alarms.length; i += ALARMS_PER_TRANSACTION) {
      const chunk = alarms.slice(i, i + ALARMS_PER_TRANSACTION);
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: this.alarmDeletes(merchantId, chunk) }));
      } catch (error) {
        if (failedConditionIndex(error) < 0) throw error;
        for (const alarm of chunk) {
          await this.doc.send(new TransactWriteCommand({ TransactItems: this.alarmDeletes(merchantId, [alarm]) })).catch((e: unknown) => {
            if (failedConditionIndex(e) < 0) throw e;
          });
        }
      }
    }
  }

  private alarmDeletes(merchantId: string, alarms: readonly PurgedAlarm[]): TransactItem[] {
    const deltas = new Map<string, Record<string, number>>();
    for (const alarm of alarms) {
      const contribution = statsContribution(alarm, -1);
      const groupId = alarm.groupId;
      for (const name of [keys.alarmCounterName(merchantId), ...(groupId ? [keys.alarmCounterName(merchantId, groupId)] : [])]) {
        const d = deltas.get(name) ?? {};
        for (const [k, v] of Object.entries(contribution)) d[k] = (d[k] ?? 0) + v;
        deltas.set(name, d);
      }
    }
    return [
      ...alarms.map((a): TransactItem => ({ Delete: { TableName: this.tableName, Key: a.key, ConditionExpression: 'attribute_exists(pk)' } })),
      ...[...deltas].flatMap(([name, d]) => counterUpdate(this.tableName, name, d) ?? []),
    ];
  }
}
