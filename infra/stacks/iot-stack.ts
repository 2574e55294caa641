import { BASIC_INGEST_TOPICS, CLOUD_TO_DEVICE_TOPICS, DEVICE_TO_CLOUD_TOPICS, devicePublishTopic, deviceTopic } from '#schemas/device-topics';
import { Annotations, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as iot from 'aws-cdk-lib/aws-iot';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { FunctionAccess } from '../../functions/runtime/access';
import { INGESTION_BATCH, triggerEntry, triggersOf, type IotRuleBatch } from '../../functions/triggers/manifest';
import { notify } from '../constructs/alarms';
import { emailFeedbackTrigger, scheduledTrigger, tableStreamTrigger } from './trigger-functions';
import { AppFunction } from '../constructs/app-function';
import { grantAccess } from '../constructs/grants';
import { historicalDataStateMachineName } from '../constructs/historical-data-workflow';
import { IotEndpoint } from '../constructs/iot-endpoint';
import { linkKeyEnvironment } from '../constructs/runtime-environment';
import { REPO_ROOT, type StageConfig } from '../constructs/stage';
import { stageBuckets } from './data-stack';

export { INGESTION_BATCH, type IotRuleBatch };

/** An IoT topic rule and its trigger (functions/triggers/manifest.ts), as the stack builds it. */
export interface IotRuleDefinition {
  /** Rule name part: [a-z0-9-]; its function is `iot-<name>`. */
  name: string;
  /** MQTT topic filter the rule selects from, e.g. `vend/+/telemetry`. */
  topicFilter: string;
  /** Trigger entry (exports `handler`), absolute or relative to the repository root. */
  entry: string;
  /**
   * Batched delivery: the rule sends to an SQS queue (with a dead-letter queue) and the trigger consumes
   * it in batches with partial batch responses. Without it the rule invokes the trigger per message.
   */
  batch?: IotRuleBatch;
  /** What the trigger's deps reach (its deps.ts): the grants of its function. */
  access: FunctionAccess;
}

/** Device → cloud topics (DESIGN §6): the manifest's IoT rule triggers. A rule exists only once its trigger file exists. */
export const DEFAULT_IOT_RULES: readonly IotRuleDefinition[] = triggersOf('iotRule').map((t) => ({
  name: t.source.rule,
  topicFilter: t.source.topicFilter,
  entry: triggerEntry(t.name),
  ...(t.source.batch ? { batch: t.source.batch } : {}),
  access: t.access,
}));

export const DEFAULT_CONNECTION_OFFLINE_AFTER_SECONDS = 900;

export const ruleSql = (topicFilter: string) => `SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '${topicFilter}'`;

export interface IotStackProps extends StackProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  /** Builds the functions' environment once the IoT endpoint is known. */
  environment: (iotEndpoint: string) => Record<string, string>;
  /** Defaults to DEFAULT_IOT_RULES; entries that do not exist are skipped. */
  rules?: readonly IotRuleDefinition[];
  /** CONNECTION_OFFLINE_AFTER_SECONDS of the triggers and the sweep (default 900). */
  offlineAfterSeconds?: number;
  /** Context `iotEndpoint`; when absent a custom resource looks it up at deploy time. */
  iotEndpoint?: string;
  bundle?: boolean;
  /** Notified by the dead-letter queue alarms. */
  alarmTopic?: sns.ITopic;
  /** The stage's unsubscribe link key (data stack). */
  linkKey?: secretsmanager.ISecret;
  /** The console's origin (context `consoleOrigin`): the alarm e-mails' links. Without it (or `notificationFrom`) no e-mail is sent. */
  consoleOrigin?: string;
  /** The alarm e-mails' sender (context `notificationFrom`), an SES-verified identity. */
  notificationFrom?: string;
}

/**
 * IoT Core: topic rules → trigger functions, the device policy, the data endpoint lookup; and the stage's other
 * triggers of functions/triggers/manifest.ts but the workflow Tasks (trigger-functions.ts): the scheduled sweeps,
 * and the alarm e-mails' sender and feedback when the stage sends e-mail.
 */
