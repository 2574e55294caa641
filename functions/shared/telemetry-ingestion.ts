/**
 * Composition of the telemetry trigger: the ingestion deps, and the media lists it sends to machines whose ping holds
 * an older one (core/medias/media-list.ts) with the IoT publisher. Its own module, so the other ingestion triggers do
 * not bundle the IoT data-plane client.
 */
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoMediaRepository } from '../adapters/dynamodb/media-repository';
import { IotCommandPublisher } from '../adapters/iot/command-publisher';
import type { IngestionDeps } from '../core/ingestion/use-cases';
import type { FunctionAccess } from './access';
import { iotDataEndpoint } from './config';
import { buildIngestionDeps } from './ingestion';
import { loadIngestionConfig } from './ingestion-config';
import { lazy } from './lazy';

export const telemetryIngestionAccess = { table: 'readWrite', publishMediaLists: true } as const satisfies FunctionAccess;

export const telemetryIngestionDeps = lazy((): IngestionDeps => {
  const config = loadIngestionConfig();
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
  return {
    ...buildIngestionDeps(config, doc),
    mediaLists: { lists: new DynamoMediaRepository(doc, config.tableName), publisher: new IotCommandPublisher({ region: config.region, endpoint: iotDataEndpoint() }) },
  };
});
