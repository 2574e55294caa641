/**
 * Local IoT Core: an aedes MQTT 3.1.1 broker, an HTTP publish endpoint shaped like the IoT data plane
 * (`POST /topics/{topic}?qos=1`, raw payload) and a rule router that invokes handlers with the event an
 * AWS IoT rule `SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '<filter>'` gives a Lambda.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';

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
   * time (the rest waits in the rule's queue). The handler answers the positions to deliver again
   * (partial batch response); they are retried up to `maxAttempts` times, then reported via onError.
   */
  batch?: {
    handler: (events: IotRuleEvent[]) => Promise<number[] | void>;
    maxSize: number;
    maxWaitMs: number;
    maxConcurrency: number;
    maxAttempts?: number;
  };
}

/** Per rule: events matched, and events whose invocation finished (ok), failed for good, or wait. */
export interface IotRuleStats {
  matched: number;
  completed: number;
  failed: number;
  queued: number;
  invocations: number;
}

export interface StartIotOptions {
  mqttPort?: number;
  httpPort?: number;
  rules?: IotRule[];
  /** Called when a rule handler throws or rejects; errors never reach the broker. */
  onError?: (error: unknown, context: { rule: string; topic: string }) => void;
}

export interface LocalIot {
  mqttUrl: string;
  publishEndpoint: string;
  setRules(rules: IotRule[]): void;
  /** Counters per rule name since start (or the last reset). */
  stats(): Record<string, IotRuleStats>;
  resetStats(): void;
  stop(): Promise<void>;
}

/** Device → cloud limit of IoT Core. */
export const MAX_PUBLISH_BYTES = 128 * 1024;

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

