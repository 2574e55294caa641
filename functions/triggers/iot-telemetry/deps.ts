/**
 * Composition of the telemetry trigger: the ingestion deps, and the media lists it sends to machines whose ping holds
 * an older one (core/medias/media-list.ts) with a signed-fetch IoT publisher (no IoT data-plane client: the bundle
 * stays within budget). Its own module, so the other ingestion triggers carry none of it.
 */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoMediaLists } from '../../adapters/dynamodb/media-lists';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { IngestionDeps } from '../../core/ingestion/deps';
import type { FunctionAccess } from '../../runtime/access';
import { iotDataEndpoint } from '../../runtime/config';
import { buildIngestionDeps } from '../ingestion-deps';
import { loadIngestionConfig } from '../ingestion-config';
import { lazy } from '../../runtime/lazy';

export const access = { table: 'readWrite', publishMediaLists: true } as const satisfies FunctionAccess;

export const deps = lazy((): IngestionDeps => {
  const config = loadIngestionConfig();
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
  return {
    ...buildIngestionDeps(config, doc),
    mediaLists: {
      lists: new DynamoMediaLists(doc, config.tableName),
      publisher: new SignedIotPublisher({ region: config.region, endpoint: iotDataEndpoint() }),
    },
  };
});
