/** The stage's buckets, by what they hold (environment variables in BUCKET_ENV). */
export type BucketId = 'firmware' | 'cashDatabases' | 'exports' | 'content';

/** The environment variable naming each bucket (set by CDK in AWS, by the local stack here). */
export const BUCKET_ENV: Readonly<Record<BucketId, string>> = {
  firmware: 'FIRMWARE_BUCKET',
  cashDatabases: 'CASH_DATABASES_BUCKET',
  exports: 'EXPORTS_BUCKET',
  content: 'CONTENT_BUCKET',
};

/**
 * What a function's dependencies reach beyond its own logs. Each route group's and trigger's deps module
 * declares it beside what it builds; the CDK stacks grant exactly this, and a read-only table access also
 * makes the function's table client refuse writes (so a local run fails where AWS would answer AccessDenied).
 */
export interface FunctionAccess {
  table?: 'read' | 'readWrite';
  /** Administers the users of the pool (Cognito Admin* calls). */
  cognitoAdmin?: true;
  /** Publishes to `vend/<serial>/commands` (IoT data plane). */
  publishCommands?: true;
  /** Publishes the merchant's media list to `vend/<serial>/medias` (IoT data plane): the telemetry trigger. */
  publishMediaLists?: true;
  /** Starts historical-data workflow executions (env HISTORICAL_DATA_STATE_MACHINE_ARN). */
  startWorkflows?: true;
  /** Starts report workflow executions (env REPORT_STATE_MACHINE_ARN). */
  startReports?: true;
  /** Starts rollout workflow executions (env ROLLOUT_STATE_MACHINE_ARN): the rules' create routes. */
  startRollouts?: true;
  /** Reads the stage's unsubscribe link key (env NOTIFICATION_LINK_KEY, from the stage's secret). */
  linkKey?: true;
  /** Seals and opens secrets at rest with the stage's KMS key (env STORAGE_SECRETS_KEY_ID; locally STORAGE_SECRETS_LOCAL_KEY). */
  sealSecrets?: true;
  /** Sends e-mail with SES v2 through the stage's configuration set (env SES_CONFIGURATION_SET). */
  sendEmail?: true;
  /** Objects of the named buckets: `read` gets (and signs download links), `readWrite` also puts, deletes, uploads in parts. */
  buckets?: Partial<Record<BucketId, 'read' | 'readWrite'>>;
}

/** The name of a bucket a function's access names, from its environment variable. */
export function bucketName(bucket: BucketId, env: NodeJS.ProcessEnv = process.env): string {
  const name = env[BUCKET_ENV[bucket]];
  if (!name) throw new Error(`missing environment variable ${BUCKET_ENV[bucket]}`);
  return name;
}
