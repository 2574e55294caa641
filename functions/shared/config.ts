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
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const region = env.AWS_REGION ?? 'eu-west-1';
  const userPoolId = required(env, 'COGNITO_USER_POOL_ID');
  const issuer = env.COGNITO_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    stage: env.STAGE ?? 'local',
    region,
    tenant: (env.TENANT ?? 'nebular').toLowerCase(),
    defaultTenant: (env.DEFAULT_TENANT ?? 'nebular').toLowerCase(),
    tableName: required(env, 'TABLE_NAME'),
    dynamodbEndpoint: env.DYNAMODB_ENDPOINT || undefined,
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
  };
}
