import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { annotateTrace, daemonAddress, parseTraceHeader } from '../../functions/runtime/trace-annotation';

const ROOT = '1-67891233-abcdef012345678912345678';
const PARENT = '53995c3f42cd8ad8';

/** A stand-in X-Ray daemon: the datagrams it receives within `ms`. */
async function daemon(ms: number, send: (address: string) => void): Promise<string[]> {
  const server = createSocket('udp4');
  const received: string[] = [];
  server.on('message', (m) => received.push(m.toString()));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  send(`127.0.0.1:${(server.address() as AddressInfo).port}`);
  await new Promise((r) => setTimeout(r, ms));
  server.close();
  return received;
}

describe('X-Ray annotations without the SDK (functions/runtime/trace-annotation.ts)', () => {
  it('sends the daemon one subsegment of the function segment, carrying the annotations, in a sampled trace', async () => {
    const [datagram, ...more] = await daemon(300, (address) =>
      annotateTrace(
        'correlation',
        { correlation_id: 'abc-123' },
        { _X_AMZN_TRACE_ID: `Root=${ROOT};Parent=${PARENT};Sampled=1`, AWS_XRAY_DAEMON_ADDRESS: address },
      ),
    );
    expect(more).toEqual([]);
    const [header, body] = datagram!.split('\n');
    expect(JSON.parse(header!)).toEqual({ format: 'json', version: 1 });
    const subsegment = JSON.parse(body!) as Record<string, unknown>;
    expect(subsegment).toMatchObject({
      name: 'correlation',
      trace_id: ROOT,
      parent_id: PARENT,
      type: 'subsegment',
      annotations: { correlation_id: 'abc-123' },
    });
    expect(subsegment.id).toMatch(/^[0-9a-f]{16}$/);
    expect(subsegment.end_time).toBeGreaterThanOrEqual(subsegment.start_time as number);
  });

  it('sends nothing outside Lambda, without a daemon, or in a trace that is not sampled', async () => {
    const received = await daemon(300, (address) => {
      annotateTrace('correlation', { correlation_id: 'a' }, { AWS_XRAY_DAEMON_ADDRESS: address });
      annotateTrace('correlation', { correlation_id: 'b' }, { _X_AMZN_TRACE_ID: `Root=${ROOT};Parent=${PARENT};Sampled=0`, AWS_XRAY_DAEMON_ADDRESS: address });
      annotateTrace('correlation', { correlation_id: 'c' }, { _X_AMZN_TRACE_ID: `Root=${ROOT};Parent=${PARENT};Sampled=1` });
    });
    expect(received).toEqual([]);
  });

  it('reads the trace header and the daemon address in their Lambda forms', () => {
    expect(parseTraceHeader(`Root=${ROOT};Parent=${PARENT};Sampled=1;Lineage=a:1`)).toEqual({ root: ROOT, parent: PARENT, sampled: true });
    expect(parseTraceHeader(`Root=${ROOT}`)).toBeUndefined();
    expect(daemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(daemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
    expect(daemonAddress(undefined)).toBeUndefined();
  });
});