export class IotStack extends Stack {
  readonly endpoint: string;
  readonly devicePolicy: iot.CfnPolicy;
  readonly rules: ReadonlyMap<string, iot.CfnTopicRule>;
  /** Ingestion queues of the batched rules, by rule name. */
  readonly queues: ReadonlyMap<string, sqs.Queue>;
  /** One alarm per dead-letter queue: a message is in it (it could not be stored after every delivery). */
  readonly deadLetterAlarms: ReadonlyMap<string, cloudwatch.Alarm>;
  /** The scheduled triggers' EventBridge rules, by trigger name. */
  readonly schedules: ReadonlyMap<string, events.Rule>;
  /** The alarm notification sender and what it sends through, when the stage has a console origin and a sender address. */
  readonly notifications?: {
    sender: AppFunction;
    configurationSet: ses.ConfigurationSet;
    deadLetters: sqs.Queue;
    deadLetterAlarm: cloudwatch.Alarm;
    feedback: sns.Topic;
  };

  constructor(scope: Construct, id: string, props: IotStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.endpoint = new IotEndpoint(this, 'Endpoint', { endpoint: props.iotEndpoint }).address;
    const environment = {
      ...props.environment(this.endpoint),
      CONNECTION_OFFLINE_AFTER_SECONDS: String(props.offlineAfterSeconds ?? DEFAULT_CONNECTION_OFFLINE_AFTER_SECONDS),
    };

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
            // Its own topics only, named and (where the topic has it) Basic Ingest, to the rule that takes the topic.
            Effect: 'Allow',
            Action: 'iot:Publish',
            Resource: DEVICE_TO_CLOUD_TOPICS.flatMap((t) => [
              arn('topic', deviceTopic(thing, t)),
              ...(BASIC_INGEST_TOPICS.has(t)
                ? [
                    arn(
                      'topic',
                      devicePublishTopic(thing, t, (rule) => stage.underscored(rule)),
                    ),
                  ]
                : []),
            ]),
          },
          {
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: CLOUD_TO_DEVICE_TOPICS.map((t) => arn('topicfilter', deviceTopic(thing, t))),
          },
          {
            Effect: 'Allow',
            Action: 'iot:Receive',
            Resource: CLOUD_TO_DEVICE_TOPICS.map((t) => arn('topic', deviceTopic(thing, t))),
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
    const queues = new Map<string, sqs.Queue>();
    const deadLetterAlarms = new Map<string, cloudwatch.Alarm>();
    let queueRole: iam.Role | undefined;
    for (const def of props.rules ?? DEFAULT_IOT_RULES) {
      const entry = isAbsolute(def.entry) ? def.entry : join(REPO_ROOT, def.entry);
      if (!existsSync(entry)) continue;
      const timeout = Duration.seconds(29);
      const trigger = new AppFunction(this, `Trigger-${def.name}`, {
        stage,
        name: `iot-${def.name}`,
        entry,
        environment,
        bundle: props.bundle,
        timeout,
        description: `IoT rule ${def.topicFilter}${def.batch ? ' (batches from its queue)' : ''}`,
      });
      grantAccess(trigger.role, def.access, { table: props.table, buckets: stageBuckets(this, stage) });
      let action: iot.CfnTopicRule.ActionProperty;
      if (def.batch) {
        const deadLetters = new sqs.Queue(this, `DeadLetters-${def.name}`, {
          queueName: stage.physicalName(`iot-${def.name}-dlq`),
          encryption: sqs.QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          retentionPeriod: Duration.days(14),
          removalPolicy: stage.removalPolicy,
        });
        const queue = new sqs.Queue(this, `Queue-${def.name}`, {
          queueName: stage.physicalName(`iot-${def.name}`),
          encryption: sqs.QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          // AWS guidance for Lambda event sources: at least six times the function timeout.
          visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
          retentionPeriod: Duration.days(4),
          deadLetterQueue: { queue: deadLetters, maxReceiveCount: def.batch.maxReceiveCount },
          removalPolicy: stage.removalPolicy,
        });
        const alarm = deadLetters
          .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM })
          .createAlarm(this, `DeadLettersAlarm-${def.name}`, {
            alarmName: stage.physicalName(`iot-${def.name}-dead-letters`),
            alarmDescription: `Messages of ${def.topicFilter} were not stored after ${def.batch.maxReceiveCount} deliveries and wait in ${stage.physicalName(`iot-${def.name}-dlq`)} (kept 14 days).`,
            threshold: 0,
            comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          });
        notify(alarm, props.alarmTopic);
        deadLetterAlarms.set(def.name, alarm);
        queueRole ??= new iam.Role(this, 'RuleQueueRole', {
          assumedBy: new iam.ServicePrincipal('iot.amazonaws.com'),
          description: 'IoT rules send device messages to the ingestion queues',
        });
        queue.grantSendMessages(queueRole);
        trigger.fn.addEventSource(
          new SqsEventSource(queue, {
            batchSize: def.batch.size,
            maxBatchingWindow: Duration.seconds(def.batch.windowSeconds),
            maxConcurrency: def.batch.maxConcurrency,
            reportBatchItemFailures: true,
          }),
        );
        queues.set(def.name, queue);
        action = { sqs: { queueUrl: queue.queueUrl, roleArn: queueRole.roleArn, useBase64: false } };
      } else {
        action = { lambda: { functionArn: trigger.fn.functionArn } };
      }
      const rule = new iot.CfnTopicRule(this, `Rule-${def.name}`, {
        ruleName: stage.underscored(def.name),
        topicRulePayload: {
          sql: ruleSql(def.topicFilter),
          awsIotSqlVersion: '2016-03-23',
          ruleDisabled: false,
          actions: [action],
          errorAction: { cloudwatchLogs: { logGroupName: errorLogs.logGroupName, roleArn: errorRole.roleArn } },
        },
      });
      if (!def.batch) {
        trigger.fn.addPermission('IotRuleInvoke', {
          principal: new iam.ServicePrincipal('iot.amazonaws.com'),
          sourceArn: rule.attrArn,
          sourceAccount: this.account,
        });
      }
      rules.set(def.name, rule);
    }
    this.rules = rules;
    this.queues = queues;
    this.deadLetterAlarms = deadLetterAlarms;

    const ctx = { stage, table: props.table, environment, bundle: props.bundle, targets: { buckets: stageBuckets(this, stage) } };
    const schedules = new Map<string, events.Rule>();
    // The sweeps that send e-mail exist only when the stage sends e-mail (below).
    for (const t of triggersOf('schedule').filter((s) => !s.access.sendEmail)) {
      schedules.set(t.name, scheduledTrigger(this, t, ctx, t.access.startWorkflows ? this.historicalData(stage) : undefined));
    }
    this.schedules = schedules;

    if (props.consoleOrigin && props.notificationFrom) {
      const configurationSet = new ses.ConfigurationSet(this, 'NotificationEmails', {
        configurationSetName: stage.physicalName('notifications'),
        reputationMetrics: true,
        suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      });
      const mailing = {
        ...ctx,
        environment: {
          ...environment,
          ...linkKeyEnvironment(props.linkKey),
          CONSOLE_URL: props.consoleOrigin,
          NOTIFICATION_FROM: props.notificationFrom,
          SES_CONFIGURATION_SET: configurationSet.configurationSetName,
        },
        targets: { ...ctx.targets, configurationSet: configurationSet.configurationSetName },
      };
      for (const t of triggersOf('schedule').filter((s) => s.access.sendEmail)) schedules.set(t.name, scheduledTrigger(this, t, mailing));
      const [sender] = triggersOf('tableStream');
      const [feedback] = triggersOf('emailFeedback');
      this.notifications = {
        configurationSet,
        ...tableStreamTrigger(this, sender!, mailing, props.alarmTopic),
        feedback: emailFeedbackTrigger(this, feedback!, ctx, configurationSet),
      };
    } else {
      Annotations.of(this).addInfo(
        'No alarm notification e-mails: give -c consoleOrigin=<https://console host> and -c notificationFrom=<SES-verified address>.',
      );
    }
  }

  /**
   * The historical-data state machine (api stack), by its name: the api stack already depends on this one, so a
   * reference the other way would be a cycle.
   */
  private historicalData(stage: StageConfig): sfn.IStateMachine {
    const id = 'HistoricalDataStateMachine';
    const found = this.node.tryFindChild(id) as sfn.IStateMachine | undefined;
    return found ?? sfn.StateMachine.fromStateMachineName(this, id, historicalDataStateMachineName(stage));
  }
}
