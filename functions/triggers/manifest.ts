/**
 * Every trigger: a function that is not an API route group. Each lives in `functions/triggers/<name>/` with its
 * `handler.ts` (made with ./trigger.ts) and its `deps.ts` (built with `lazy`, declaring its `access`), and is declared
 * here once with its source: the CDK stacks (infra/stacks/iot-stack.ts, the historical-data workflow) and the local
 * stack (infra/local/iot-rules.ts, notification-stream.ts, workflows.ts) both read this list. A trigger that is not
 * here does not exist anywhere (test/infra/triggers-manifest.test.ts checks the folders against it).
 */
import { NOTIFICATION_OUTBOX_ENTITY } from '#schemas/notification-constants';
import type { WorkflowName } from '../core/shared/workflows';
import type { FunctionAccess } from '../runtime/access';
import type { TriggerFeature } from './trigger';
import { access as anomalySweepAccess } from './anomaly-sweep/deps';
import { access as auditIntentSweepAccess } from './audit-intent-sweep/deps';
import { access as commandSweepAccess, feature as commandSweepFeature } from './command-sweep/deps';
import { access as connectionSweepAccess } from './connection-sweep/deps';
import { access as dataSubscriptionSweepAccess } from './data-subscription-sweep/deps';
import { access as historicalExportFailureAccess } from './historical-export-failure/deps';
import { access as historicalExportAccess } from './historical-export/deps';
import { access as reportFileAccess } from './report-file/deps';
import { access as reportFileFailureAccess } from './report-file-failure/deps';
import { access as iotAlarmsAccess } from './iot-alarms/deps';
import { access as iotAuditAccess } from './iot-audit/deps';
import { access as iotCashAcceptanceAccess } from './iot-cash-acceptance/deps';
import { access as iotCashMovementsAccess } from './iot-cash-movements/deps';
import { access as iotCommandsAckAccess } from './iot-commands-ack/deps';
import { access as iotConfigAccess } from './iot-config/deps';
import { access as iotDeviceErrorsAccess } from './iot-device-errors/deps';
import { access as iotFirmwareAccess } from './iot-firmware/deps';
import { access as iotLicenseInfosAccess } from './iot-licenseinfos/deps';
import { access as iotSalesAccess } from './iot-sales/deps';
import { access as iotSensorsAccess } from './iot-sensors/deps';
import { access as iotTelemetryAccess } from './iot-telemetry/deps';
import { access as licenceSweepAccess } from './licence-sweep/deps';
import { access as machinePurgeSweepAccess } from './machine-purge-sweep/deps';
import { access as machineRegroupSweepAccess } from './machine-regroup-sweep/deps';
import { access as notificationDigestSweepAccess } from './notification-digest-sweep/deps';
import { access as notificationFeedbackAccess } from './notification-feedback/deps';
import { access as notificationSenderAccess } from './notification-sender/deps';
import { access as rolloutStepAccess } from './rollout-step/deps';

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
 * router delivers the same batches (infra/local/iot-rules.ts), with a shorter gathering window.
 */
export const INGESTION_BATCH: IotRuleBatch = { size: 500, windowSeconds: 1, maxConcurrency: 10, maxReceiveCount: 5 };

/** Where a trigger's events come from. */
export type TriggerSource =
  /**
   * An IoT topic rule (`rule`: its name, [a-z0-9-]) selecting `topicFilter`. With `batch` the rule sends to an SQS
   * queue (with a dead-letter queue) and the trigger consumes it in batches with partial batch responses; without,
   * the rule invokes the trigger per message.
   */
  | { kind: 'iotRule'; rule: string; topicFilter: string; batch?: IotRuleBatch }
  /** EventBridge every `everyMinutes` in AWS; locally a timer every `localEveryMs` (env `<NAME>_INTERVAL_MS`). */
  | { kind: 'schedule'; everyMinutes: number; localEveryMs: number }
  /**
   * The table's stream, filtered to the items of `entity` inserted, in batches of `batchSize`; a failed record is
   * retried `retryAttempts` times (bisecting the batch), then goes to a dead-letter queue. Locally the entity's
   * pending index stands in for the stream (infra/local/notification-stream.ts).
   */
  | { kind: 'tableStream'; entity: string; batchSize: number; retryAttempts: number }
  /** SES's bounce and complaint reports of the alarm e-mails (configuration set → SNS topic → the trigger). */
  | { kind: 'emailFeedback' }
  /** A Task state of a workflow's state machine. */
  | { kind: 'workflowTask'; workflow: WorkflowName; state: string };

