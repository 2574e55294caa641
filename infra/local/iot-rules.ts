/**
 * The local counterpart of the CDK iot stack's rules and schedules, from the same triggers manifest
 * (functions/triggers/manifest.ts): each IoT rule invoking its trigger's `handler` with the event shape AWS gives
 * it — an SQS batch (IoT rule → queue → event source mapping, with partial batch responses) for batched rules, the
 * rule event itself otherwise — and each scheduled trigger on a timer.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { logger } from '../../functions/runtime/logger';
import { triggerEntry, triggersOf, type IotRuleBatch } from '../../functions/triggers/manifest';
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

/** An IoT rule as the local router installs it (the manifest's, or a test's with another entry). */
export interface LocalRuleDefinition {
  name: string;
  topicFilter: string;
  entry: string;
  batch?: IotRuleBatch;
}

/** The manifest's IoT rules. */
export const manifestIotRules = (): LocalRuleDefinition[] =>
  triggersOf('iotRule').map((t) => ({ name: t.source.rule, topicFilter: t.source.topicFilter, entry: triggerEntry(t.name), batch: t.source.batch }));

export async function localIotRules(definitions: readonly LocalRuleDefinition[] = manifestIotRules()): Promise<IotRule[]> {
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

/**
 * Runs a scheduled trigger's handler every `intervalMs` with an EventBridge-shaped event, until stopped. Runs never
 * overlap: a run asked for now waits for the one in progress (which may have read the table before the caller's
 * change), and the timer skips its turn while one runs.
 */
function startSchedule(name: string, intervalMs: number) {
  const path = entryPath(triggerEntry(name));
  const what = name.replaceAll('-', ' ');
  let running: Promise<unknown> = Promise.resolve();
  let busy = 0;
  let stopped = false;
  const invoke = async (): Promise<unknown> => {
    if (!existsSync(path)) return undefined;
    const { handler } = (await import(pathToFileURL(path).href)) as { handler: (event: unknown, context: Context) => Promise<unknown> };
    return invokeLocally(`vend-local-${name}`, handler, {
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: new Date().toISOString(),
      detail: {},
    });
  };
  const runNow = (): Promise<unknown> => {
    busy++;
    const run = running.then(invoke).finally(() => busy--);
    running = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    if (stopped || busy > 0) return;
    runNow().catch((error: unknown) => logger.error(`${what} failed`, { error }));
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

/** `connection-sweep` → CONNECTION_SWEEP_INTERVAL_MS: the environment variable that sets a schedule's local interval. */
export const localIntervalEnv = (name: string) => `${name.toUpperCase().replaceAll('-', '_')}_INTERVAL_MS`;

export interface LocalSchedules {
  /** Runs that scheduled trigger once now (it also runs on its timer). */
  runNow(name: string): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Every scheduled trigger of the manifest on a timer: every `localEveryMs` (env `<NAME>_INTERVAL_MS`), shorter than in
 * AWS where most run every minute, so that locally a sweep's effect follows within seconds.
 */
export function startSchedules(env: NodeJS.ProcessEnv = process.env): LocalSchedules {
  const schedules = new Map(
    triggersOf('schedule').map((t) => [t.name, startSchedule(t.name, Number(env[localIntervalEnv(t.name)] ?? t.source.localEveryMs))] as const),
  );
  return {
    runNow(name) {
      const schedule = schedules.get(name);
      if (!schedule) throw new Error(`no scheduled trigger ${name}`);
      return schedule.runNow();
    },
    async stop() {
      await Promise.all([...schedules.values()].map((s) => s.stop()));
    },
  };
}
