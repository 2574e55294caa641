/**
 * Composition of the telemetry trigger: the batch's common deps (../kind-deps.ts), and the media lists it sends to
 * machines whose ping holds an older one (core/medias/media-list.ts) with a signed-fetch IoT publisher (no IoT
 * data-plane client: the bundle stays within budget). Its own module, so the other ingestion triggers carry none of it.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoMediaLists } from '../../adapters/dynamodb/media-lists';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { TelemetryDeps } from '../../core/ingestion/telemetry';
import type { FunctionAccess } from '../../runtime/access';
import { iotDataEndpoint } from '../../runtime/config';
import type { IngestionConfig } from '../ingestion-config';
import { lazyKindDeps, type KindExtras } from '../kind-deps';

export const access = { table: 'readWrite', publishMediaLists: true } as const satisfies FunctionAccess;

export const telemetryExtras = (doc: DynamoDBDocumentClient, config: IngestionConfig): KindExtras<TelemetryDeps> => ({
  mediaLists: {
    lists: new DynamoMediaLists(doc, config.tableName),
    publisher: new SignedIotPublisher({ region: config.region, endpoint: iotDataEndpoint() }),
  },
});

export const deps = lazyKindDeps(telemetryExtras);
