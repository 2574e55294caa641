/**
 * The iot stack's triggers that are not IoT rules, each from its declaration in functions/triggers/manifest.ts: the
 * scheduled sweeps (EventBridge), the table stream's consumer (the alarm e-mail sender) and SES's feedback consumer.
 * Built in the stack's own scope, so their construct ids stay those of the stack.
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { triggerEntry, type TriggerDeclaration, type TriggerSource } from '../../functions/triggers/manifest';
import { notify } from '../constructs/alarms';
import { AppFunction } from '../constructs/app-function';
import { grantAccess, type AccessTargets } from '../constructs/grants';
import { acknowledge } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

type Declared<K extends TriggerSource['kind']> = TriggerDeclaration & { source: Extract<TriggerSource, { kind: K }> };

export interface TriggerFunctionContext {
  stage: StageConfig;
  table: dynamodb.ITable;
  environment: Record<string, string>;
  bundle?: boolean;
  /** What the grants point at beside the table (buckets, the SES configuration set, the state machine). */
  targets?: Omit<AccessTargets, 'table'>;
}

/** `connection-sweep` → `ConnectionSweep`: the construct id of a trigger's function. */
export const constructId = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** A trigger's function, with the grants its declared access asks for. */
export function triggerFunction(
  scope: Stack,
  id: string,
  t: TriggerDeclaration,
  ctx: TriggerFunctionContext,
  opts: { timeout: Duration; environment?: Record<string, string> },
): AppFunction {
  const made = new AppFunction(scope, id, {
    stage: ctx.stage,
    name: t.name,
    entry: triggerEntry(t.name),
    environment: { ...ctx.environment, ...opts.environment },
    bundle: ctx.bundle,
    timeout: opts.timeout,
    description: t.description,
  });
  grantAccess(made.role, t.access, { table: ctx.table, ...ctx.targets });
  return made;
}

/** A function on an EventBridge schedule; one that starts workflows gets the state machine it starts. */
export function scheduledTrigger(scope: Stack, t: Declared<'schedule'>, ctx: TriggerFunctionContext, historicalData?: sfn.IStateMachine): events.Rule {
  const id = constructId(t.name);
  const fn = triggerFunction(scope, id, t, historicalData ? { ...ctx, targets: { ...ctx.targets, historicalData } } : ctx, {
    timeout: Duration.seconds(50),
    environment: historicalData ? { HISTORICAL_DATA_STATE_MACHINE_ARN: historicalData.stateMachineArn } : {},
  });
  return new events.Rule(scope, `${id}Schedule`, {
    ruleName: ctx.stage.physicalName(t.name),
    description: `Runs the ${t.name.replaceAll('-', ' ')}`,
    schedule: events.Schedule.rate(Duration.minutes(t.source.everyMinutes)),
    targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.minutes(5) })],
  });
}

/**
 * The table stream's consumer: inserts of its entity only, in batches with partial batch responses; a failed record
 * is retried (bisecting the batch), then its stream record goes to a dead-letter queue with an alarm.
 */
export function tableStreamTrigger(scope: Stack, t: Declared<'tableStream'>, ctx: TriggerFunctionContext, alarmTopic?: sns.ITopic) {
  const { stage } = ctx;
  const id = constructId(t.name);
  const { batchSize, retryAttempts, entity } = t.source;
  const sender = triggerFunction(scope, id, t, ctx, { timeout: Duration.seconds(60) });
  const deadLetters = new sqs.Queue(scope, `${id}DeadLetters`, {
    queueName: stage.physicalName(`${t.name}-dlq`),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy: stage.removalPolicy,
  });
  sender.fn.addEventSource(
    new DynamoEventSource(ctx.table, {
      startingPosition: lambda.StartingPosition.LATEST,
      batchSize,
      retryAttempts,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      maxRecordAge: Duration.days(1),
      onFailure: new SqsDlq(deadLetters),
      filters: [
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(entity) } } },
        }),
      ],
    }),
  );
  acknowledge(
    deadLetters,
    'AwsSolutions-SQS3',
    `The on-failure destination of the ${t.name}’s stream mapping: it is the dead-letter queue, no work queue feeds it.`,
  );
  acknowledge(sender.role, 'AwsSolutions-IAM5', 'Lambda’s DynamoDB stream event source needs dynamodb:ListStreams, which has no resource-level permission.', [
    'Resource::*',
  ]);
  const deadLetterAlarm = deadLetters
    .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM })
    .createAlarm(scope, `${id}DeadLettersAlarm`, {
      alarmName: stage.physicalName(`${t.name}-dead-letters`),
      alarmDescription: `Events of ${t.name} failed after ${retryAttempts} retries; their stream records wait in ${stage.physicalName(`${t.name}-dlq`)} (kept 14 days).`,
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  notify(deadLetterAlarm, alarmTopic);
  return { sender, deadLetters, deadLetterAlarm };
}

/** The configuration set's bounces and complaints → an SNS topic (TLS only) → the feedback trigger. */
export function emailFeedbackTrigger(
  scope: Stack,
  t: Declared<'emailFeedback'>,
  ctx: TriggerFunctionContext,
  configurationSet: ses.ConfigurationSet,
): sns.Topic {
  const topic = new sns.Topic(scope, constructId(t.name), { topicName: ctx.stage.physicalName(t.name), enforceSSL: true });
  acknowledge(
    topic,
    'AwsSolutions-SNS2',
    'SES event publishing cannot use the AWS-managed SNS key; the reports hold recipient addresses and bounce types only.',
  );
  configurationSet.addEventDestination('Feedback', {
    destination: ses.EventDestination.snsTopic(topic),
    events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
  });
  const fn = triggerFunction(scope, `${constructId(t.name)}Function`, t, ctx, { timeout: Duration.seconds(30) });
  topic.addSubscription(new subscriptions.LambdaSubscription(fn.fn));
  return topic;
}
