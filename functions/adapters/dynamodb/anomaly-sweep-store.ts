/**
 * What the anomaly sweep reads and where it stops (ACCESS-PATTERNS AN1): the merchants' index and each merchant's
 * visible machines by name (2, 18) walked by sort key, a page's facts in BatchGetItems (TELEMETRY 17, the anomaly
 * codes' open-alarm guards A3, the week items T11), the merchant's settings (4a), and the cursor item.
 */
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ANOMALY_CODES, ANOMALY_SETTINGS_DEFAULTS, type AnomalySettings } from '#schemas/anomaly-constants';
import type { AnomalyCursor, AnomalyMachine, AnomalyMerchant, AnomalySweepStore, MachineFacts } from '../../core/anomalies/ports';
import { counterName } from '../../core/cash/counters';
import { batchGetItems } from './batch-items';
import { counted, counterRecord } from './counters';
import * as keys from './keys';
import { merchantSettingsRecord } from './merchant-settings-repository';
import { recordSchema } from './records';
import { telemetryRecord } from './reported-copy';
import { weekCountsOf } from './sales-hours';

type Item = Record<string, unknown>;

const cursorRecord = recordSchema('anomalySweepState', z.object({ merchant: z.optional(z.string()), machine: z.optional(z.string()) }));
const merchantEntry = recordSchema('anomalyMerchant', z.object({ id: z.string(), timezone: z.string() }));
const machineEntry = recordSchema('anomalyMachine', z.object({ serial: z.string(), groupId: z._default(z.nullable(z.string()), null) }));

/** Attribute names that are reserved words in an expression. */
const NAMES = { '#tz': 'timezone' };
const OPEN_PREFIX = 'OPENALARM#';
const WEEK_PREFIX = 'SALESHOURS#';
const CASH_DAY_PREFIX = 'DAY#';

export class DynamoAnomalySweepStore implements AnomalySweepStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async cursor(): Promise<AnomalyCursor | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.anomalySweepState }));
    const state = res.Item && cursorRecord.read(res.Item);
    return state?.merchant ? { merchant: state.merchant, ...(state.machine ? { machine: state.machine } : {}) } : undefined;
  }

  async saveCursor(cursor: AnomalyCursor | undefined): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.anomalySweepState, ...cursor } }));
  }

  private async after(partition: string, after: string | undefined, inclusive: boolean, limit: number, projection: string): Promise<Item[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: after === undefined ? 'gsi1pk = :p' : `gsi1pk = :p AND gsi1sk ${inclusive ? '>=' : '>'} :a`,
        ExpressionAttributeValues: { ':p': partition, ...(after === undefined ? {} : { ':a': after }) },
        ProjectionExpression: projection,
        ...(projection.includes('#') ? { ExpressionAttributeNames: NAMES } : {}),
        Limit: limit,
      }),
    );
    return res.Items ?? [];
  }

  async merchants(after: string | undefined, inclusive: boolean, limit: number): Promise<AnomalyMerchant[]> {
    const items = await this.after(keys.merchantsIndexPk, after, inclusive, limit, 'id, #tz, gsi1sk');
    return items.map((i) => ({ ...merchantEntry.read(i), position: String(i.gsi1sk) }));
  }

  async machines(merchantId: string, after: string | undefined, limit: number): Promise<Array<AnomalyMachine & { position: string }>> {
    const partition = keys.posByName(merchantId, false, '', '').gsi1pk;
    const items = await this.after(partition, after, false, limit, 'serial, groupId, gsi1sk');
    return items.map((i) => ({ merchantId, ...machineEntry.read(i), position: String(i.gsi1sk) }));
  }

  async facts(machines: readonly AnomalyMachine[], weekStarts: readonly string[], days: readonly string[]): Promise<Map<string, MachineFacts>> {
    const keyList = machines.flatMap((m) => [
      keys.posTelemetry(m.merchantId, m.serial),
      ...ANOMALY_CODES.map((code) => keys.openAlarm(m.merchantId, m.serial, code)),
      ...weekStarts.map((w) => keys.posSalesHours(m.merchantId, m.serial, w)),
      ...days.map((d) => keys.cashStatsDay(keys.machineCashStatsPk(m.merchantId, m.serial, d.slice(0, 4)), d)),
    ]);
    const bySerial = new Map(machines.map((m) => [m.serial, { weeks: new Map(), open: new Set<string>() } as MachineFacts]));
    const serialOf = new Map(machines.map((m) => [keys.posPk(m.merchantId, m.serial), m.serial]));
    for (const m of machines) for (const d of days) serialOf.set(keys.machineCashStatsPk(m.merchantId, m.serial, d.slice(0, 4)), m.serial);
    for (const item of await batchGetItems(this.doc, this.tableName, keyList)) {
      const facts = bySerial.get(serialOf.get(String(item.pk)) ?? '');
      const sk = String(item.sk);
      if (!facts) continue;
      if (sk === 'TELEMETRY') {
        const t = telemetryRecord.read(item);
        if (t.connection !== undefined && t.connection !== null) facts.connection = t.connection;
        if (t.lastSaleAt) facts.lastSaleAt = t.lastSaleAt;
        if (t.lastSeenAt !== undefined) facts.lastSeenAt = new Date(t.lastSeenAt).toISOString();
      } else if (sk.startsWith(OPEN_PREFIX)) facts.open.add(sk.slice(OPEN_PREFIX.length));
      else if (sk.startsWith(CASH_DAY_PREFIX)) {
        const c = counterRecord.read(item);
        (facts.acceptance ??= new Map()).set(sk.slice(CASH_DAY_PREFIX.length), {
          coinAccepted: counted(c, counterName.accepted('coin')),
          coinRejected: counted(c, counterName.rejected('coin')),
          noteAccepted: counted(c, counterName.accepted('note')),
          noteRejected: counted(c, counterName.rejected('note')),
        });
      } else if (sk.startsWith(WEEK_PREFIX)) {
        const week = weekCountsOf(item);
        facts.weeks.set(week.weekStart, week.counts);
      }
    }
    return bySerial;
  }

  async settings(merchantId: string): Promise<AnomalySettings> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.merchantSettings(merchantId) }));
    if (!res.Item) return { ...ANOMALY_SETTINGS_DEFAULTS };
    const s = merchantSettingsRecord.read(res.Item);
    return { anomalyProbability: s.anomalyProbability, anomalyOfflineHours: s.anomalyOfflineHours, anomalyCashlessRatio: s.anomalyCashlessRatio };
  }
}
