/**
 * S3 object requests signed with SigV4 by @smithy/signature-v4, without the S3 client (≈ 100 KB of bundle):
 * presigned links and the few calls (HEAD, ranged GET, DELETE) that functions which never upload in parts make
 * as plain `fetch` requests. The client-s3 modules (client.ts, files.ts) stay for multipart uploads.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { buildQueryString, escapeUri, HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { S3Location } from './location';

export type ObjectOperation = 'GetObject' | 'HeadObject' | 'PutObject' | 'DeleteObject' | 'CopyObject';

const METHOD: Readonly<Record<ObjectOperation, string>> = { GetObject: 'GET', HeadObject: 'HEAD', PutObject: 'PUT', DeleteObject: 'DELETE', CopyObject: 'PUT' };
/** What a read-only bucket grant allows (as client.ts's READ_COMMANDS). */
const READ_OPERATIONS: ReadonlySet<ObjectOperation> = new Set(['GetObject', 'HeadObject']);
/**
 * Header-signed requests here have no body: S3 wants its hash (SHA-256 of nothing) in X-Amz-Content-Sha256.
 * Presigned links carry UNSIGNED-PAYLOAD there, hoisted to the query under that name, as the SDK's do.
 */
const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** Attempts of a sent request on a network error or a 5xx (the S3 client's maxAttempts). */
const MAX_ATTEMPTS = 3;
/** A bucket name the SDK addresses virtual-hosted over https: one DNS label (no dots, no capitals). */
const VIRTUAL_HOSTABLE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface ObjectRequest {
  operation: ObjectOperation;
  key: string;
  /** Query parameters beyond the signature's (e.g. response-content-disposition). */
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface S3Signer {
  /** A presigned URL, as @aws-sdk/s3-request-presigner's getSignedUrl makes it; `signedHeaders` bind those headers too. */
  presign(request: ObjectRequest & { expiresIn: number; signedHeaders?: string[]; signingDate?: Date }): Promise<string>;
  /** Sends the request (no body) signed in its headers; the answer as fetch gives it, whatever its status. */
  send(request: ObjectRequest): Promise<Response>;
}

export class S3AccessRefused extends Error {
  override name = 'S3AccessRefused';
}

export class S3RequestFailed extends Error {
  override name = 'S3RequestFailed';
}

/** A refused request as an error naming the operation, the key, the status and S3's error code (never credentials). */
export async function s3Failure(operation: ObjectOperation, key: string, response: Response): Promise<S3RequestFailed> {
  const code = /<Code>([^<]*)<\/Code>/.exec(await response.text().catch(() => ''))?.[1];
  return new S3RequestFailed(`${operation} ${key} failed: ${response.status}${code ? ` ${code}` : ''}`);
}

/**
 * Addressing as client.ts's S3 client decides it: a local endpoint path style; in AWS virtual-hosted
 * (`<bucket>.s3.<region>.amazonaws.com`), or path style for a name that is no DNS label, as the SDK's rules do.
 * The key is escaped per segment (RFC 3986, `/` kept) and signed as it is (S3 does not escape it twice).
 */
function address(bucket: string, key: string, { region, endpoint }: S3Location) {
  const path = `/${key.split('/').map(escapeUri).join('/')}`;
  if (endpoint) {
    const url = new URL(endpoint);
    return {
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname.replace(/\/$/, '')}/${bucket}${path}`,
    };
  }
  const domain = `s3.${region}.${region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`;
  return VIRTUAL_HOSTABLE.test(bucket)
    ? { protocol: 'https:', hostname: `${bucket}.${domain}`, port: undefined, path }
    : { protocol: 'https:', hostname: domain, port: undefined, path: `/${bucket}${path}` };
}

const urlOf = (r: HttpRequest) =>
  `${r.protocol}//${r.hostname}${r.port ? `:${r.port}` : ''}${r.path}${Object.keys(r.query).length ? `?${buildQueryString(r.query)}` : ''}`;

/**
 * The signer of `bucket`'s objects. Credentials are read from the environment at each signature (unless given):
 * in Lambda that is the role's temporary credentials, so a rotation is picked up by the next link or call.
 * `readOnly` refuses PutObject and DeleteObject before signing, as IAM would refuse them in AWS.
 */
export function s3Signer(bucket: string, opts: { location: S3Location; readOnly?: boolean; credentials?: Credentials }): S3Signer {
  if (!bucket) throw new Error('an S3 signer needs a bucket name (is the bucket variable set?)');
  const signer = new SignatureV4({
    service: 's3',
    region: opts.location.region,
    credentials: opts.credentials ?? fromEnv(),
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

  const request = ({ operation, key, query, headers }: ObjectRequest, payloadHash: string) => {
    if (opts.readOnly && !READ_OPERATIONS.has(operation)) throw new S3AccessRefused(`${operation} refused: this function may only read the bucket`);
    const { protocol, hostname, port, path } = address(bucket, key, opts.location);
    return new HttpRequest({
      method: METHOD[operation],
      protocol,
      hostname,
      port,
      path,
      // The operation name the SDK adds to every object request but HeadObject (S3 ignores it).
      query: { ...query, ...(operation === 'HeadObject' ? {} : { 'x-id': operation }) },
      headers: { ...headers, host: port ? `${hostname}:${port}` : hostname, 'X-Amz-Content-Sha256': payloadHash },
    });
  };

  return {
    async presign({ expiresIn, signedHeaders, signingDate, ...object }) {
      const signed = await signer.presign(request(object, 'UNSIGNED-PAYLOAD'), {
        expiresIn,
        signingDate,
        ...(signedHeaders ? { signableHeaders: new Set(signedHeaders) } : {}),
      });
      return urlOf(signed as HttpRequest);
    },

    async send(object) {
      const unsigned = request(object, EMPTY_BODY_SHA256);
      for (let attempt = 1; ; attempt++) {
        const signed = (await signer.sign(unsigned)) as HttpRequest;
        // fetch sets Host itself, from the URL: the same value as signed.
        const { host: _host, ...headers } = signed.headers;
        try {
          const response = await fetch(urlOf(signed), { method: signed.method, headers });
          if (response.status < 500 || attempt === MAX_ATTEMPTS) return response;
          await response.body?.cancel();
        } catch (error) {
          if (attempt === MAX_ATTEMPTS) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt * Math.random()));
      }
    },
  };
}
