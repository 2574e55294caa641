import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { RepositoryProbe } from '../../core/storage-config/ports';

const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The region of an AWS S3 URL (`…s3.<region>.amazonaws.com`), else the function's. */
const regionOf = (host: string, fallback: string) => /(?:^|\.)s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(host)?.[1] ?? fallback;

/**
 * Signs in to an S3-compatible bucket URL with the storage config's username and password as access key and secret
 * (SigV4), listing at most one key: only the status is read, never the body. Locally the S3 emulator refuses an
 * unknown access key (403). `httpsOnly` (AWS stages): a function does not call plain-http URLs a user typed.
 */
export function repositoryProbe(opts: { region: string; httpsOnly: boolean; timeoutMs?: number }): RepositoryProbe {
  return {
    async check(storageUrl, { username, password }) {
      const url = new URL(storageUrl);
      if (opts.httpsOnly && url.protocol !== 'https:') return 'unreachable';
      const signer = new SignatureV4({
        service: 's3',
        region: regionOf(url.hostname, opts.region),
        credentials: { accessKeyId: username, secretAccessKey: password },
        sha256: Sha256,
        uriEscapePath: false,
      });
      const host = url.port ? `${url.hostname}:${url.port}` : url.hostname;
      const query = { 'list-type': '2', 'max-keys': '1' };
      const signed = (await signer.sign(
        new HttpRequest({
          method: 'GET',
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          path: url.pathname || '/',
          query,
          headers: { host, 'x-amz-content-sha256': EMPTY_BODY_SHA256 },
        }),
      )) as HttpRequest;
      const { host: _host, ...headers } = signed.headers;
      try {
        const response = await fetch(`${url.protocol}//${host}${url.pathname || '/'}?${new URLSearchParams(query)}`, {
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        await response.body?.cancel();
        if (response.ok) return 'ok';
        return response.status === 401 || response.status === 403 ? 'refused' : 'unreachable';
      } catch {
        return 'unreachable';
      }
    },
  };
}
