/**
 * Sensor thresholds per device model (ACCESS-PATTERNS K1) and machines' sensor states with their merchant's dirtiness
 * counters (K2, K3).
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { SensorThreshold } from '#schemas/sensors';
import type { SensorThreshold as Threshold } from '../../core/sensors/dirtiness';
import type { MachineSensorStates, SensorStates, SensorThresholds } from '../../core/sensors/ports';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { keyedMap, recordSchema } from './records';
import { isTransactionCancelled, type TransactItem } from './transactions';

export const sensorThresholdRecord = recordSchema('sensor threshold', SensorThreshold);
const SensorStateValue = z.object({
  value: z.number(),
  at: z.string(),
  state: z.enum(['unknown', 'ok', 'warning', 'critical']),
  threshold: z.optional(z.string()),
});
type SensorStateValue = z.infer<typeof SensorStateValue>;
const isSensorState = (v: unknown): v is SensorStateValue => z.safeParse(SensorStateValue, v).success;
export const sensorStatesRecord = recordSchema(
  'sensor states',
  z.object({ sensors: keyedMap(isSensorState), state: z.enum(['unknown', 'ok', 'warning', 'critical']), version: z.number() }),
);

/** How long a warm function keeps a model's thresholds: a change reaches ingestion within this. */
export const THRESHOLDS_CACHE_MS = 30_000;

export class DynamoSensorThresholds implements SensorThresholds {
  private readonly cache = new Map<string, { at: number; thresholds: Record<string, Threshold> }>();

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly cacheMs = THRESHOLDS_CACHE_MS,
    private readonly nowMs = Date.now,
  ) {}

  async list(model?: string): Promise<SensorThreshold[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: model ? 'pk = :pk AND begins_with(sk, :m)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.sensorThresholdsPk, ...(model ? { ':m': `${model}#` } : {}) },
      }),
    );
    return (res.Items ?? []).map((i) => sensorThresholdRecord.read(i));
  }

  async get(model: string, name: string): Promise<SensorThreshold | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.sensorThreshold(model, name) }));
    return res.Item && sensorThresholdRecord.read(res.Item);
  }

  async put(t: SensorThreshold): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.sensorThreshold(t.model, t.name), entity: 'SENSOR_THRESHOLD', ...t } }));
    this.cache.delete(t.model);
  }

  async thresholdsOf(model: string): Promise<Record<string, Threshold>> {
    const hit = this.cache.get(model);
    if (hit && this.nowMs() - hit.at < this.cacheMs) return hit.thresholds;
    const thresholds = Object.fromEntries(
      (await this.list(model)).map((t) => [t.name, { warning: t.warning, critical: t.critical, valuesIncrease: t.valuesIncrease }]),
    );
    this.cache.set(model, { at: this.nowMs(), thresholds });
    return thresholds;
  }
}

export class DynamoSensorStates implements SensorStates {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async statesOf(device: { merchantId: string; serial: string }): Promise<MachineSensorStates | undefined> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.posSensorStates(device.merchantId, device.serial), ConsistentRead: true }),
    );
    return res.Item && sensorStatesRecord.read(res.Item);
  }

  async saveStates(
    device: { merchantId: string; serial: string },
    states: Omit<MachineSensorStates, 'version'>,
    expected: MachineSensorStates | undefined,
  ): Promise<'ok' | 'conflict'> {
    const version = (expected?.version ?? 0) + 1;
    const put: TransactItem = {
      Put: {
        TableName: this.tableName,
        Item: { ...keys.posSensorStates(device.merchantId, device.serial), entity: 'SENSOR_STATES', ...states, version },
        ConditionExpression: expected ? 'version = :v' : 'attribute_not_exists(pk)',
        ...(expected ? { ExpressionAttributeValues: { ':v': expected.version } } : {}),
      },
    };
    const from = expected?.state ?? 'unknown';
    const deltas: Record<string, number> = {};
    if (from !== states.state) {
      if (from !== 'unknown') deltas[from] = -1;
      if (states.state !== 'unknown') deltas[states.state] = 1;
    }
    const counter = counterUpdate(this.tableName, keys.dirtinessCounterName(device.merchantId), deltas);
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: counter ? [put, counter] : [put] }));
      return 'ok';
    } catch (error) {
      if (isTransactionCancelled(error)) return 'conflict';
      throw error;
    }
  }
}
