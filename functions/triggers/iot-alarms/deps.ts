/** The alarms rule's trigger: the batch's common deps (../kind-deps.ts) and the alarms kind's (core/ingestion/alarms.ts). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import type { AlarmsDeps } from '../../core/ingestion/alarms';
import type { IngestionConfig } from '../ingestion-config';
import { lazyKindDeps, type KindExtras } from '../kind-deps';

export const alarmsExtras = (doc: DynamoDBDocumentClient, { tableName }: IngestionConfig): KindExtras<AlarmsDeps> => ({
  alarms: new DynamoAlarmRepository(doc, tableName),
});

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(alarmsExtras);
