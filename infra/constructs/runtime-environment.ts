import type * as kms from 'aws-cdk-lib/aws-kms';
import { readFileSync } from 'node:fs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { positiveInt } from '../../functions/runtime/config';
import type { StageConfig } from './stage';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** What every application function (API groups and triggers) finds in its environment. */
export interface RuntimeEnvironmentInputs {
  stage: StageConfig;
  tenant: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUrl: string;
  firmwareBucket: string;
  cashDatabasesBucket: string;
  exportsBucket: string;
  contentBucket: string;
  /** IoT data-plane (ATS) endpoint host name. */
  iotEndpoint: string;
  /** Days the stage keeps audit trail entries; the functions' default (AUDIT_TRAIL_RETENTION_DAYS) when absent. */
  auditTrailRetentionDays?: string;
}

/** AWS_REGION is set by Lambda itself. */
export function runtimeEnvironment(i: RuntimeEnvironmentInputs): Record<string, string> {
  return {
    STAGE: i.stage.name,
    TENANT: i.tenant,
    TABLE_NAME: i.tableName,
    COGNITO_USER_POOL_ID: i.userPoolId,
    COGNITO_CLIENT_ID: i.userPoolClientId,
    COGNITO_ISSUER: i.issuer,
    COGNITO_JWKS_URL: i.jwksUrl,
    FIRMWARE_BUCKET: i.firmwareBucket,
    CASH_DATABASES_BUCKET: i.cashDatabasesBucket,
    EXPORTS_BUCKET: i.exportsBucket,
    CONTENT_BUCKET: i.contentBucket,
    IOT_ENDPOINT: i.iotEndpoint,
    ...(i.auditTrailRetentionDays ? { AUDIT_TRAIL_RETENTION_DAYS: String(positiveInt({ days: i.auditTrailRetentionDays }, 'days', 1)) } : {}),
    APP_VERSION: version,
    // The SPA clears cached configuration and table states when this changes: bump it with each release.
    CONFIG_VERSION: version,
  };
}

/**
 * What a function with `linkKey` access finds: the stage's unsubscribe link key, as a CloudFormation dynamic reference
 * to its secret (resolved at deploy time; neither the code nor the template carries the value).
 */
export function linkKeyEnvironment(secret: secretsmanager.ISecret | undefined): Record<string, string> {
  if (!secret) throw new Error('linkKey access needs the stage’s notification link key');
  return { NOTIFICATION_LINK_KEY: secret.secretValue.unsafeUnwrap() };
}

/** What a function with `sealSecrets` access finds: the stage's KMS key that seals the storage configs' passwords. */
export function secretsKeyEnvironment(key: kms.IKey | undefined): Record<string, string> {
  if (!key) throw new Error('sealSecrets access needs the stage’s secrets key');
  return { STORAGE_SECRETS_KEY_ID: key.keyArn };
}
