/**
 * The telemetry trigger publishes media lists without the IoT data-plane client (functions/adapters/iot/signed-publisher.ts):
 * its request must be the one the client signs, header for header, or IoT Core would refuse it (the local broker does
 * not check signatures).
 */
import { IoTDataPlaneClient, PublishCommand, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-iot-data-plane';
import type { FinalizeRequestMiddleware } from '@smithy/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedIotPublisher } from '../../functions/adapters/iot/signed-publisher';

const NOW = new Date('2026-11-28T10:15:42.123Z');
const CREDENTIALS = {
  accessKeyId: 'ASIAEXAMPLEKEY123456',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEAEaCXVz/LWVhc3QtMSJHMEUCIQ+Dx40U4pfrX9Ob9==',
};
const TOPIC = 'vend/CENG-00000001/medias';
const PAYLOAD = JSON.stringify({ type: 'mediaList', payload: { version: 3, entries: [{ mediaId: 'AABBCCDD', status: 1, cloudCredit: 0 }] } });

/** What the client sends for a Publish (signed, SDK bookkeeping headers left out), captured instead of sent. */
async function clientRequest(endpoint: string) {
  const client = new IoTDataPlaneClient({ region: 'eu-west-1', endpoint, credentials: CREDENTIALS });
  let captured: { method: string; hostname: string; port?: number; path: string; query: Record<string, string>; headers: Record<string, string> } | undefined;
  client.middlewareStack.addRelativeTo(
    ((next) => (args) => {
      const headers = (args.request as { headers: Record<string, string> }).headers;
      for (const name of Object.keys(headers)) if (/^(amz-sdk-|x-amz-user-agent$|user-agent$)/.test(name)) delete headers[name];
      return next(args);
    }) satisfies FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes>,
    { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'dropSdkBookkeeping' },
  );
  client.middlewareStack.add(
    () => async (args) => {
      captured = args.request as typeof captured;
      return { response: { statusCode: 200, headers: {} }, output: { $metadata: {} } };
    },
    { step: 'finalizeRequest', priority: 'low', name: 'captureInsteadOfSending' },
  );
  await client.send(new PublishCommand({ topic: TOPIC, qos: 1, payload: new TextEncoder().encode(PAYLOAD) }));
  return captured!;
}

const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('IoT publishes signed without the IoT data-plane client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  for (const endpoint of ['https://a1b2c3d4e5f6g7-ats.iot.eu-west-1.amazonaws.com', 'http://127.0.0.1:8443']) {
    it(`signs a publish as the client does (${endpoint})`, async () => {
      const reference = await clientRequest(endpoint);
      const mine = await new SignedIotPublisher({ region: 'eu-west-1', endpoint, credentials: CREDENTIALS }).signedPublish(TOPIC, PAYLOAD);
      expect({ method: mine.method, hostname: mine.hostname, path: mine.path, query: mine.query }).toEqual({
        method: reference.method,
        hostname: reference.hostname,
        path: reference.path,
        query: reference.query,
      });
      const theirs = lower(reference.headers);
      const ours = lower(mine.headers);
      expect(ours.authorization).toBe(theirs.authorization);
      for (const name of ['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256', 'content-type', 'content-length'])
        expect(ours[name], name).toBe(theirs[name]);
    });
  }

  it('sends it with fetch: the signed headers, the payload, and says when IoT Core refuses it', async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(null, { status: sent.length === 1 ? 200 : 403 });
    });
    const publisher = new SignedIotPublisher({
      region: 'eu-west-1',
      endpoint: 'https://a1b2c3d4e5f6g7-ats.iot.eu-west-1.amazonaws.com',
      credentials: CREDENTIALS,
    });
    await publisher.publish(TOPIC, PAYLOAD);
    expect(sent[0]!.url).toBe('https://a1b2c3d4e5f6g7-ats.iot.eu-west-1.amazonaws.com/topics/vend%2FCENG-00000001%2Fmedias?qos=1');
    expect(sent[0]!.init.body).toBe(PAYLOAD);
    expect(Object.keys(sent[0]!.init.headers as Record<string, string>)).not.toContain('host');
    await expect(publisher.publish(TOPIC, PAYLOAD)).rejects.toThrow(/403/);
    expect(sent).toHaveLength(2);
  });
});
