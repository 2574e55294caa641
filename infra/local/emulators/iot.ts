/**
 * Local IoT Core: an aedes MQTT 3.1.1 broker, an HTTP publish endpoint shaped like the IoT data plane
 * (`POST /topics/{topic}?qos=1`, raw payload) and a rule router (rule-router.ts) that invokes handlers with
 * the event an AWS IoT rule `SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '<filter>'` gives a
 * Lambda. A publish is acknowledged only once the rules' queues stored it, and the ports open only once
 * the rules are installed. Basic Ingest (`$aws/rules/<rule>/<topic>`, schemas/device-topics.ts) goes to that rule
 * only, which sees `<topic>`; a machine (client id = serial) may publish on its own topics only, in either form.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes, type AuthorizeSubscribeHandler } from 'aedes';
import { BASIC_INGEST_PREFIX, parseBasicIngest } from '#schemas/device-topics';
import { openRuleRouter, type DeadLetter, type IotRule, type IotRuleStats } from './rule-router';

export { ruleEvent, topicMatches, type DeadLetter, type IotRule, type IotRuleEvent, type IotRuleStats } from './rule-router';

export interface StartIotOptions {
  mqttPort?: number;
  httpPort?: number;
  /** The rules, installed before the ports open. */
  rules?: IotRule[];
  /** Where the rule queues are journaled (the stack's data dir); absent = a throw-away folder removed on stop. */
  dataDir?: string;
  /** Wait before a failed message is received again, doubled per receive (env IOT_VISIBILITY_TIMEOUT_MS, default 3 s). */
  visibilityTimeoutMs?: number;
  /** How long stop keeps delivering what is queued (env IOT_STOP_DRAIN_MS, default 5 s); the rest stays journaled. */
  stopDrainMs?: number;
  /** Called when a rule handler throws or rejects (its messages come again); errors never reach the broker. */
  onError?: (error: unknown, context: { rule: string; topic: string }) => void;
}

export interface LocalIot {
  mqttUrl: string;
  publishEndpoint: string;
  setRules(rules: IotRule[]): void;
  /** Counters per rule name since start (or the last reset). */
  stats(): Record<string, IotRuleStats>;
  /** Messages on topics no rule matches since start (or the last reset). */
  unmatched(): number;
  resetStats(): void;
  /** The dead-letter queues (of one rule). */
  deadLetters(rule?: string): DeadLetter[];
  /** Moves dead letters (of one rule) back to their queues; answers how many. */
  redrive(rule?: string): Promise<number>;
  stop(): Promise<void>;
}

/** A client id that is a machine's serial (the simulator's devices; listeners and the console use other ids). */
const isSerial = (id: string | undefined): id is string => !!id && /^[A-Z]{2,6}-\d{8}$/.test(id);

/** Device → cloud limit of IoT Core: a bigger publish is refused (HTTP 413; over MQTT the connection closes). */
export const MAX_PUBLISH_BYTES = 128 * 1024;

const envMs = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

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
  const ephemeral = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vfc-iot-'));
  const router = await openRuleRouter({
    dir: dataDir,
    rules: options.rules ?? [],
    visibilityTimeoutMs: options.visibilityTimeoutMs ?? envMs('IOT_VISIBILITY_TIMEOUT_MS', 3_000),
    onError: options.onError,
  });
  // A publish is acknowledged (PUBACK) only after this callback: once the rules' queues stored it.
  const authorizePublish = (client: { id?: string } | null, packet: { topic: string; payload: Buffer | string }, callback: (error?: Error | null) => void) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const basic = parseBasicIngest(packet.topic);
    if (packet.topic.startsWith('$') && !basic) return callback(new Error(`${packet.topic}: reserved topic`));
    // Like the IoT policy: a machine (client id = its serial) publishes on its own topics only, in either form.
    const serial = /^vend\/([^/]+)\//.exec(basic?.topic ?? packet.topic)?.[1];
    if (isSerial(client?.id) && serial !== client.id) return callback(new Error(`${client.id} may not publish on ${packet.topic}`));
    // IoT Core closes the connection of a client publishing more than its limit.
    if (payload.length > MAX_PUBLISH_BYTES) return callback(new Error(`payload of ${payload.length} bytes over the ${MAX_PUBLISH_BYTES} limit`));
    (basic ? router.accept(basic.topic, payload, basic.rule) : router.accept(packet.topic, payload)).then(() => callback(null), callback);
  };
  // Basic Ingest topics go to their rule only: nobody may subscribe to them (IoT Core refuses it too).
  const authorizeSubscribe: AuthorizeSubscribeHandler = (_client, sub, callback) =>
    callback(null, sub.topic.startsWith(BASIC_INGEST_PREFIX) || sub.topic === '$aws/rules' ? null : sub);
  const broker = await Aedes.createBroker({ authorizePublish, authorizeSubscribe });

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

  /** `/__local/…`: the rule statistics and the dead-letter queues, for `npm run dlq` and tests of a stack in another process. */
  const local = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const rule = url.searchParams.get('rule') ?? undefined;
    if (req.method === 'GET' && url.pathname === '/__local/stats') return reply(res, 200, { rules: router.stats(), unmatched: router.unmatched() });
    if (req.method === 'GET' && url.pathname === '/__local/dead-letters') return reply(res, 200, { deadLetters: router.deadLetters(rule) });
    if (req.method === 'POST' && url.pathname === '/__local/dead-letters/redrive') {
      return void router.redrive(rule).then(
        (redriven) => reply(res, 200, { redriven }),
        (err: unknown) => reply(res, 500, { message: String((err as Error)?.message ?? err) }),
      );
    }
    reply(res, 404, { message: 'Not Found' });
  };

  const httpServer = createHttpServer({ keepAlive: true, noDelay: true }, (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/__local/')) {
      req.resume();
      return local(req, res, url);
    }
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
      const payload = Buffer.concat(chunks);
      // Like the broker's PUBACK: 200 only once the rules' queues stored it.
      router
        .accept(topic, payload)
        .then(() => publish(topic, payload, qos, retain))
        .then(
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

  const closeAll = async () => {
    const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    for (const socket of httpSockets) socket.destroy();
    if (httpServer.listening) await httpClosed;
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const mqttClosed = new Promise<void>((resolve) => mqttServer.close(() => resolve()));
    for (const socket of mqttSockets) socket.destroy();
    if (mqttServer.listening) await mqttClosed;
    await router.stop(options.stopDrainMs ?? envMs('IOT_STOP_DRAIN_MS', 5_000));
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  };

  let mqttPort: number;
  let httpPort: number;
  try {
    mqttPort = await listen(mqttServer, options.mqttPort ?? 0);
    httpPort = await listen(httpServer, options.httpPort ?? 0);
  } catch (err) {
    await closeAll();
    throw err;
  }
  // After the caller's continuation (it sets the functions' environment): then what an earlier run left goes out.
  setImmediate(() => router.start());

  let stopped: Promise<void> | undefined;
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    publishEndpoint: `http://127.0.0.1:${httpPort}`,
    setRules: (next) => router.setRules(next),
    stats: () => router.stats(),
    unmatched: () => router.unmatched(),
    resetStats: () => router.resetStats(),
    deadLetters: (rule) => router.deadLetters(rule),
    redrive: (rule) => router.redrive(rule),
    stop() {
      stopped ??= closeAll();
      return stopped;
    },
  };
}
