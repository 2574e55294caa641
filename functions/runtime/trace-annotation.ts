/**
 * Annotations of the invocation's X-Ray trace, without the X-Ray SDK (it would weigh more than most bundles). With
 * active tracing Lambda starts the function's segment and gives its trace header in _X_AMZN_TRACE_ID
 * (`Root=…;Parent=<the function segment>;Sampled=1`; several invocations at once: the runtime's invocation store); a subsegment of that segment carrying the annotations is one
 * UDP datagram to the X-Ray daemon (AWS_XRAY_DAEMON_ADDRESS), and the trace can then be found by them (the console's
 * filter `annotation.correlation_id = "…"`). Outside Lambda, or in a trace that is not sampled, nothing is sent.
 */
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

export interface TraceHeader {
  root: string;
  parent: string;
  sampled: boolean;
}

/** `Root=1-…;Parent=…;Sampled=1` → its parts; undefined without a root and a parent. */
export function parseTraceHeader(header: string | undefined): TraceHeader | undefined {
  if (!header) return undefined;
  const parts = new Map(header.split(';').map((p) => p.split('=', 2) as [string, string | undefined]));
  const root = parts.get('Root');
  const parent = parts.get('Parent');
  return root && parent ? { root, parent, sampled: parts.get('Sampled') === '1' } : undefined;
}

/** The daemon's UDP address: `host:port`, or the `udp:host:port` part of `tcp:… udp:…`. */
export function daemonAddress(value: string | undefined): { host: string; port: number } | undefined {
  const udp = value?.split(/\s+/).find((p) => !p.startsWith('tcp:'));
  const m = udp && /^(?:udp:)?([^:]+):(\d+)$/.exec(udp);
  return m ? { host: m[1]!, port: Number(m[2]) } : undefined;
}

/** The invocation's trace header: the runtime's invocation store first (several invocations at once), else the environment. */
function currentTraceHeader(env: NodeJS.ProcessEnv): string | undefined {
  const runtime = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId(): string | undefined } } }).awslambda;
  return runtime?.InvokeStore?.getXRayTraceId() ?? env._X_AMZN_TRACE_ID;
}

let socket: Socket | undefined;

/** Sends one subsegment named `name`, with `annotations`, under the invocation's function segment. */
export function annotateTrace(name: string, annotations: Record<string, string>, env: NodeJS.ProcessEnv = process.env): void {
  const trace = parseTraceHeader(currentTraceHeader(env));
  const daemon = daemonAddress(env.AWS_XRAY_DAEMON_ADDRESS);
  if (!trace?.sampled || !daemon) return;
  const now = Date.now() / 1000;
  const subsegment = {
    name,
    id: randomBytes(8).toString('hex'),
    trace_id: trace.root,
    parent_id: trace.parent,
    type: 'subsegment',
    start_time: now,
    end_time: now,
    annotations,
  };
  if (!socket) {
    socket = createSocket('udp4');
    socket.unref();
    // A trace that does not reach the daemon is lost; the invocation goes on.
    socket.on('error', () => undefined);
  }
  socket.send(`{"format":"json","version":1}\n${JSON.stringify(subsegment)}`, daemon.port, daemon.host, () => undefined);
}
