/**
 * The local stand-in for the table's stream feeding the alarm notification sender (dynalite has no streams): it reads
 * the outbox's pending index every `intervalMs` and invokes the same sender handler with the stream-shaped batch AWS
 * gives it (INSERT records with the item's new image). A record the sender answers as failed comes again after the
 * visibility timeout, doubled on each receive (like the rule router); the sender takes an item off the pending index
 * once it is done with it (sent, held back, or kept aside as failed). Also the stand-in for the SES feedback topic's
 * subscription (notificationFeedback).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import { DynamoNotificationOutbox } from '../../functions/adapters/dynamodb/notification-outbox';
import { tableConfig } from '../../functions/runtime/config';
import { logger } from '../../functions/runtime/logger';
import { triggerEntry, triggersOf } from '../../functions/triggers/manifest';
import { invokeLocally } from './invoke';

type Item = Record<string, unknown>;
type Handler = (event: unknown, context: Context) => Promise<{ batchItemFailures?: Array<{ itemIdentifier: string }> }>;

const root = new URL('../..', import.meta.url).pathname;
/** The manifest's table stream trigger (the alarm e-mail sender) and SES feedback trigger. */
const [SENDER] = triggersOf('tableStream');
const [FEEDBACK] = triggersOf('emailFeedback');
const { batchSize } = SENDER!.source;
/** Receives of one record after which the stand-in stops handing it over (the stream's retries then its dead-letter queue). */
const MAX_RECEIVES = SENDER!.source.retryAttempts + 1;

/** The DynamoDB JSON of an outbox item (strings, numbers, nulls: all it holds). */
function newImage(item: Item): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : v === null || v === undefined ? { NULL: true } : { S: String(v) }]),
  );
}

export function startNotificationStream(
  intervalMs = Number(process.env.NOTIFICATION_POLL_INTERVAL_MS ?? 500),
  visibilityTimeoutMs = Number(process.env.NOTIFICATION_RETRY_AFTER_MS ?? process.env.IOT_VISIBILITY_TIMEOUT_MS ?? 3000),
) {
  const entry = join(root, triggerEntry(SENDER!.name));
  const { region, tableName, dynamodbEndpoint } = tableConfig();
  const outbox = new DynamoNotificationOutbox(createDocumentClient({ region, endpoint: dynamodbEndpoint }), tableName);
  const receives = new Map<string, { count: number; nextAt: number }>();
  let running: Promise<void> | undefined;
  let stopped = false;

  const poll = async () => {
    if (!existsSync(entry)) return;
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: Handler };
    const now = Date.now();
    const items = (await outbox.pending(batchSize * 5)).filter((i) => {
      const r = receives.get(String(i.gsi3sk));
      return !r || (r.count < MAX_RECEIVES && r.nextAt <= now);
    });
    for (let i = 0; i < items.length; i += batchSize) {
      const batch = items.slice(i, i + batchSize);
      const event = {
        Records: batch.map((item) => ({
          eventSource: 'aws:dynamodb',
          eventName: 'INSERT',
          dynamodb: { NewImage: newImage(item), SequenceNumber: String(item.gsi3sk) },
        })),
      };
      const response = await invokeLocally(`vend-local-${SENDER!.name}`, handler, event);
      const failed = new Set((response.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      for (const item of batch) {
        const key = String(item.gsi3sk);
        if (!failed.has(key)) {
          receives.delete(key);
          continue;
        }
        const count = (receives.get(key)?.count ?? 0) + 1;
        receives.set(key, { count, nextAt: Date.now() + visibilityTimeoutMs * 2 ** (count - 1) });
        if (count >= MAX_RECEIVES) logger.error('alarm notification event not handled after every retry; it stays on the pending index', { key });
      }
    }
  };

  const timer = setInterval(() => {
    if (stopped || running) return;
    running = poll()
      .catch((error: unknown) => logger.error('notification stream stand-in failed', { error }))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The local SES's bounce or complaint report, handed to the feedback function as SNS delivers it (AWS: the configuration set's topic). */
export async function notificationFeedback(message: string): Promise<void> {
  const { handler } = (await import(pathToFileURL(join(root, triggerEntry(FEEDBACK!.name))).href)) as {
    handler: (event: unknown, context: Context) => Promise<void>;
  };
  await invokeLocally(`vend-local-${FEEDBACK!.name}`, handler, { Records: [{ EventSource: 'aws:sns', Sns: { Message: message } }] });
}
