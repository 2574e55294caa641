/**
 * The Lambda entry shared by the ingestion triggers. In AWS the IoT rule sends its output
 * (`SELECT *, topic() AS topic, timestamp() AS receivedAt`) to an SQS queue and the function receives
 * batches (`Records[].body` = that output) with partial batch responses; locally the rule router hands
 * the same SQS-shaped batches over. A single rule event (a direct IoT → Lambda action) works too.
 */
import type { IngestedKind } from '../../schemas/iot';
import { ingestBatch, type BatchOutcome, type IngestionDeps } from '../core/ingestion/use-cases';
import { ingestionDeps } from '../shared/ingestion';

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

const isSqsEvent = (event: unknown): event is SqsEventLike =>
  !!event && typeof event === 'object' && Array.isArray((event as SqsEventLike).Records);

/** A body that is not JSON cannot come from an IoT rule; it is kept aside like a non-JSON payload. */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return { raw: Buffer.from(body).toString('base64') };
  }
}

export function iotBatchHandler(kind: IngestedKind, deps: () => IngestionDeps = ingestionDeps) {
  async function handler(event: SqsEventLike): Promise<SqsBatchResponse>;
  async function handler(event: Record<string, unknown>): Promise<void>;
  async function handler(event: SqsEventLike | Record<string, unknown>): Promise<SqsBatchResponse | void> {
    if (isSqsEvent(event)) {
      const outcome: BatchOutcome = await ingestBatch(kind, event.Records.map((r) => parseBody(r.body)), deps());
      return { batchItemFailures: outcome.failed.map((i) => ({ itemIdentifier: event.Records[i]!.messageId })) };
    }
    const outcome = await ingestBatch(kind, [event], deps());
    if (outcome.failed.length) throw new Error(`${kind} message not stored; the rule action retries`);
  }
  return handler;
}
