/**
 * The local rule router: what an IoT rule → SQS queue → Lambda event source mapping does in AWS. A message a
 * rule matches is queued durably (journal.ts, under the stack's data dir) before the broker acknowledges it,
 * and delivered to the rule's function in batches from the moment it is appended (not after the disk sync).
 * A failed delivery (or the records a partial batch response names) becomes visible again after the
 * visibility timeout, doubled on each receive, until the receive count reaches the rule's maxReceiveCount;
 * then the message moves to the rule's dead-letter queue
 * (durable too, kept 14 days) with an error line and a metric naming the message ids. `redrive` moves dead
 * letters back. Delivered messages are deleted from the journal (and compacted away); whatever is left when
 * the process stops or dies is delivered on the next start.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { logger } from '../../../functions/runtime/logger';
import { METRIC, OperatorMetrics } from '../../../functions/runtime/metrics';
import { Journal } from './journal';

/** The event a rule handler receives: the payload's JSON fields (or `raw` base64), plus topic and time. */
export type IotRuleEvent = Record<string, unknown> & {
  topic: string;
  /** Epoch milliseconds, like IoT SQL `timestamp()`. */
  receivedAt: number;
  /** Only for a payload that is not a JSON object: the payload, base64. */
  raw?: string;
};

export interface IotRule {
  name: string;
  /** MQTT topic filter (`+` and `#` wildcards). */
  topicFilter: string;
  /** One invocation per message (an IoT rule's Lambda action). */
  handler?: (event: IotRuleEvent) => Promise<void>;
  /**
   * Batched delivery instead, like an IoT rule's SQS action feeding a Lambda event source mapping: up to
   * `maxSize` events or `maxWaitMs` of waiting per invocation, at most `maxConcurrency` invocations at a
   * time (the rest waits in the rule's queue). The handler gets each event's queue message id and receive
   * count beside it, and answers the positions to deliver again (partial batch response); a message is
   * received at most `maxReceiveCount` times (default 5), then moved to the dead-letter queue.
   */
  batch?: {
    handler: (events: IotRuleEvent[], records: Array<{ messageId: string; receiveCount: number }>) => Promise<number[] | void>;
    maxSize: number;
    maxWaitMs: number;
    maxConcurrency: number;
    maxReceiveCount?: number;
  };
}

/** MQTT filter matching: `+` one level, `#` the rest (including none); wildcards never match `$` topics at the first level. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  if (topic.startsWith('$') && (f[0] === '+' || f[0] === '#')) return false;
  for (let i = 0; i < f.length; i++) {
    const part = f[i];
    if (part === '#') return true;
    if (i >= t.length) return false;
    if (part !== '+' && part !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Builds what `SELECT *, topic() AS topic, timestamp() AS receivedAt` delivers for a payload. */
export function ruleEvent(topic: string, payload: Buffer, receivedAt = Date.now()): IotRuleEvent {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { ...(parsed as Record<string, unknown>), topic, receivedAt };
    }
  } catch {
    /* not JSON */
  }
  return { raw: payload.toString('base64'), topic, receivedAt };
}

/** A message in a rule's queue: its id (the SQS message id the function sees), the rule output, its receives. */
export interface QueuedMessage {
  id: string;
  rule: string;
  event: IotRuleEvent;
  receives: number;
}

/** A message that was not delivered after maxReceiveCount receives, and the last reason. */
export interface DeadLetter extends QueuedMessage {
  deadAt: number;
  reason: string;
}

/** Per rule: messages matched, delivered (ok), moved to the dead-letter queue (failed), waiting, invocations, failed receives. */
export interface IotRuleStats {
  matched: number;
  completed: number;
  failed: number;
  queued: number;
  invocations: number;
  retried: number;
}

