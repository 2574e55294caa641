import type { CommandSettings } from '../core/remote-commands/ports';

/** Runtime configuration of every function, read from the environment (set by CDK in AWS, by the local stack here). */
export interface RuntimeConfig {
  stage: string;
  region: string;
  tenant: string;
  /** The tenant whose users may carry a single-value role claim. */
  defaultTenant: string;
  tableName: string;
  /** Local emulator endpoints; undefined in AWS. */
  dynamodbEndpoint?: string;
  configVersion: string;
  appVersion: string;
  /** The console's origin for links to it (QR codes); absent = the host a request came to. */
  consoleUrl?: string;
  cognito: { userPoolId: string; clientId: string; issuer: string; jwksUrl: string; endpoint?: string };
  /** Where remote commands are published (IoT data plane); undefined = the SDK's default for the region. */
  iotDataEndpoint?: string;
  commands: CommandSettings;
}

export const DEFAULT_COMMAND_SETTINGS: CommandSettings = { retryAfterSeconds: 60, maxAttempts: 3, expireAfterSeconds: 3600 };

/** Remote command delivery timing (tests shorten it). */
export function loadCommandSettings(env: NodeJS.ProcessEnv = process.env): CommandSettings {
  return {
    retryAfterSeconds: positiveInt(env, 'COMMAND_RETRY_AFTER_SECONDS', DEFAULT_COMMAND_SETTINGS.retryAfterSeconds),
    maxAttempts: positiveInt(env, 'COMMAND_MAX_ATTEMPTS', DEFAULT_COMMAND_SETTINGS.maxAttempts),
    expireAfterSeconds: positiveInt(env, 'COMMAND_EXPIRE_AFTER_SECONDS', DEFAULT_COMMAND_SETTINGS.expireAfterSeconds),
  };
}

/** The local broker's publish endpoint (IOT_DATA_ENDPOINT), else the account's ATS host (IOT_ENDPOINT, set by CDK). */
export function iotDataEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.IOT_DATA_ENDPOINT || (env.IOT_ENDPOINT ? `https://${env.IOT_ENDPOINT}` : undefined);
}

/** A positive integer setting from the environment (seconds, counts), or its default. */
export function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

/** An environment variable every use of the function needs. */
export function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
}

/** Where the single table is: what every function reads, the triggers' whole storage configuration. */
export function tableConfig(env: NodeJS.ProcessEnv = process.env): Pick<RuntimeConfig, 'region' | 'tableName' | 'dynamodbEndpoint'> {
  return { region: env.AWS_REGION ?? 'eu-west-1', tableName: required(env, 'TABLE_NAME'), dynamodbEndpoint: env.DYNAMODB_ENDPOINT || undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const userPoolId = required(env, 'COGNITO_USER_POOL_ID');
  const issuer = env.COGNITO_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    stage: env.STAGE ?? 'local',
    region,
    tenant: (env.TENANT ?? 'nebular').toLowerCase(),
    defaultTenant: (env.DEFAULT_TENANT ?? 'nebular').toLowerCase(),
    tableName,
    dynamodbEndpoint,
    configVersion: env.CONFIG_VERSION ?? '1',
    appVersion: env.APP_VERSION ?? '0.1.0',
    consoleUrl: env.CONSOLE_URL || undefined,
    cognito: {
      userPoolId,
      clientId: required(env, 'COGNITO_CLIENT_ID'),
      issuer,
      jwksUrl: env.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
      endpoint: env.COGNITO_ENDPOINT || undefined,
    },
    iotDataEndpoint: iotDataEndpoint(env),
    commands: loadCommandSettings(env),
  };
}