export interface TriggerDeclaration {
  /** Its folder under functions/triggers/ and its function's name part (`vend-<stage>-<name>`). */
  name: string;
  description: string;
  source: TriggerSource;
  /** What its deps reach (its deps.ts `access`): the grants of its function. */
  access: FunctionAccess;
  /**
   * The merchant feature its work (or part of it: `work`) belongs to, where one does (its deps.ts `feature`): done per
   * merchant only for one with the flag, skipped otherwise and counted (FeatureWorkSkipped; functions/triggers/trigger.ts).
   */
  feature?: TriggerFeature;
}

/** A trigger's Lambda entry, relative to the repository root. */
export const triggerEntry = (name: string) => `functions/triggers/${name}/handler.ts`;

const ingestion = (kind: string, access: FunctionAccess, what: string): TriggerDeclaration => ({
  name: `iot-${kind}`,
  description: what,
  source: { kind: 'iotRule', rule: kind, topicFilter: `vend/+/${kind}`, batch: INGESTION_BATCH },
  access,
});

/** Every trigger of the stage. The IoT rules come first, in the device → cloud topics' order (DESIGN §6). */
export const triggers: readonly TriggerDeclaration[] = [
  ingestion('telemetry', iotTelemetryAccess, 'Stores pings; sends a machine holding an older media list the list'),
  ingestion('sales', iotSalesAccess, 'Stores sales: history, stock, statistics, media records'),
  ingestion('alarms', iotAlarmsAccess, 'Opens, repeats and repairs machines’ alarms'),
  ingestion('audit', iotAuditAccess, 'Stores audits (EVA-DTS) and reconciles stock and prices'),
  ingestion('config', iotConfigAccess, 'Stores reported configurations'),
  {
    name: 'iot-commands-ack',
    description: 'Moves remote commands on with the devices’ acknowledgements',
    source: { kind: 'iotRule', rule: 'commands-ack', topicFilter: 'vend/+/commands/ack' },
    access: iotCommandsAckAccess,
  },
  ingestion('sensors', iotSensorsAccess, 'Stores sensor readings; moves machines’ dirtiness and raises the sensor alarm on critical'),
  ingestion('cash-acceptance', iotCashAcceptanceAccess, 'Counts accepted and rejected coins and notes per day, denomination and reason'),
  ingestion('cash-movements', iotCashMovementsAccess, 'Stores cash movements; counts them per day with the machines’ balance'),
  ingestion('device-errors', iotDeviceErrorsAccess, 'Stores cash devices’ OPOS errors and counts them per day'),
  {
    name: 'iot-licenseinfos',
    description: 'Activates a confirmed licence with its machine’s licence report',
    source: { kind: 'iotRule', rule: 'licenseinfos', topicFilter: 'vend/+/licenseinfos' },
    access: iotLicenseInfosAccess,
  },
  {
    name: 'iot-firmware',
    description: 'Moves machines’ states in firmware and cash database rollouts with their progress reports',
    source: { kind: 'iotRule', rule: 'firmware', topicFilter: 'vend/+/firmware' },
    access: iotFirmwareAccess,
  },
  {
    name: 'connection-sweep',
    description: 'Takes machines offline when no ping arrived within CONNECTION_OFFLINE_AFTER_SECONDS',
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 30_000 },
    access: connectionSweepAccess,
  },
  {
    name: 'command-sweep',
    description: 'Sends scheduled remote commands, publishes unanswered ones again (bounded) and expires stale ones',
    // Locally a scheduled command goes out within seconds of its time.
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 2_000 },
    access: commandSweepAccess,
    feature: commandSweepFeature,
  },
  {
    name: 'machine-purge-sweep',
    description: 'Removes what is left of deleted machines’ history (their partitions), in bounded steps',
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 10_000 },
    access: machinePurgeSweepAccess,
  },
  {
    name: 'machine-regroup-sweep',
    description: 'Re-indexes what is left of moved machines’ alarms and commands to their group, in bounded steps',
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 10_000 },
    access: machineRegroupSweepAccess,
  },
  {
    name: 'data-subscription-sweep',
    description: 'Makes the historical data request of each due scheduled export (the period just ended) and moves it to its next run',
    // Locally a subscription's run follows its time within seconds.
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 5_000 },
    access: dataSubscriptionSweepAccess,
  },
  {
    name: 'notification-digest-sweep',
    description: 'Sends each alarm notification digest whose flood window ended',
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 5_000 },
    access: notificationDigestSweepAccess,
  },
  {
    name: 'anomaly-sweep',
    description: 'Raises and clears the anomaly alarms (no sales, offline, cashless drop) of a bounded number of machines per run',
    source: { kind: 'schedule', everyMinutes: 5, localEveryMs: 60_000 },
    access: anomalySweepAccess,
  },
  {
    name: 'audit-intent-sweep',
    description: 'Appends the audit trail entry of each call that left its intent behind (its function ended before the entry)',
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 30_000 },
    access: auditIntentSweepAccess,
  },
  {
    name: 'licence-sweep',
    description: 'Mails sent licences their single-use confirmation link, warns demo clients before the end and expires past demos',
    // Locally a sent licence's e-mail is in the outbox within seconds.
    source: { kind: 'schedule', everyMinutes: 1, localEveryMs: 2_000 },
    access: licenceSweepAccess,
  },
  {
    name: 'notification-sender',
    description: 'Sends the alarm notification e-mails of the alarms raised and repaired (the table stream’s outbox items)',
    // The sender itself keeps an e-mail that keeps failing aside after MAX_SEND_ATTEMPTS (the log shows it failed).
    source: { kind: 'tableStream', entity: NOTIFICATION_OUTBOX_ENTITY, batchSize: 10, retryAttempts: 8 },
    access: notificationSenderAccess,
  },
  {
    name: 'notification-feedback',
    description: 'Turns alarm notifications off for recipients SES reports as bounced (permanently) or complaining',
    source: { kind: 'emailFeedback' },
    access: notificationFeedbackAccess,
  },
  {
    name: 'historical-export',
    description: 'Historical data workflow: streams one request’s rows as CSV to the exports bucket and marks it Completed',
    source: { kind: 'workflowTask', workflow: 'historicalData', state: 'Export' },
    access: historicalExportAccess,
  },
  {
    name: 'historical-export-failure',
    description: 'Historical data workflow: marks a request whose export failed as Error and removes any partial file',
    source: { kind: 'workflowTask', workflow: 'historicalData', state: 'RecordFailure' },
    access: historicalExportFailureAccess,
  },
  {
    name: 'report-file',
    description: 'Report workflow: streams one report as PDF or CSV to the exports bucket and marks it Completed',
    source: { kind: 'workflowTask', workflow: 'report', state: 'ReportFile' },
    access: reportFileAccess,
  },
  {
    name: 'report-file-failure',
    description: 'Report workflow: marks a report file whose making failed as Error and removes any partial file',
    source: { kind: 'workflowTask', workflow: 'report', state: 'RecordReportFailure' },
    access: reportFileFailureAccess,
  },
  {
    name: 'rollout-step',
    description: 'Rollout workflow: plans a rule’s machines in waves, sends each wave’s commands, watches versions and timeouts, aborts past the threshold',
    source: { kind: 'workflowTask', workflow: 'rollout', state: 'Step' },
    access: rolloutStepAccess,
  },
];

type Of<K extends TriggerSource['kind']> = TriggerDeclaration & { source: Extract<TriggerSource, { kind: K }> };

/** The declarations whose source is of `kind`, in the manifest's order. */
export function triggersOf<K extends TriggerSource['kind']>(kind: K): Array<Of<K>> {
  return triggers.filter((t): t is Of<K> => t.source.kind === kind);
}

/** One declaration by name (a name that is not declared is a programming error). */
export function declaredTrigger(name: string): TriggerDeclaration {
  const found = triggers.find((t) => t.name === name);
  if (!found) throw new Error(`no trigger ${name} in functions/triggers/manifest.ts`);
  return found;
}