/** How a rule's queue is consumed: the event source mapping of a batched rule, or an IoT rule's Lambda action. */
interface Consumer {
  maxSize: number;
  maxWaitMs: number;
  maxConcurrency: number;
  maxReceiveCount: number;
  /** Answers the positions to deliver again. */
  deliver(messages: QueuedMessage[]): Promise<number[]>;
}

/**
 * A rule without a batch is a Lambda action: AWS invokes the function asynchronously, one event at a time,
 * and retries a failed invocation twice. Locally its messages are queued like the others' (the broker
 * acknowledges them only once stored), with those 3 receives, then the same local dead-letter queue.
 */
const LAMBDA_ACTION = { maxSize: 1, maxWaitMs: 0, maxConcurrency: 100, maxReceiveCount: 3 };
/** What the dead-letter queues keep (the CDK dead-letter queues' retention). */
const DEAD_LETTER_RETENTION_MS = 14 * 24 * 3_600_000;

function consumerOf(rule: IotRule): Consumer {
  if (rule.batch) {
    const { handler, maxReceiveCount = 5, ...sizes } = rule.batch;
    return {
      ...sizes,
      maxReceiveCount,
      deliver: async (messages) => {
        const failed = await handler(
          messages.map((m) => m.event),
          messages.map((m) => ({ messageId: m.id, receiveCount: m.receives })),
        );
        return [...new Set(failed ?? [])].filter((i) => i >= 0 && i < messages.length);
      },
    };
  }
  const handler = rule.handler;
  return {
    ...LAMBDA_ACTION,
    deliver: async ([message]) => {
      await handler?.(message!.event);
      return [];
    },
  };
}

export interface RuleRouterOptions {
  /** Where the queue and dead-letter journals live. */
  dir: string;
  rules: readonly IotRule[];
  /** The wait before a failed message's next receive (doubled on each further receive). */
  visibilityTimeoutMs: number;
  /** Called when a delivery throws or rejects (the messages come again). */
  onError?: (error: unknown, context: { rule: string; topic: string }) => void;
}

export interface RuleRouter {
  /** Queues what the rules match durably: resolves once stored (then it may be acknowledged). */
  /** `rule`: a Basic Ingest message, for that rule only. */
  accept(topic: string, payload: Buffer, rule?: string): Promise<void>;
  setRules(rules: readonly IotRule[]): void;
  /** Starts delivering (what an earlier run left in the journal first). */
  start(): void;
  stats(): Record<string, IotRuleStats>;
  /** Messages on topics no rule matches, since start (or the last reset). */
  unmatched(): number;
  resetStats(): void;
  deadLetters(rule?: string): DeadLetter[];
  /** Moves the dead letters (of one rule) back to their queues, receive count reset; answers how many. */
  redrive(rule?: string): Promise<number>;
  /** Stops taking messages, delivers what is visible for at most `drainMs`, keeps the rest in the journal. */
  stop(drainMs: number): Promise<void>;
}

