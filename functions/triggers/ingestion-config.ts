/** Settings of the ingestion triggers and the connection sweep: the table and the connection windows, no Cognito. */
import { DEFAULT_LIST_COPY_SECONDS, DEFAULT_OFFLINE_AFTER_SECONDS, DEFAULT_ONLINE_BUCKET_SECONDS } from '../core/ingestion/rules';
import type { IngestionSettings } from '../core/ingestion/connection-sweep';
import { positiveInt, tableConfig } from '../runtime/config';

export interface IngestionConfig extends IngestionSettings {
  region: string;
  tableName: string;
  dynamodbEndpoint?: string;
}

export function loadIngestionConfig(env: NodeJS.ProcessEnv = process.env): IngestionConfig {
  return {
    ...tableConfig(env),
    offlineAfterSeconds: positiveInt(env, 'CONNECTION_OFFLINE_AFTER_SECONDS', DEFAULT_OFFLINE_AFTER_SECONDS),
    onlineBucketSeconds: positiveInt(env, 'ONLINE_BUCKET_SECONDS', DEFAULT_ONLINE_BUCKET_SECONDS),
    listCopySeconds: positiveInt(env, 'LIST_COPY_SECONDS', DEFAULT_LIST_COPY_SECONDS),
  };
}
