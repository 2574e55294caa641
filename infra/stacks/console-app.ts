import { Aspects, Tags, type App, type Environment } from 'aws-cdk-lib';
import type { RouteGroup } from '../../functions/http/manifest';
import { runtimeEnvironment } from '../constructs/runtime-environment';
import { ActiveTracing } from '../constructs/tracing';
import { DEFAULT_TENANT, StageConfig } from '../constructs/stage';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { IotStack, type IotRuleDefinition } from './iot-stack';
import { WebStack } from './web-stack';

/**
 * App-wide feature flags: cross-stack references stay strong (CloudFormation exports, which protect the
 * producing stack) — set explicitly so CDK does not warn about the default.
 */
export const FEATURE_FLAGS: Readonly<Record<string, boolean | string>> = {
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

function applyFeatureFlags(app: App): void {
  for (const [flag, value] of Object.entries(FEATURE_FLAGS)) {
    if (app.node.tryGetContext(flag) === value) continue;
    if (app.node.children.length > 0) {
      throw new Error(`Set context ${flag}=${value} on the App, or call createConsoleStacks on an empty App.`);
    }
    app.node.setContext(flag, value);
  }
}

export interface ConsoleAppProps {
  /** Validated stage name (parseStage). */
  stage: string;
  groups: readonly RouteGroup[];
  tenant?: string;
  env?: Environment;
  /** Context `auditTrailRetentionDays`: how long the stage keeps audit trail entries (default AUDIT_TRAIL_RETENTION_DAYS). */
  auditTrailRetentionDays?: string;
  /** Context `iotEndpoint`; otherwise a deploy-time lookup. */
  iotEndpoint?: string;
  /** false only in fast template tests (placeholder function code). */
  bundle?: boolean;
  iotRules?: readonly IotRuleDefinition[];
  webAssetPath?: string;
  /** Context `alarmEmail`: subscribed to the stage's alarm topic. */
  alarmEmail?: string;
  /** Context `consoleOrigin`: the console's origin, allowed to upload to the buckets from the browser; the alarm e-mails' links. */
  consoleOrigin?: string;
  /** Context `notificationFrom`: the alarm e-mails' sender, an SES-verified identity of the account. */
  notificationFrom?: string;
}

export interface ConsoleStacks {
  data: DataStack;
  auth: AuthStack;
  iot: IotStack;
  api: ApiStack;
  web: WebStack;
}

/** Every stack of one stage: `vend-<stage>-{data,auth,iot,api,web}`, all tagged with the stage. */
export function createConsoleStacks(app: App, props: ConsoleAppProps): ConsoleStacks {
  applyFeatureFlags(app);
  const stage = new StageConfig(props.stage);
  const tenant = props.tenant ?? DEFAULT_TENANT;
  const common = { stage, env: props.env };
  const stackName = (part: string) => stage.physicalName(part);

  const data = new DataStack(app, stackName('data'), {
    ...common,
    description: `Vending console data (${stage.name})`,
    alarmEmail: props.alarmEmail,
    consoleOrigin: props.consoleOrigin,
  });
  const auth = new AuthStack(app, stackName('auth'), { ...common, description: `Vending console users (${stage.name})` });
  const environment = (iotEndpoint: string) =>
    runtimeEnvironment({
      stage,
      tenant,
      tableName: data.table.tableName,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      issuer: auth.issuer,
      jwksUrl: auth.jwksUrl,
      firmwareBucket: data.firmwareBucket.bucketName,
      cashDatabasesBucket: data.cashDatabasesBucket.bucketName,
      exportsBucket: data.exportsBucket.bucketName,
      contentBucket: data.contentBucket.bucketName,
      iotEndpoint,
      auditTrailRetentionDays: props.auditTrailRetentionDays,
    });
  const iot = new IotStack(app, stackName('iot'), {
    ...common,
    description: `Vending console IoT rules and device policy (${stage.name})`,
    table: data.table,
    environment,
    rules: props.iotRules,
    iotEndpoint: props.iotEndpoint,
    bundle: props.bundle,
    alarmTopic: data.alarmTopic,
    linkKey: data.notificationLinkKey,
    consoleOrigin: props.consoleOrigin,
    notificationFrom: props.notificationFrom,
  });
  const api = new ApiStack(app, stackName('api'), {
    ...common,
    description: `Vending console HTTP API (${stage.name})`,
    groups: props.groups,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    issuer: auth.issuer,
    environment: environment(iot.endpoint),
    bundle: props.bundle,
    alarmTopic: data.alarmTopic,
    linkKey: data.notificationLinkKey,
    secretsKey: data.storageSecretsKey,
  });
  const web = new WebStack(app, stackName('web'), {
    ...common,
    description: `Vending console web front end (${stage.name})`,
    apiDomainName: api.apiDomainName,
    webAssetPath: props.webAssetPath,
  });

  for (const stack of [data, auth, iot, api, web]) {
    Aspects.of(stack).add(new ActiveTracing());
    Tags.of(stack).add('stage', stage.name);
    Tags.of(stack).add('app', 'vending-fleet-console');
  }
  return { data, auth, iot, api, web };
}
