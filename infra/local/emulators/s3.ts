/**
 * Local S3: s3rver 3.7 as a supervised child process started by its own launcher (s3rver-main.cjs, which adds
 * AbortMultipartUpload; stopping the child stops the real process), with `--openssl-legacy-provider`
 * (without it truncated ListObjectsV2 fails on Node 20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BucketAlreadyOwnedByYou, CreateBucketCommand, PutBucketCorsCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { s3ClientConfig } from '../../../functions/adapters/s3/client';
import { supervise, type EmulatorRun, type SupervisedEmulator } from '../supervisor';

export interface StartS3Options {
  /** 0 or absent = a free port. */
  port?: number;
  /** Folder where s3rver keeps buckets and objects. */
  directory: string;
  /** Buckets created (if missing) at boot, each with a permissive CORS configuration. */
  buckets: string[];
  /** Origins allowed by the buckets' CORS configuration; defaults to any port on 127.0.0.1 and localhost. */
  corsOrigins?: string[];
}

export interface LocalS3 extends SupervisedEmulator {
  endpoint: string;
}

/**
 * The one key s3rver knows (it refuses others with InvalidAccessKeyId; it does not check SigV4 signatures).
 * The local stack gives the functions these credentials; the other emulators accept any.
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The S3 client configuration every local caller uses (path style, checksums only when required). */
export function localS3ClientConfig(endpoint: string): S3ClientConfig {
  return { ...s3ClientConfig({ region: 'us-east-1', endpoint }), credentials: S3RVER_CREDENTIALS };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** One s3rver process on `port`, once it answers. */
async function startS3rver(directory: string, port: number): Promise<EmulatorRun> {
  const main = fileURLToPath(new URL('./s3rver-main.cjs', import.meta.url));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', main, directory, '127.0.0.1', String(port)], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      resolve({ code, signal });
    }),
  );

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitExit(child, 5000))) {
      child.kill('SIGKILL');
      await waitExit(child, 5000);
    }
  };

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`s3rver exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
      try {
        await probeS3(endpoint);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`s3rver did not start on ${endpoint}: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { pid: child.pid!, exited, stop };
}

async function probeS3(endpoint: string): Promise<void> {
  const res = await fetch(`${endpoint}/`);
  await res.arrayBuffer();
}

/** s3rver supervised (restarted on the same port and folder when it dies), its buckets created once. */
export async function startS3(options: StartS3Options): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const emulator = await supervise(
    's3',
    () => startS3rver(options.directory, port),
    () => probeS3(endpoint),
  );
  try {
    const client = new S3Client(localS3ClientConfig(endpoint));
    try {
      const origins = options.corsOrigins ?? ['http://127.0.0.1:*', 'http://localhost:*'];
      for (const bucket of options.buckets) {
        try {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        } catch (err) {
          if (!(err instanceof BucketAlreadyOwnedByYou) && (err as Error).name !== 'BucketAlreadyExists') throw err;
        }
        await client.send(
          new PutBucketCorsCommand({
            Bucket: bucket,
            CORSConfiguration: {
              CORSRules: [
                {
                  AllowedOrigins: origins,
                  AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
                  AllowedHeaders: ['*'],
                  // Content-Disposition: the console saves a download under the name the presigned GET gives it.
                  ExposeHeaders: ['ETag', 'Content-Length', 'Content-Type', 'Content-Disposition'],
                  MaxAgeSeconds: 3000,
                },
              ],
            },
          }),
        );
      }
    } finally {
      client.destroy();
    }
  } catch (err) {
    await emulator.stop();
    throw err;
  }

  return Object.assign(emulator, { endpoint });
}
