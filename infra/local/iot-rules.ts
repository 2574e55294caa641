/**
 * The local counterpart of the CDK iot stack's rules and schedule: the same DEFAULT_IOT_RULES, each
 * invoking its trigger's `handler` with the event shape AWS gives it — an SQS batch (IoT rule → queue →
 * event source mapping, with partial batch responses) for batched rules, the rule event itself otherwise —
 * and the connection and command sweeps on timers.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { logger } from '../../functions/runtime/logger';
import {
  COMMAND_SWEEP,
  CONNECTION_SWEEP,
  DATA_SUBSCRIPTION_SWEEP,
  DEFAULT_IOT_RULES,
  MACHINE_PURGE_SWEEP,
  MACHINE_REGROUP_SWEEP,
  NOTIFICATION_DIGEST_SWEEP,
  type IotRuleDefinition,
} from '../stacks/iot-stack';
import type { IotRule, IotRuleEvent } from './emulators/iot';
import { invokeLocally } from './invoke';

const root = new URL('../..', import.meta.url).pathname;
const entryPath = (entry: string) => (isAbsolute(entry) ? entry : join(root, entry));

/**
 * Local batching: the CDK batch size and receive count, a shorter gathering window (tests and the console see
 * a message within ~0.1 s instead of up to 1 s; env IOT_BATCH_WINDOW_MS) and fewer concurrent invocations
 * (one process, two cores).
 */
export const localBatch = () => ({ maxWaitMs: Number(process.env.IOT_BATCH_WINDOW_MS ?? 100), maxConcurrency: 4 });

interface SqsBatchResponse {
  batchItemFailures?: Array<{ itemIdentifier: string }>;
}

/** What the SQS event source gives the function: one record per rule output (with its queue message id and receive count). */
export function sqsEventOf(events: IotRuleEvent[], records?: ReadonlyArray<{ messageId: string; receiveCount: number }>) {
  const now = String(Date.now());
  return {
    Records: events.map((event, i) => ({
      messageId: records?.[i]?.messageId ?? randomUUID(),
      receiptHandle: 'local',
      body: JSON.stringify(event),
      attributes: {
        ApproximateReceiveCount: String(records?.[i]?.receiveCount ?? 1),
        SentTimestamp: String(event.receivedAt),
        ApproximateFirstReceiveTimestamp: now,
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:local',
      awsRegion: process.env.AWS_REGION ?? 'eu-west-1',
    })),
  };
}

export async function localIotRules(definitions: readonly IotRuleDefinition[] = DEFAULT_IOT_RULES): Promise<IotRule[]> {
  const rules: IotRule[] = [];
  for (const def of definitions) {
    const path = entryPath(def.entry);
    if (!existsSync(path)) continue;
    const handler = (await import(pathToFileURL(path).href)).handler as (event: unknown, context: Context) => Promise<unknown>;
    const functionName = `vend-local-iot-${def.name}`;
    if (def.batch) {
      rules.push({
        name: def.name,
        topicFilter: def.topicFilter,
        batch: {
          maxSize: def.batch.size,
          maxReceiveCount: def.batch.maxReceiveCount,
          ...localBatch(),
          handler: async (events, records) => {
            const event = sqsEventOf(events, records);
            const response = (await invokeLocally(functionName, handler, event)) as SqsBatchResponse | undefined;
            const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
            return event.Records.flatMap((r, i) => (failed.has(r.messageId) ? [i] : []));
          },
        },
      });
    } else {
      rules.push({ name: def.name, topicFilter: def.topicFilter, handler: async (event) => void (await invokeLocally(functionName, handler, event)) });
    }
  }
  return rules;
}

/** Runs a scheduled trigger's handler every `intervalMs` with an EventBridge-shaped event, until stopped. */
function startSchedule(entry: string, intervalMs: number, what: string) {
  const path = entryPath(entry);
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const runNow = async (): Promise<unknown> => {
    if (!existsSync(path)) return undefined;
    const { handler } = (await import(pathToFileURL(path).href)) as { handler: (event: unknown, context: Context) => Promise<unknown> };
    return invokeLocally(`vend-local-${what.replaceAll(' ', '-')}`, handler, {
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: new Date().toISOString(),
      detail: {},
    });
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runNow()
      .catch((error: unknown) => logger.error(`${what} failed`, { error }))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs the connection sweep every `intervalMs` (env CONNECTION_SWEEP_INTERVAL_MS, default 30 s). */
export const startConnectionSweep = (intervalMs = Number(process.env.CONNECTION_SWEEP_INTERVAL_MS ?? 30_000)) =>
  startSchedule(CONNECTION_SWEEP.entry, intervalMs, 'connection sweep');

/**
 * Runs the remote command sweep every `intervalMs` (env COMMAND_SWEEP_INTERVAL_MS, default 2 s: locally a
 * scheduled command goes out within seconds of its time; in AWS the schedule runs every minute).
 */
export const startCommandSweep = (intervalMs = Number(process.env.COMMAND_SWEEP_INTERVAL_MS ?? 2_000)) =>
  startSchedule(COMMAND_SWEEP.entry, intervalMs, 'command sweep');

/** Runs the machine purge sweep every `intervalMs` (env MACHINE_PURGE_SWEEP_INTERVAL_MS, default 10 s). */
export const startMachinePurgeSweep = (intervalMs = Number(process.env.MACHINE_PURGE_SWEEP_INTERVAL_MS ?? 10_000)) =>
  startSchedule(MACHINE_PURGE_SWEEP.entry, intervalMs, 'machine purge sweep');

/** Runs the machine regroup sweep every `intervalMs` (env MACHINE_REGROUP_SWEEP_INTERVAL_MS, default 10 s). */
export const startMachineRegroupSweep = (intervalMs = Number(process.env.MACHINE_REGROUP_SWEEP_INTERVAL_MS ?? 10_000)) =>
  startSchedule(MACHINE_REGROUP_SWEEP.entry, intervalMs, 'machine regroup sweep');

/**
 * Runs the scheduled exports sweep every `intervalMs` (env DATA_SUBSCRIPTION_SWEEP_INTERVAL_MS, default 5 s: locally a
 * subscription's run follows its time within seconds; in AWS the schedule runs every minute).
 */
export const startDataSubscriptionSweep = (intervalMs = Number(process.env.DATA_SUBSCRIPTION_SWEEP_INTERVAL_MS ?? 5_000)) =>
  startSchedule(DATA_SUBSCRIPTION_SWEEP.entry, intervalMs, 'data subscription sweep');

/** Runs the alarm notification digest sweep every `intervalMs` (env NOTIFICATION_DIGEST_SWEEP_INTERVAL_MS, default 5 s; every minute in AWS). */
export const startNotificationDigestSweep = (intervalMs = Number(process.env.NOTIFICATION_DIGEST_SWEEP_INTERVAL_MS ?? 5_000)) =>
  startSchedule(NOTIFICATION_DIGEST_SWEEP.entry, intervalMs, 'notification digest sweep');
