/** The sensors rule's trigger: the batch's common deps (../kind-deps.ts) and the sensors kind's (core/cash/ingest.ts, core/sensors). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { DynamoCashStore } from '../../adapters/dynamodb/cash-store';
import { DynamoSensorStates, DynamoSensorThresholds } from '../../adapters/dynamodb/sensor-store';
import type { SensorsDeps } from '../../core/cash/ingest';
import type { IngestionConfig } from '../ingestion-config';
import { lazyKindDeps, type KindExtras } from '../kind-deps';

export const sensorsExtras = (doc: DynamoDBDocumentClient, { tableName }: IngestionConfig): KindExtras<SensorsDeps> => ({
  cash: new DynamoCashStore(doc, tableName),
  sensors: { thresholds: new DynamoSensorThresholds(doc, tableName), states: new DynamoSensorStates(doc, tableName) },
  alarms: new DynamoAlarmRepository(doc, tableName),
});

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(sensorsExtras);
