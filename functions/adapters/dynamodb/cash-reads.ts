/**
 * Reads of a cash-handling machine's data (ACCESS-PATTERNS K4–K8): day counters per year partition (a range of 366
 * days is at most two Queries), balances, device errors paged in the machine's partition, sensor readings for charts.
 * `acceptanceDays` is the one reader of the per-machine per-day acceptance (rejection) counters other code calls.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AcceptanceDay, CashReads, DayCounts, StoredDeviceError } from '../../core/cash/ports';
import { counterName } from '../../core/cash/counters';
import { counted, counterRecord } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter } from './paging';
import { recordSchema } from './records';

const deviceErrorRecord = recordSchema(
  'device error',
  z.object({ at: z.string(), device: z.string(), resultCode: z.number(), extendedCode: z.number(), message: z.optional(z.string()) }),
);
const sensorReadingRecord = recordSchema('sensor reading', z.object({ at: z.string(), values: z.record(z.string(), z.number()) }));

/** A key no history item reaches, closing an open range. */
const OPEN_END = '\uffff';

export class DynamoCashReads implements CashReads {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async dayCounts(merchantId: string, serial: string | undefined, fromDay: string, toDay: string): Promise<Map<string, DayCounts>> {
    const years: string[] = [];
    for (let y = Number(fromDay.slice(0, 4)); y <= Number(toDay.slice(0, 4)); y++) years.push(String(y));
    const pages = await Promise.all(
      years.map(async (year) => {
        const pk = serial ? keys.machineCashStatsPk(merchantId, serial, year) : keys.merchantCashStatsPk(merchantId, year);
        const items: Record<string, unknown>[] = [];
        let start: Record<string, unknown> | undefined;
        do {
          const res = await this.doc.send(
            new QueryCommand({
              TableName: this.tableName,
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':pk': pk, ':from': `DAY#${fromDay}`, ':to': `DAY#${toDay}` },
              ExclusiveStartKey: start,
            }),
          );
          items.push(...(res.Items ?? []));
          start = res.LastEvaluatedKey;
        } while (start);
        return items;
      }),
    );
    return new Map(pages.flat().map((i) => [String(i.sk).slice('DAY#'.length), counterRecord.read(i)]));
  }

  async acceptanceDays(merchantId: string, serial: string, fromDay: string, toDay: string): Promise<AcceptanceDay[]> {
    const days = await this.dayCounts(merchantId, serial, fromDay, toDay);
    return [...days]
      .map(([day, c]) => ({
        day,
        coinAccepted: counted(c, counterName.accepted('coin')),
        coinRejected: counted(c, counterName.rejected('coin')),
        noteAccepted: counted(c, counterName.accepted('note')),
        noteRejected: counted(c, counterName.rejected('note')),
      }))
      .filter((d) => d.coinAccepted + d.coinRejected + d.noteAccepted + d.noteRejected > 0)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  async balance(merchantId: string, serial?: string): Promise<number> {
    const Key = serial ? keys.posCashBalance(merchantId, serial) : keys.merchantCashBalance(merchantId);
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key }));
    return counted(res.Item && counterRecord.read(res.Item), 'balance');
  }

  private errorsRange(merchantId: string, serial: string, f: { device?: string; code?: number; from?: string; to?: string }) {
    const parts = [
      ...(f.device ? [{ expression: '#dev = :dev', names: { '#dev': 'device' }, values: { ':dev': f.device } }] : []),
      ...(f.code !== undefined ? [{ expression: '#rc = :rc', names: { '#rc': 'resultCode' }, values: { ':rc': f.code } }] : []),
    ];
    const filter: ItemFilter | undefined = parts.length
      ? {
          expression: parts.map((p) => p.expression).join(' AND '),
          names: Object.assign({}, ...parts.map((p) => p.names)),
          values: Object.assign({}, ...parts.map((p) => p.values)),
        }
      : undefined;
    const prefix = keys.cashHistoryPrefix.deviceError;
    return {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: { from: `${prefix}${f.from ?? ''}`, to: `${prefix}${f.to ?? OPEN_END}` },
      ...(filter ? { filter } : {}),
    };
  }

  async deviceErrors(
    merchantId: string,
    serial: string,
    f: { device?: string; code?: number; from?: string; to?: string },
    s: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ): Promise<{ items: StoredDeviceError[]; cursor?: string; total: { count: number; atLeast?: true } }> {
    const range = this.errorsRange(merchantId, serial, f);
    const [page, total] = await Promise.all([
      queryPage(this.doc, { ...range, forward: s.ordType === 'asc', offset: s.offset, limit: s.limit, cursor: s.cursor }),
      countQuery(this.doc, range),
    ]);
    return { items: page.items.map((i) => deviceErrorRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}), total };
  }

  async sensorReadings(merchantId: string, serial: string, from: string, to: string, max: number) {
    const prefix = keys.cashHistoryPrefix.sensors;
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: { from: `${prefix}${from}`, to: `${prefix}${to}` },
      forward: true,
      max,
      projection: { expression: 'pk, sk, #at, #values', names: { '#at': 'at', '#values': 'values' } },
    });
    return items.map((i) => sensorReadingRecord.read(i));
  }
}
