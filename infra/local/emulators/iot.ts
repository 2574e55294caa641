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
  handler: (event: IotRuleEvent) => Promise<void>;
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

  broker.on('publish', (packet) => {
    const topic = packet.topic;
    if (topic.startsWith('$SYS')) return;
    const matching = rules.filter((rule) => topicMatches(rule.topicFilter, topic));
    if (matching.length === 0) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const receivedAt = Date.now();
    for (const rule of matching) {
      // Each invocation runs on its own, after the current tick: it never holds up delivery to subscribers.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => rule.handler(ruleEvent(topic, payload, receivedAt)))
        .catch((error: unknown) => {
          try {
            options.onError?.(error, { rule: rule.name, topic });
          } catch {
            /* a failing error reporter must not crash the broker either */
          }
        })
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
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
    stop() {
      stopped ??= (async () => {
        const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        for (const socket of httpSockets) socket.destroy();
        await httpClosed;
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        const mqttClosed = new Promise<void>((resolve) => mqttServer.close(() => resolve()));
        for (const socket of mqttSockets) socket.destroy();
        await mqttClosed;
        await Promise.allSettled([...inFlight]);
      })();
      return stopped;
    },
  };
}