export async function openRuleRouter(options: RuleRouterOptions): Promise<RuleRouter> {
  mkdirSync(options.dir, { recursive: true });
  const journal = await Journal.open<QueuedMessage>(join(options.dir, 'queue.jsonl'));
  const dead = await Journal.open<DeadLetter>(join(options.dir, 'dead-letters.jsonl'));
  dead.delete(
    dead
      .entries()
      .filter((d) => d.event.receivedAt < Date.now() - DEAD_LETTER_RETENTION_MS)
      .map((d) => d.id),
  );
  const metrics = new OperatorMetrics();
  let rules = [...options.rules];
  let consumers = new Map(rules.map((r) => [r.name, consumerOf(r)]));
  let unmatched = 0;
  let started = false;
  let stopping = false;
  let closed = false;
  const inFlight = new Set<Promise<void>>();

  const stats = new Map<string, IotRuleStats>();
  const statsOf = (name: string) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { matched: 0, completed: 0, failed: 0, queued: 0, invocations: 0, retried: 0 }));
    return s;
  };
  interface RuleQueue {
    visible: QueuedMessage[];
    invisible: Map<QueuedMessage, NodeJS.Timeout>;
    running: number;
    timer?: NodeJS.Timeout;
  }
  const queues = new Map<string, RuleQueue>();
  const queueOf = (name: string) => {
    let q = queues.get(name);
    if (!q) queues.set(name, (q = { visible: [], invisible: new Map(), running: 0 }));
    return q;
  };
  const countQueued = (name: string) => {
    const q = queueOf(name);
    statsOf(name).queued = q.visible.length + q.invisible.size;
  };
  const reportError = (error: unknown, context: { rule: string; topic: string }) => {
    try {
      options.onError?.(error, context);
    } catch {
      /* a failing error reporter must not stop delivery */
    }
  };

  function enqueue(messages: readonly QueuedMessage[]): void {
    for (const m of messages) queueOf(m.rule).visible.push(m);
    for (const name of new Set(messages.map((m) => m.rule))) {
      countQueued(name);
      pump(name);
    }
  }

  function pump(name: string): void {
    const consumer = consumers.get(name);
    const q = queueOf(name);
    if (!consumer || !started || closed) return;
    const window = stopping ? 0 : consumer.maxWaitMs;
    while (q.visible.length >= (window ? consumer.maxSize : 1) && q.running < consumer.maxConcurrency) flush(name, consumer);
    if (q.visible.length > 0 && !q.timer && q.running < consumer.maxConcurrency) {
      q.timer = setTimeout(() => {
        q.timer = undefined;
        flush(name, consumer);
      }, window);
    }
  }

  function flush(name: string, consumer: Consumer): void {
    const q = queueOf(name);
    const s = statsOf(name);
    if (q.timer) {
      clearTimeout(q.timer);
      q.timer = undefined;
    }
    if (q.visible.length === 0 || q.running >= consumer.maxConcurrency) return;
    const taken = q.visible.splice(0, consumer.maxSize);
    for (const m of taken) m.receives++;
    countQueued(name);
    q.running++;
    s.invocations++;
    const run = Promise.resolve()
      .then(() => consumer.deliver(taken))
      .catch((error: unknown) => {
        reportError(error, { rule: name, topic: taken[0]?.event.topic ?? '' });
        logger.warn('rule delivery failed; its messages come again after the visibility timeout', { rule: name, messages: taken.length, error });
        return taken.map((_, i) => i);
      })
      .then((failed) => settle(name, consumer, taken, new Set(failed)))
      .finally(() => {
        q.running--;
        pump(name);
      });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  function settle(name: string, consumer: Consumer, taken: QueuedMessage[], failed: ReadonlySet<number>): void {
    const s = statsOf(name);
    const done = taken.filter((_, i) => !failed.has(i));
    const retry = taken.filter((m, i) => failed.has(i) && m.receives < consumer.maxReceiveCount);
    const give = taken.filter((m, i) => failed.has(i) && m.receives >= consumer.maxReceiveCount);
    s.completed += done.length;
    s.retried += retry.length + give.length;
    if (closed) return;
    journal.delete(done.map((m) => m.id));
    const q = queueOf(name);
    for (const m of retry) {
      journal.set(m.id, { receives: m.receives });
      const timer = setTimeout(
        () => {
          q.invisible.delete(m);
          q.visible.push(m);
          countQueued(name);
          pump(name);
        },
        options.visibilityTimeoutMs * 2 ** (m.receives - 1),
      );
      q.invisible.set(m, timer);
    }
    countQueued(name);
    if (give.length) {
      const moving = deadLetter(name, give);
      inFlight.add(moving);
      void moving.finally(() => inFlight.delete(moving));
    }
  }

  async function deadLetter(name: string, messages: QueuedMessage[]): Promise<void> {
    const reason = `not delivered after ${messages[0]!.receives} receives`;
    const deadAt = Date.now();
    await dead.put(messages.map((m) => ({ ...m, deadAt, reason })));
    journal.delete(messages.map((m) => m.id));
    statsOf(name).failed += messages.length;
    const ids = messages.map((m) => m.id);
    const messageIds = messages.map((m) => m.event.messageId).filter((id) => id !== undefined);
    logger.error('device messages moved to the dead-letter queue (npm run dlq -- list)', { rule: name, count: messages.length, ids, messageIds, reason });
    metrics.countBy(METRIC.deadLetteredMessages, { rule: name }, messages.length, { ids, messageIds });
  }

  // What an earlier run left waits in the queues (delivery starts with start()).
  const recovered = journal.size;
  enqueue(journal.entries());

  const deadLetters = (rule?: string) =>
    dead
      .entries()
      .filter((d) => !rule || d.rule === rule)
      .sort((a, b) => a.deadAt - b.deadAt);

  return {
    async accept(topic, payload, only) {
      const matching = rules.filter((rule) => (only === undefined || rule.name === only) && topicMatches(rule.topicFilter, topic));
      if (matching.length === 0) {
        unmatched++;
        logger.debug('device message on a topic no IoT rule matches', { topic });
        metrics.countBy(METRIC.unmatchedDeviceMessages, {}, 1, { topic });
        return;
      }
      if (stopping) throw new Error('the rule router is stopping');
      const event = ruleEvent(topic, payload);
      const messages = matching.map((rule) => ({ id: randomUUID(), rule: rule.name, event, receives: 0 }));
      for (const rule of matching) statsOf(rule.name).matched++;
      // Delivered as soon as appended, while the group's fdatasync runs (the acknowledgement still waits for it): the
      // rule's function does not wait for the disk, as in AWS the rules engine does not wait for the PUBACK. A message
      // whose write fails is refused to the publisher, which sends it again; handling it twice changes nothing
      // (ingestion is idempotent by messageId, an acknowledgement moves a command only forward).
      const stored = journal.put(messages);
      enqueue(messages);
      await stored;
    },
    setRules(next) {
      rules = [...next];
      consumers = new Map(rules.map((r) => [r.name, consumerOf(r)]));
      for (const name of consumers.keys()) pump(name);
    },
    start() {
      if (started) return;
      started = true;
      if (recovered) logger.info('delivering device messages queued before the last stop', { messages: recovered });
      for (const name of queues.keys()) pump(name);
    },
    stats() {
      return Object.fromEntries([...stats].map(([name, s]) => [name, { ...s }]));
    },
    unmatched: () => unmatched,
    resetStats() {
      stats.clear();
      unmatched = 0;
      for (const name of queues.keys()) countQueued(name);
    },
    deadLetters,
    async redrive(rule) {
      const letters = deadLetters(rule);
      const messages = letters.map(({ id, rule: name, event }) => ({ id, rule: name, event, receives: 0 }));
      await journal.put(messages);
      dead.delete(messages.map((m) => m.id));
      await dead.flush();
      enqueue(messages);
      logger.info('dead letters moved back to their queues', { rule: rule ?? 'all', count: messages.length });
      return messages.length;
    },
    async stop(drainMs) {
      if (stopping) return;
      stopping = true;
      const deadline = Date.now() + drainMs;
      for (const name of queues.keys()) pump(name);
      const busy = () => inFlight.size > 0 || [...queues].some(([name, q]) => q.visible.length > 0 && consumers.has(name));
      while (busy() && Date.now() < deadline) await Promise.race([...inFlight, new Promise((r) => setTimeout(r, 10))]);
      closed = true;
      for (const q of queues.values()) {
        if (q.timer) clearTimeout(q.timer);
        for (const timer of q.invisible.values()) clearTimeout(timer);
      }
      if (busy()) logger.warn('stopped with device messages undelivered; the next start delivers them', { messages: journal.size });
      await Promise.all([journal.close(), dead.close()]);
    },
  };
}
