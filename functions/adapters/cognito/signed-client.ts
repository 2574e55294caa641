/**
 * The user pool's admin calls as SigV4-signed `fetch` requests (@smithy/signature-v4, service `cognito-idp`, JSON 1.1
 * protocol), without the Cognito client (≈ 34 KB of bundle, half of it the 60 error classes its schema registers on
 * load): the users group stays within the bundle budget. Signed and serialized as the client does it
 * (test/unit/cognito-signed-client.test.ts compares them); failures carry the client's error names. Credentials are
 * read from the environment at each signature (in Lambda the role's, so a rotation is used at once).
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Credentials } from '../s3/signer';

interface AttributeType {
  Name: string;
  Value?: string;
}

/** The calls the users group makes, with the members it sends and reads (the API's names and shapes). */
export interface CognitoOperations {
  AdminCreateUser: {
    input: {
      UserPoolId: string;
      Username: string;
      UserAttributes?: AttributeType[];
      MessageAction?: 'RESEND' | 'SUPPRESS';
      DesiredDeliveryMediums?: Array<'EMAIL' | 'SMS'>;
    };
    output: { User?: { Username?: string; Attributes?: AttributeType[]; UserStatus?: string } };
  };
  AdminGetUser: {
    input: { UserPoolId: string; Username: string };
    output: { Username?: string; UserAttributes?: AttributeType[]; UserStatus?: string };
  };
  AdminUpdateUserAttributes: { input: { UserPoolId: string; Username: string; UserAttributes: AttributeType[] }; output: object };
  AdminDeleteUser: { input: { UserPoolId: string; Username: string }; output: object };
}
export type CognitoOperation = keyof CognitoOperations;

/** A call Cognito answered with an error: `name` is its error type (e.g. UserNotFoundException), as the client names it. */
export class CognitoServiceError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The members this client sends, in the API model's order, which is the order the client serializes them in (the
 * signature covers the body's bytes); anything else in an input is left out.
 */
const MEMBERS = ['UserPoolId', 'Username', 'UserAttributes', 'Name', 'Value', 'MessageAction', 'DesiredDeliveryMediums'];

/** Attempts of a call (the client's maxAttempts was 3). */
const MAX_ATTEMPTS = 3;
/** What the client's standard retry strategy retries: throttling (its codes and 429) and transient failures. */
const THROTTLING = new Set(['LimitExceededException', 'TooManyRequestsException', 'ThrottlingException', 'Throttling', 'RequestLimitExceeded']);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const TRANSIENT = new Set(['RequestTimeout', 'RequestTimeoutException']);

/** The error type as the client's JSON 1.1 protocol reads it: `__type`, then `code`, then the header; namespace and suffix cut. */
export function errorTypeOf(headers: Headers, body: unknown): string {
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const codeKey = Object.keys(data).find((key) => key.toLowerCase() === 'code');
  const raw = data.__type ?? (codeKey ? data[codeKey] : undefined) ?? headers.get('x-amzn-errortype');
  if (raw === undefined || raw === null) return 'Unknown';
  const type = String(raw).split(',')[0]!.split(':')[0]!;
  return type.includes('#') ? type.split('#')[1]! : type;
}

/** `endpoint`: the local emulator's (COGNITO_ENDPOINT); in AWS the region's `https://cognito-idp.<region>.amazonaws.com`. */
export class SignedCognitoClient {
  private readonly signer: SignatureV4;
  private readonly url: URL;

  constructor(opts: { region: string; endpoint?: string; credentials?: Credentials }) {
    this.signer = new SignatureV4({ service: 'cognito-idp', region: opts.region, credentials: opts.credentials ?? fromEnv(), sha256: Sha256 });
    this.url = new URL(opts.endpoint ?? `https://cognito-idp.${opts.region}.${opts.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`);
  }

  /** The signed request of a call (at `signingDate`, now by default). */
  async signedRequest<Op extends CognitoOperation>(operation: Op, input: CognitoOperations[Op]['input'], signingDate?: Date): Promise<HttpRequest> {
    const body = JSON.stringify(input, MEMBERS);
    const port = this.url.port ? Number(this.url.port) : undefined;
    const request = new HttpRequest({
      method: 'POST',
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port,
      path: this.url.pathname.replace(/\/?$/, '/'),
      headers: {
        host: port ? `${this.url.hostname}:${port}` : this.url.hostname,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    return (await this.signer.sign(request, signingDate ? { signingDate } : {})) as HttpRequest;
  }

  async send<Op extends CognitoOperation>(operation: Op, input: CognitoOperations[Op]['input']): Promise<CognitoOperations[Op]['output']> {
    for (let attempt = 1; ; attempt++) {
      const signed = await this.signedRequest(operation, input);
      // fetch sets Host and Content-Length itself, from the URL and the body: the same values as signed.
      const { host: _host, 'content-length': _length, ...headers } = signed.headers;
      const url = `${signed.protocol}//${signed.hostname}${signed.port ? `:${signed.port}` : ''}${signed.path}`;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, { method: 'POST', headers, body: signed.body as string });
        text = await response.text();
      } catch (error) {
        // No connection, a reset, DNS: transient for the client too.
        if (attempt === MAX_ATTEMPTS) throw error;
        await backoff(attempt, false);
        continue;
      }
      const parsed = parseJson(text);
      if (response.ok) {
        if (parsed === undefined) throw new CognitoServiceError('UnknownError', `${operation}: the answer is not JSON`, response.status);
        return parsed as CognitoOperations[Op]['output'];
      }
      const type = errorTypeOf(response.headers, parsed);
      const message = (parsed as { message?: unknown; Message?: unknown } | undefined)?.message ?? (parsed as { Message?: unknown } | undefined)?.Message;
      const failure = new CognitoServiceError(type, typeof message === 'string' ? message : `${operation} failed: ${response.status}`, response.status);
      const throttled = response.status === 429 || THROTTLING.has(type);
      if (!(throttled || TRANSIENT_STATUS.has(response.status) || TRANSIENT.has(type)) || attempt === MAX_ATTEMPTS) throw failure;
      await backoff(attempt, throttled);
    }
  }
}

/** The body as JSON (an empty body is `{}`), or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The client's backoff: full jitter on 2^attempt × 100 ms (× 500 ms when throttled). */
const backoff = (attempt: number, throttled: boolean) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt * (throttled ? 500 : 100)));
