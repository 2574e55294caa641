/**
 * The AWS SecretBox: KMS Encrypt and Decrypt under the stage's key, as SigV4-signed `fetch` requests (JSON 1.1
 * protocol, as adapters/cognito/signed-client.ts does for Cognito: no KMS client in the bundle). The encryption
 * context binds a sealed value to what it belongs to. Credentials are read from the environment at each signature.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SecretBox } from '../../core/storage-config/ports';

const PREFIX = 'kms:';

export function kmsSecretBox(opts: { region: string; keyId: string }): SecretBox {
  const signer = new SignatureV4({ service: 'kms', region: opts.region, credentials: fromEnv(), sha256: Sha256 });
  const hostname = `kms.${opts.region}.amazonaws.com`;

  async function call<T>(operation: 'Encrypt' | 'Decrypt', input: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify(input);
    const request = new HttpRequest({
      method: 'POST',
      protocol: 'https:',
      hostname,
      path: '/',
      headers: { host: hostname, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `TrentService.${operation}` },
      body,
    });
    const signed = (await signer.sign(request)) as HttpRequest;
    const { host: _host, ...headers } = signed.headers;
    const response = await fetch(`https://${hostname}/`, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // Never the input in the error: it holds the secret.
    if (!response.ok) throw new Error(`KMS ${operation} failed: ${response.status} ${String(answer.__type ?? '')}`);
    return answer as T;
  }

  return {
    async seal(plaintext, context) {
      const { CiphertextBlob } = await call<{ CiphertextBlob: string }>('Encrypt', {
        KeyId: opts.keyId,
        Plaintext: Buffer.from(plaintext, 'utf8').toString('base64'),
        EncryptionContext: context,
      });
      return `${PREFIX}${CiphertextBlob}`;
    },
    async open(sealed, context) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a KMS sealed value');
      const { Plaintext } = await call<{ Plaintext: string }>('Decrypt', {
        KeyId: opts.keyId,
        CiphertextBlob: sealed.slice(PREFIX.length),
        EncryptionContext: context,
      });
      return Buffer.from(Plaintext, 'base64').toString('utf8');
    },
  };
}
