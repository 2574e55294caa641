import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { lazy } from '../../runtime/lazy';
import { envS3Location, type S3Location } from './location';

/**
 * S3 client settings: in AWS the SDK defaults (virtual-hosted style, its checksums); with a local `endpoint`
 * (s3rver) path style and checksums only when an operation requires them, which s3rver understands.
 */
export function s3ClientConfig(opts: S3Location): S3ClientConfig {
  return {
    region: opts.region,
    maxAttempts: 3,
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
}

/** The calls (and presigned links) a read-only bucket grant allows. */
const READ_COMMANDS = new Set(['GetObjectCommand', 'HeadObjectCommand']);

function envClient(readOnly: boolean): S3Client {
  const client = new S3Client(s3ClientConfig(envS3Location()));
  if (readOnly) {
    client.middlewareStack.add(
      (next, context) => (args) => {
        if (!READ_COMMANDS.has(context.commandName ?? '')) throw new Error(`${context.commandName} refused: this function may only read the bucket`);
        return next(args);
      },
      { step: 'initialize', name: 'readOnlyBucket' },
    );
  }
  return client;
}

/** The process's S3 client (module scope, reused across invocations), from AWS_REGION and S3_ENDPOINT (set only locally). */
export const defaultS3Client = lazy(() => envClient(false));

/** The same for read-only bucket access: any other call fails before it is sent, as IAM would refuse it in AWS. */
export const readOnlyS3Client = lazy(() => envClient(true));
