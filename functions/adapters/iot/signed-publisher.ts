/**
 * IoT data-plane Publish (QoS 1) as a SigV4-signed `fetch` (@smithy/signature-v4, service `iotdata`), without the
 * IoT data-plane client (≈ 16 KB of bundle): the telemetry trigger sends media lists with it and stays within the
 * bundle budget. Signed as the client signs it (test/unit/iot-signed-publisher.test.ts compares them). Credentials are
 * read from the environment at each signature (in Lambda the role's, so a rotation is used at once).
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { buildQueryString, HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { DevicePublisher } from '../../core/medias/ports';
import type { Credentials } from '../s3/signer';

/** Attempts of a publish on a network error or a 5xx (the client's maxAttempts in command-publisher.ts). */
const MAX_ATTEMPTS = 2;

export class SignedIotPublisher implements DevicePublisher {
  private readonly signer: SignatureV4;

  /** `endpoint`: the account's ATS data endpoint (`https://…-ats.iot.<region>.amazonaws.com`) or the local broker's. */
  constructor(private readonly opts: { region: string; endpoint: string | undefined; credentials?: Credentials }) {
    this.signer = new SignatureV4({ service: 'iotdata', region: opts.region, credentials: opts.credentials ?? fromEnv(), sha256: Sha256 });
  }

  /** The signed request of a publish (at `signingDate`, now by default). */
  async signedPublish(topic: string, payload: string, signingDate?: Date): Promise<HttpRequest> {
    if (!this.opts.endpoint) throw new Error('publishing needs the IoT data endpoint (IOT_ENDPOINT or IOT_DATA_ENDPOINT)');
    const url = new URL(this.opts.endpoint);
    const port = url.port ? Number(url.port) : undefined;
    const request = new HttpRequest({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port,
      path: `${url.pathname.replace(/\/$/, '')}/topics/${encodeURIComponent(topic)}`,
      query: { qos: '1' },
      headers: {
        host: port ? `${url.hostname}:${port}` : url.hostname,
        'content-type': 'application/octet-stream',
        'content-length': String(Buffer.byteLength(payload)),
      },
      body: payload,
    });
    return (await this.signer.sign(request, signingDate ? { signingDate } : {})) as HttpRequest;
  }

  async publish(topic: string, payload: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const signed = await this.signedPublish(topic, payload);
      // fetch sets Host and Content-Length itself, from the URL and the body: the same values as signed.
      const { host: _host, 'content-length': _length, ...headers } = signed.headers;
      const url = `${signed.protocol}//${signed.hostname}${signed.port ? `:${signed.port}` : ''}${signed.path}?${buildQueryString(signed.query)}`;
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', headers, body: payload });
      } catch (error) {
        if (attempt === MAX_ATTEMPTS) throw error;
        continue;
      }
      if (response.ok) return;
      await response.body?.cancel();
      if (response.status < 500 || attempt === MAX_ATTEMPTS) throw new Error(`publish to ${topic} failed: ${response.status}`);
    }
  }
}
