import { Annotations, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as iot from 'aws-cdk-lib/aws-iot';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { FunctionAccess } from '../../functions/runtime/access';
import { connectionSweepAccess } from '../../functions/shared/connection-sweep';
import { dataSubscriptionSweepAccess } from '../../functions/shared/data-subscriptions';
import { ingestionAccess } from '../../functions/shared/ingestion';
import { telemetryIngestionAccess } from '../../functions/shared/telemetry-ingestion';
import { machinePurgeAccess } from '../../functions/shared/machine-purges';
import { notificationAccess, notificationFeedbackAccess } from '../../functions/shared/notifications';
import { NOTIFICATION_OUTBOX_ENTITY } from '#schemas/notification-constants';
import { machineRegroupAccess } from '../../functions/shared/machine-regroups';
import { commandAckAccess, commandSweepAccess } from '../../functions/shared/remote-commands';
import { notify } from '../constructs/alarms';
import { AppFunction } from '../constructs/app-function';
import { grantAccess } from '../constructs/grants';
import { historicalDataStateMachineName } from '../constructs/historical-data-workflow';
import { IotEndpoint } from '../constructs/iot-endpoint';
import { acknowledge } from '../constructs/nag';
import { linkKeyEnvironment } from '../constructs/runtime-environment';
import { REPO_ROOT, type StageConfig } from '../constructs/stage';
import { stageBuckets } from './data-stack';

export interface IotRuleDefinition {
  /** Rule and function name part: [a-z0-9-]. */
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
  /** What the trigger's deps reach (its composition module): the grants of its function. */
  access: FunctionAccess;
}

export interface IotRuleBatch {
  /** Records per invocation (event source mapping BatchSize). */
  size: number;
  /** How long the poller gathers a batch (MaximumBatchingWindowInSeconds). */
  windowSeconds: number;
  /** Concurrent invocations (ScalingConfig.MaximumConcurrency, ≥ 2). */
  maxConcurrency: number;
  /** Deliveries before a record goes to the dead-letter queue. */
  maxReceiveCount: number;
}

/**
 * Ingestion batches: IoT rule → SQS → Lambda, up to 500 records or 1 s per invocation. The local rule
 * router delivers the same batches (infra/local/stack.ts), with a shorter gathering window.
 */
export const INGESTION_BATCH: IotRuleBatch = { size: 500, windowSeconds: 1, maxConcurrency: 10, maxReceiveCount: 5 };

/** Device → cloud topics (DESIGN §6). A rule exists only once its trigger file exists. */
export const DEFAULT_IOT_RULES: readonly IotRuleDefinition[] = [
  {
    name: 'telemetry',
    topicFilter: 'vend/+/telemetry',
    entry: 'functions/triggers/iot-telemetry.ts',
    batch: INGESTION_BATCH,
    access: telemetryIngestionAccess,
  },
  { name: 'sales', topicFilter: 'vend/+/sales', entry: 'functions/triggers/iot-sales.ts', batch: INGESTION_BATCH, access: ingestionAccess },
  { name: 'alarms', topicFilter: 'vend/+/alarms', entry: 'functions/triggers/iot-alarms.ts', batch: INGESTION_BATCH, access: ingestionAccess },
  { name: 'audit', topicFilter: 'vend/+/audit', entry: 'functions/triggers/iot-audit.ts', batch: INGESTION_BATCH, access: ingestionAccess },
  { name: 'config', topicFilter: 'vend/+/config', entry: 'functions/triggers/iot-config.ts', batch: INGESTION_BATCH, access: ingestionAccess },
  { name: 'commands-ack', topicFilter: 'vend/+/commands/ack', entry: 'functions/triggers/iot-commands-ack.ts', access: commandAckAccess },
];

/** A function on an EventBridge schedule: its name part, entry, rate, what its deps reach (its grants). */
export interface ScheduledFunction {
  name: string;
  entry: string;
  everyMinutes: number;
  access: FunctionAccess;
  description: string;
}

/** The scheduled connection sweep (takes silent machines offline). */
export const CONNECTION_SWEEP: ScheduledFunction = {
  name: 'connection-sweep',
  entry: 'functions/triggers/connection-sweep.ts',
  everyMinutes: 1,
  access: connectionSweepAccess,
  description: 'Takes machines offline when no ping arrived within CONNECTION_OFFLINE_AFTER_SECONDS',
};
export const DEFAULT_CONNECTION_OFFLINE_AFTER_SECONDS = 900;
/** The remote command delivery sweep (scheduled sends, bounded retries, expiry); it publishes commands. */
export const COMMAND_SWEEP: ScheduledFunction = {
  name: 'command-sweep',
  entry: 'functions/triggers/command-sweep.ts',
  everyMinutes: 1,
  access: commandSweepAccess,
  description: 'Sends scheduled remote commands, publishes unanswered ones again (bounded) and expires stale ones',
};
/** The machine purge sweep (removes what is left of deleted machines' partitions). */
export const MACHINE_PURGE_SWEEP: ScheduledFunction = {
  name: 'machine-purge-sweep',
  entry: 'functions/triggers/machine-purge-sweep.ts',
  everyMinutes: 1,
  access: machinePurgeAccess,
  description: 'Removes what is left of deleted machines’ history (their partitions), in bounded steps',
};
/** The machine regroup sweep (re-indexes what is left of moved machines' alarms and commands). */
export const MACHINE_REGROUP_SWEEP: ScheduledFunction = {
  name: 'machine-regroup-sweep',
  entry: 'functions/triggers/machine-regroup-sweep.ts',
  everyMinutes: 1,
  access: machineRegroupAccess,
  description: 'Re-indexes what is left of moved machines’ alarms and commands to their group, in bounded steps',
};
/** The scheduled exports sweep (makes each due subscription's historical data request); it starts workflows. */
export const DATA_SUBSCRIPTION_SWEEP: ScheduledFunction = {
  name: 'data-subscription-sweep',
  entry: 'functions/triggers/data-subscription-sweep.ts',
  everyMinutes: 1,
  access: dataSubscriptionSweepAccess,
  description: 'Makes the historical data request of each due scheduled export (the period just ended) and moves it to its next run',
};
/** The alarm notification digest sweep (sends what a flood held back once its window ended); it sends e-mail. */
export const NOTIFICATION_DIGEST_SWEEP: ScheduledFunction = {
  name: 'notification-digest-sweep',
  entry: 'functions/triggers/notification-digest-sweep.ts',
  everyMinutes: 1,
  access: notificationAccess,
  description: 'Sends each alarm notification digest whose flood window ended',
};
/** Every scheduled function of the stack. */
export const SCHEDULED_FUNCTIONS = [
  CONNECTION_SWEEP,
  COMMAND_SWEEP,
  MACHINE_PURGE_SWEEP,
  MACHINE_REGROUP_SWEEP,
  DATA_SUBSCRIPTION_SWEEP,
  NOTIFICATION_DIGEST_SWEEP,
] as const;

/**
 * The alarm notification sender: the table's stream, filtered to the outbox items the alarm transactions insert, in
 * batches of `batchSize`; a failed record is retried `retryAttempts` times (bisecting the batch), then its stream
 * record goes to a dead-letter queue. The sender itself keeps an e-mail that keeps failing aside after
 * MAX_SEND_ATTEMPTS (the log shows it failed). Locally the pending index stands in for the stream.
 */
export const NOTIFICATION_SENDER = {
  name: 'notification-sender',
  entry: 'functions/triggers/notification-sender.ts',
  access: notificationAccess,
  batchSize: 10,
  retryAttempts: 8,
} as const;

/** SES's bounce and complaint reports (configuration set → SNS topic → this function) turn recipients' notifications off. */
export const NOTIFICATION_FEEDBACK = {
  name: 'notification-feedback',
  entry: 'functions/triggers/notification-feedback.ts',
  access: notificationFeedbackAccess,
} as const;

/** Topics a device publishes to, relative to `vend/<thingName>/`. */
export const DEVICE_PUBLISH_TOPICS = ['telemetry', 'sales', 'alarms', 'audit', 'config', 'commands/ack'] as const;
/** Topics a device subscribes to, relative to `vend/<thingName>/`. */
export const DEVICE_SUBSCRIBE_TOPICS = ['commands', 'medias'] as const;

export const ruleSql = (topicFilter: string) => `SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '${topicFilter}'`;

export interface IotStackProps extends StackProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  /** Builds the functions' environment once the IoT endpoint is known. */
  environment: (iotEndpoint: string) => Record<string, string>;
  /** Defaults to DEFAULT_IOT_RULES; entries that do not exist are skipped. */
  rules?: readonly IotRuleDefinition[];
  /** Connection sweep entry; defaults to CONNECTION_SWEEP.entry; skipped when the file does not exist. */
  sweepEntry?: string;
  /** Command sweep entry; defaults to COMMAND_SWEEP.entry; skipped when the file does not exist. */
  commandSweepEntry?: string;
  /** Machine purge sweep entry; defaults to MACHINE_PURGE_SWEEP.entry; skipped when the file does not exist. */
  machinePurgeSweepEntry?: string;
  /** Machine regroup sweep entry; defaults to MACHINE_REGROUP_SWEEP.entry; skipped when the file does not exist. */
  machineRegroupSweepEntry?: string;
  /** Scheduled exports sweep entry; defaults to DATA_SUBSCRIPTION_SWEEP.entry; skipped when the file does not exist. */
  dataSubscriptionSweepEntry?: string;
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
 * IoT Core: topic rules → trigger functions, the device policy, the data endpoint lookup, and the machines'
 * scheduled sweeps (connections, remote commands, deleted machines' partitions).
 */
export class IotStack extends Stack {
  readonly endpoint: string;
  readonly devicePolicy: iot.CfnPolicy;
  readonly rules: ReadonlyMap<string, iot.CfnTopicRule>;
  /** Ingestion queues of the batched rules, by rule name. */
  readonly queues: ReadonlyMap<string, sqs.Queue>;
  /** One alarm per dead-letter queue: a message is in it (it could not be stored after every delivery). */
  readonly deadLetterAlarms: ReadonlyMap<string, cloudwatch.Alarm>;
  readonly sweepSchedule?: events.Rule;
  readonly commandSweepSchedule?: events.Rule;
  readonly machinePurgeSweepSchedule?: events.Rule;
  readonly machineRegroupSweepSchedule?: events.Rule;
  readonly dataSubscriptionSweepSchedule?: events.Rule;
  readonly notificationDigestSweepSchedule?: events.Rule;
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

    this.sweepSchedule = this.scheduled(props, environment, { ...CONNECTION_SWEEP, entry: props.sweepEntry ?? CONNECTION_SWEEP.entry });
    this.commandSweepSchedule = this.scheduled(props, environment, { ...COMMAND_SWEEP, entry: props.commandSweepEntry ?? COMMAND_SWEEP.entry });
    this.machinePurgeSweepSchedule = this.scheduled(props, environment, {
      ...MACHINE_PURGE_SWEEP,
      entry: props.machinePurgeSweepEntry ?? MACHINE_PURGE_SWEEP.entry,
    });
    this.machineRegroupSweepSchedule = this.scheduled(props, environment, {
      ...MACHINE_REGROUP_SWEEP,
      entry: props.machineRegroupSweepEntry ?? MACHINE_REGROUP_SWEEP.entry,
    });
    this.dataSubscriptionSweepSchedule = this.scheduled(props, environment, {
      ...DATA_SUBSCRIPTION_SWEEP,
      entry: props.dataSubscriptionSweepEntry ?? DATA_SUBSCRIPTION_SWEEP.entry,
    });

    if (props.consoleOrigin && props.notificationFrom) {
      const configurationSet = new ses.ConfigurationSet(this, 'NotificationEmails', {
        configurationSetName: stage.physicalName('notifications'),
        reputationMetrics: true,
        suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      });
      const notifyEnvironment = {
        ...environment,
        ...linkKeyEnvironment(props.linkKey),
        CONSOLE_URL: props.consoleOrigin,
        NOTIFICATION_FROM: props.notificationFrom,
        SES_CONFIGURATION_SET: configurationSet.configurationSetName,
      };
      const targets = { configurationSet: configurationSet.configurationSetName };
      this.notificationDigestSweepSchedule = this.scheduled(props, notifyEnvironment, NOTIFICATION_DIGEST_SWEEP, targets);
      this.notifications = {
        configurationSet,
        ...this.notificationSender(props, notifyEnvironment, targets),
        feedback: this.notificationFeedback(props, environment, configurationSet),
      };
    } else {
      Annotations.of(this).addInfo(
        'No alarm notification e-mails: give -c consoleOrigin=<https://console host> and -c notificationFrom=<SES-verified address>.',
      );
    }
  }

  /** The configuration set's bounces and complaints → an SNS topic → the feedback function. */
  private notificationFeedback(props: IotStackProps, environment: Record<string, string>, configurationSet: ses.ConfigurationSet): sns.Topic {
    const { stage } = props;
    const topic = new sns.Topic(this, 'NotificationFeedback', { topicName: stage.physicalName('notification-feedback'), enforceSSL: true });
    acknowledge(
      topic,
      'AwsSolutions-SNS2',
      'SES event publishing cannot use the AWS-managed SNS key; the reports hold recipient addresses and bounce types only.',
    );
    configurationSet.addEventDestination('Feedback', {
      destination: ses.EventDestination.snsTopic(topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    const fn = new AppFunction(this, 'NotificationFeedbackFunction', {
      stage,
      name: NOTIFICATION_FEEDBACK.name,
      entry: join(REPO_ROOT, NOTIFICATION_FEEDBACK.entry),
      environment,
      bundle: props.bundle,
      timeout: Duration.seconds(30),
      description: 'Turns alarm notifications off for recipients SES reports as bounced (permanently) or complaining',
    });
    grantAccess(fn.role, NOTIFICATION_FEEDBACK.access, { table: props.table });
    topic.addSubscription(new subscriptions.LambdaSubscription(fn.fn));
    return topic;
  }

  /** The sender on the table's stream (outbox inserts only), with its dead-letter queue and alarm. */
  private notificationSender(props: IotStackProps, environment: Record<string, string>, targets: { configurationSet: string }) {
    const { stage } = props;
    const def = NOTIFICATION_SENDER;
    const sender = new AppFunction(this, 'NotificationSender', {
      stage,
      name: def.name,
      entry: join(REPO_ROOT, def.entry),
      environment,
      bundle: props.bundle,
      timeout: Duration.seconds(60),
      description: 'Sends the alarm notification e-mails of the alarms raised and repaired (the table stream’s outbox items)',
    });
    grantAccess(sender.role, def.access, { table: props.table, ...targets });
    const deadLetters = new sqs.Queue(this, 'NotificationSenderDeadLetters', {
      queueName: stage.physicalName('notification-sender-dlq'),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: stage.removalPolicy,
    });
    sender.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: def.batchSize,
        retryAttempts: def.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(deadLetters),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(NOTIFICATION_OUTBOX_ENTITY) } } },
          }),
        ],
      }),
    );
    acknowledge(
      deadLetters,
      'AwsSolutions-SQS3',
      'The on-failure destination of the sender’s stream mapping: it is the dead-letter queue, no work queue feeds it.',
    );
    acknowledge(sender.role, 'AwsSolutions-IAM5', 'Lambda’s DynamoDB stream event source needs dynamodb:ListStreams, which has no resource-level permission.', [
      'Resource::*',
    ]);
    const deadLetterAlarm = deadLetters
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM })
      .createAlarm(this, 'NotificationSenderDeadLettersAlarm', {
        alarmName: stage.physicalName('notification-sender-dead-letters'),
        alarmDescription: `Alarm notification events failed after ${def.retryAttempts} retries; their stream records wait in ${stage.physicalName('notification-sender-dlq')} (kept 14 days).`,
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    notify(deadLetterAlarm, props.alarmTopic);
    return { sender, deadLetters, deadLetterAlarm };
  }

  /**
   * The historical-data state machine (api stack), by its name: the api stack already depends on this one, so a
   * reference the other way would be a cycle.
   */
  private historicalData(stage: StageConfig, o: ScheduledFunction): sfn.IStateMachine | undefined {
    if (!o.access.startWorkflows) return undefined;
    const id = 'HistoricalDataStateMachine';
    const found = this.node.tryFindChild(id) as sfn.IStateMachine | undefined;
    return found ?? sfn.StateMachine.fromStateMachineName(this, id, historicalDataStateMachineName(stage));
  }

  /** A function on an EventBridge schedule, when its entry exists. */
  private scheduled(
    props: IotStackProps,
    environment: Record<string, string>,
    o: ScheduledFunction,
    extraTargets: { configurationSet?: string } = {},
  ): events.Rule | undefined {
    const path = isAbsolute(o.entry) ? o.entry : join(REPO_ROOT, o.entry);
    if (!existsSync(path)) return undefined;
    const id = o.name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
    const fn = new AppFunction(this, id, {
      stage: props.stage,
      name: o.name,
      entry: path,
      environment: {
        ...environment,
        ...(o.access.startWorkflows ? { HISTORICAL_DATA_STATE_MACHINE_ARN: this.historicalData(props.stage, o)!.stateMachineArn } : {}),
      },
      bundle: props.bundle,
      timeout: Duration.seconds(50),
      description: o.description,
    });
    grantAccess(fn.role, o.access, {
      table: props.table,
      buckets: stageBuckets(this, props.stage),
      historicalData: this.historicalData(props.stage, o),
      ...extraTargets,
    });
    return new events.Rule(this, `${id}Schedule`, {
      ruleName: props.stage.physicalName(o.name),
      description: `Runs the ${o.name.replaceAll('-', ' ')}`,
      schedule: events.Schedule.rate(Duration.minutes(o.everyMinutes)),
      targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.minutes(5) })],
    });
  }
}