function listen(server: Server | ReturnType<typeof createHttpServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startIot(options: StartIotOptions = {}): Promise<LocalIot> {
  let rules: IotRule[] = [...(options.rules ?? [])];
  const inFlight = new Set<Promise<void>>();
  const broker = await Aedes.createBroker();
  const stats = new Map<string, IotRuleStats>();
  const statsOf = (name: string) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { matched: 0, completed: 0, failed: 0, queued: 0, invocations: 0 }));
    return s;
  };
  const reportError = (error: unknown, context: { rule: string; topic: string }) => {
    try {
      options.onError?.(error, context);
    } catch {
      /* a failing error reporter must not crash the broker either */
    }
  };
  const track = (run: Promise<void>) => {
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  /** The queue of one batched rule (by rule name, so setRules keeps what waits). */
  interface Queued {
    event: IotRuleEvent;
    attempts: number;
  }
  const queues = new Map<string, { items: Queued[]; running: number; timer?: NodeJS.Timeout }>();
  const queueOf = (name: string) => {
    let q = queues.get(name);
    if (!q) queues.set(name, (q = { items: [], running: 0 }));
    return q;
  };
  function pump(rule: IotRule): void {
    const batch = rule.batch!;
    const q = queueOf(rule.name);
    while (q.items.length >= batch.maxSize && q.running < batch.maxConcurrency) flush(rule);
    if (q.items.length > 0 && !q.timer && q.running < batch.maxConcurrency) {
      q.timer = setTimeout(() => {
        q.timer = undefined;
        flush(rule);
      }, batch.maxWaitMs);
    }
  }
  function flush(rule: IotRule): void {
    const batch = rule.batch!;
    const q = queueOf(rule.name);
    const s = statsOf(rule.name);
    if (q.timer) {
      clearTimeout(q.timer);
      q.timer = undefined;
    }
    if (q.items.length === 0 || q.running >= batch.maxConcurrency) return;
    const taken = q.items.splice(0, batch.maxSize);
    s.queued = q.items.length;
    q.running++;
    s.invocations++;
    const run = Promise.resolve()
      .then(() => batch.handler(taken.map((t) => t.event)))
      .then(
        (failedIndexes) => [...new Set(failedIndexes ?? [])].filter((i) => i >= 0 && i < taken.length),
        (error: unknown) => {
          reportError(error, { rule: rule.name, topic: taken[0]?.event.topic ?? '' });
          return taken.map((_, i) => i);
        },
      )
      .then((failed) => {
        const retry = new Set(failed);
        taken.forEach((t, i) => {
          if (!retry.has(i)) return void s.completed++;
          if (t.attempts + 1 >= (batch.maxAttempts ?? 3)) {
            s.failed++;
            reportError(new Error(`gave up after ${t.attempts + 1} attempts`), { rule: rule.name, topic: t.event.topic });
          } else q.items.push({ event: t.event, attempts: t.attempts + 1 });
        });
      })
      .finally(() => {
        q.running--;
        s.queued = q.items.length;
        const current = rules.find((r) => r.name === rule.name && r.batch) ?? rule;
        if (q.items.length > 0) pump(current);
      });
    track(run);
  }

  broker.on('publish', (packet) => {
    const topic = packet.topic;
    if (topic.startsWith('$SYS')) return;
    const matching = rules.filter((rule) => topicMatches(rule.topicFilter, topic));
    if (matching.length === 0) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const receivedAt = Date.now();
    for (const rule of matching) {
      const s = statsOf(rule.name);
      s.matched++;
      if (rule.batch) {
        const q = queueOf(rule.name);
        q.items.push({ event: ruleEvent(topic, payload, receivedAt), attempts: 0 });
        s.queued = q.items.length;
        pump(rule);
        continue;
      }
      const handler = rule.handler;
      if (!handler) continue;
      // Each invocation runs on its own, after the current tick: it never holds up delivery to subscribers.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => handler(ruleEvent(topic, payload, receivedAt)))
        .then(
          () => void s.completed++,
          (error: unknown) => {
            s.failed++;
            reportError(error, { rule: rule.name, topic });
          },
        );
      track(run);
    }
  });

  const mqttSockets = new Set<Socket>();
  const mqttServer = createTcpServer({ noDelay: true }, (socket) => {
    socket.setNoDelay(true);
    mqttSockets.add(socket);
    socket.on('close', () => mqttSockets.delete(socket));
    broker.handle(socket);
  });

  const publish = (topic: string, payload: Buffer, qos: 0 | 1, retain: boolean) =>
    new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload, qos, retain, dup: false }, (err?: Error) => (err ? reject(err) : resolve())),
    );

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const httpServer = createHttpServer({ keepAlive: true, noDelay: true }, (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/topics\/(.+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) {
      reply(res, 404, { message: 'Not Found' });
      req.resume();
      return;
    }
    let topic: string;
    try {
      topic = decodeURIComponent(match[1]!);
    } catch {
      reply(res, 400, { message: 'Invalid topic' });
      req.resume();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_PUBLISH_BYTES) {
      reply(res, 413, { message: 'Payload too large' });
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PUBLISH_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return reply(res, 413, { message: 'Payload too large' });
      if (topic.startsWith('$') || topic.includes('+') || topic.includes('#')) return reply(res, 400, { message: 'Invalid topic' });
      const qos = url.searchParams.get('qos') === '0' ? 0 : 1;
      const retain = url.searchParams.get('retain') === 'true';
      publish(topic, Buffer.concat(chunks), qos, retain).then(
        () => reply(res, 200, {}),
        (err: unknown) => reply(res, 500, { message: String((err as Error)?.message ?? err) }),
      );
    });
    req.on('error', () => res.destroy());
  });
  const httpSockets = new Set<Socket>();
  httpServer.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    httpSockets.add(socket);
    socket.on('close', () => httpSockets.delete(socket));
  });

  let mqttPort: number;
  let httpPort: number;
  try {
    mqttPort = await listen(mqttServer, options.mqttPort ?? 0);
    httpPort = await listen(httpServer, options.httpPort ?? 0);
  } catch (err) {
    mqttServer.close();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw err;
  }

  let stopped: Promise<void> | undefined;
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    publishEndpoint: `http://127.0.0.1:${httpPort}`,
    setRules(next) {
      rules = [...next];
    },
    stats() {
      return Object.fromEntries([...stats].map(([name, s]) => [name, { ...s }]));
    },
    resetStats() {
      stats.clear();
    },
    stop() {
      stopped ??= (async () => {
        const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        for (const socket of httpSockets) socket.destroy();
        await httpClosed;
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        const mqttClosed = new Promise<void>((resolve) => mqttServer.close(() => resolve()));
        for (const socket of mqttSockets) socket.destroy();
        await mqttClosed;
        for (const q of queues.values()) if (q.timer) clearTimeout(q.timer);
        queues.clear();
        await Promise.allSettled([...inFlight]);
      })();
      return stopped;
    },
  };
}
