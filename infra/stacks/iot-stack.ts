import { Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as iot from 'aws-cdk-lib/aws-iot';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { AppFunction } from '../constructs/app-function';
import { grantTableReadWrite } from '../constructs/grants';
import { IotEndpoint } from '../constructs/iot-endpoint';
import { REPO_ROOT, type StageConfig } from '../constructs/stage';

export interface IotRuleDefinition {
  /** Rule and function name part: [a-z0-9-]. */
  name: string;
  /** MQTT topic filter the rule selects from, e.g. `vend/+/telemetry`. */
  topicFilter: string;
  /** Trigger entry (exports `handler`), absolute or relative to the repository root. */
  entry: string;
}

/** Device → cloud topics (DESIGN §6). A rule exists only once its trigger file exists. */
export const DEFAULT_IOT_RULES: readonly IotRuleDefinition[] = [
  { name: 'telemetry', topicFilter: 'vend/+/telemetry', entry: 'functions/triggers/iot-telemetry.ts' },
  { name: 'sales', topicFilter: 'vend/+/sales', entry: 'functions/triggers/iot-sales.ts' },
  { name: 'alarms', topicFilter: 'vend/+/alarms', entry: 'functions/triggers/iot-alarms.ts' },
  { name: 'audit', topicFilter: 'vend/+/audit', entry: 'functions/triggers/iot-audit.ts' },
  { name: 'commands-ack', topicFilter: 'vend/+/commands/ack', entry: 'functions/triggers/iot-commands-ack.ts' },
];

/** Topics a device publishes to, relative to `vend/<thingName>/`. */
export const DEVICE_PUBLISH_TOPICS = ['telemetry', 'sales', 'alarms', 'audit', 'commands/ack'] as const;
/** Topics a device subscribes to, relative to `vend/<thingName>/`. */
export const DEVICE_SUBSCRIBE_TOPICS = ['commands'] as const;

export const ruleSql = (topicFilter: string) =>
  `SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '${topicFilter}'`;

export interface IotStackProps extends StackProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  /** Builds the functions' environment once the IoT endpoint is known. */
  environment: (iotEndpoint: string) => Record<string, string>;
  /** Defaults to DEFAULT_IOT_RULES; entries that do not exist are skipped. */
  rules?: readonly IotRuleDefinition[];
  /** Context `iotEndpoint`; when absent a custom resource looks it up at deploy time. */
  iotEndpoint?: string;
  bundle?: boolean;
}

/** IoT Core: topic rules → trigger functions, the device policy, and the data endpoint lookup. */
export class IotStack extends Stack {
  readonly endpoint: string;
  readonly devicePolicy: iot.CfnPolicy;
  readonly rules: ReadonlyMap<string, iot.CfnTopicRule>;

  constructor(scope: Construct, id: string, props: IotStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.endpoint = new IotEndpoint(this, 'Endpoint', { endpoint: props.iotEndpoint }).address;
    const environment = props.environment(this.endpoint);

    const arn = (resource: string, resourceName: string) => this.formatArn({ service: 'iot', resource, resourceName });
    const thing = '${iot:Connection.Thing.ThingName}';
    this.devicePolicy = new iot.CfnPolicy(this, 'DevicePolicy', {
      policyName: stage.physicalName('device'),
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            // Client id must be the thing name, and the certificate must be attached to that thing.
            Effect: 'Allow',
            Action: 'iot:Connect',
            Resource: arn('client', thing),
            Condition: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
          },
          {
            Effect: 'Allow',
            Action: 'iot:Publish',
            Resource: DEVICE_PUBLISH_TOPICS.map((t) => arn('topic', `vend/${thing}/${t}`)),
          },
          {
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: DEVICE_SUBSCRIBE_TOPICS.map((t) => arn('topicfilter', `vend/${thing}/${t}`)),
          },
          {
            Effect: 'Allow',
            Action: 'iot:Receive',
            Resource: DEVICE_SUBSCRIBE_TOPICS.map((t) => arn('topic', `vend/${thing}/${t}`)),
          },
        ],
      },
    });

    const errorLogs = new logs.LogGroup(this, 'RuleErrors', {
      logGroupName: `/vend/${stage.name}/iot-rule-errors`,
      retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage.removalPolicy,
    });
    const errorRole = new iam.Role(this, 'RuleErrorRole', {
      assumedBy: new iam.ServicePrincipal('iot.amazonaws.com'),
      description: 'IoT rules write failed actions to the rule error log group',
    });
    errorLogs.grantWrite(errorRole);
    errorLogs.grant(errorRole, 'logs:DescribeLogStreams');

    const rules = new Map<string, iot.CfnTopicRule>();
    for (const def of props.rules ?? DEFAULT_IOT_RULES) {
      const entry = isAbsolute(def.entry) ? def.entry : join(REPO_ROOT, def.entry);
      if (!existsSync(entry)) continue;
      const trigger = new AppFunction(this, `Trigger-${def.name}`, {
        stage,
        name: `iot-${def.name}`,
        entry,
        environment,
        bundle: props.bundle,
        description: `IoT rule ${def.topicFilter}`,
      });
      grantTableReadWrite(trigger.role, props.table);
      const rule = new iot.CfnTopicRule(this, `Rule-${def.name}`, {
        ruleName: stage.underscored(def.name),
        topicRulePayload: {
          sql: ruleSql(def.topicFilter),
          awsIotSqlVersion: '2016-03-23',
          ruleDisabled: false,
          actions: [{ lambda: { functionArn: trigger.fn.functionArn } }],
          errorAction: { cloudwatchLogs: { logGroupName: errorLogs.logGroupName, roleArn: errorRole.roleArn } },
        },
      });
      trigger.fn.addPermission('IotRuleInvoke', {
        principal: new iam.ServicePrincipal('iot.amazonaws.com'),
        sourceArn: rule.attrArn,
        sourceAccount: this.account,
      });
      rules.set(def.name, rule);
    }
    this.rules = rules;
  }
}
