/**
 * The Lambda entry shared by the ingestion triggers. In AWS the IoT rule sends its output
 * (`SELECT *, topic() AS topic, timestamp() AS receivedAt`) to an SQS queue and the function receives
 * batches (`Records[].body` = that output) with partial batch responses; locally the rule router hands
 * the same SQS-shaped batches over. A single rule event (a direct IoT → Lambda action) works too.
 */
import type { Context } from 'aws-lambda';
import type { IngestedKind } from '#schemas/iot';
import type { BatchDeps } from '../core/ingestion/deps';
import type { MessageKind } from '../core/ingestion/kind';
import { ingestKindBatch, type BatchOutcome } from '../core/ingestion/batch';
import { logger } from '../runtime/logger';
import { METRIC, type OperatorMetrics } from '../runtime/metrics';
import { trigger } from './trigger';

export interface SqsRecordLike {
  messageId: string;
  body: string;
}
export interface SqsEventLike {
  Records: SqsRecordLike[];
}
export interface SqsBatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

const isSqsEvent = (event: unknown): event is SqsEventLike => !!event && typeof event === 'object' && Array.isArray((event as SqsEventLike).Records);

/** A body that is not JSON cannot come from an IoT rule; it is kept aside like a non-JSON payload. */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return { raw: Buffer.from(body).toString('base64') };
  }
}

/** What an operator watches of a batch: messages stored, kept aside, repeats and redeliveries (metrics.ts). */
function observeBatch(metrics: OperatorMetrics, kind: IngestedKind, messages: number, outcome: BatchOutcome): void {
  metrics.dimension('kind', kind);
  metrics.count(METRIC.messagesIngested, outcome.stored);
  metrics.count(METRIC.messagesKeptAside, outcome.keptAside);
  metrics.count(METRIC.duplicateMessages, outcome.duplicates);
  metrics.count(METRIC.messagesRedelivered, outcome.failed.length);
  const fields = { kind, messages, stored: outcome.stored, keptAside: outcome.keptAside, duplicates: outcome.duplicates, failed: outcome.failed.length };
  if (outcome.failed.length) logger.warn('batch partly not stored; its failed messages come again', fields);
  else logger.debug('batch ingested', fields);
}

/**
 * The handler of a kind's rule's trigger (its folder's handler.ts): that kind's path only, with that trigger's deps (the
 * ones the kind names: other deps do not compile).
 */
export function iotBatchHandler<P, D extends BatchDeps>(handling: MessageKind<P, D>, deps: () => NoInfer<D>) {
  const { kind } = handling;
  const run = trigger(async (event: SqsEventLike | Record<string, unknown>, { metrics }): Promise<SqsBatchResponse | void> => {
    if (isSqsEvent(event)) {
      const outcome = await ingestKindBatch(
        handling,
        event.Records.map((r) => parseBody(r.body)),
        deps(),
      );
      observeBatch(metrics, kind, event.Records.length, outcome);
      return { batchItemFailures: outcome.failed.map((i) => ({ itemIdentifier: event.Records[i]!.messageId })) };
    }
    const outcome = await ingestKindBatch(handling, [event], deps());
    observeBatch(metrics, kind, 1, outcome);
    if (outcome.failed.length) throw new Error(`${kind} message not stored; the rule action retries`);
  });
  function handler(event: SqsEventLike, context?: Partial<Context>): Promise<SqsBatchResponse>;
  function handler(event: Record<string, unknown>, context?: Partial<Context>): Promise<void>;
  function handler(event: SqsEventLike | Record<string, unknown>, context?: Partial<Context>): Promise<SqsBatchResponse | void> {
    return run(event, context);
  }
  return handler;
}
