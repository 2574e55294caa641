import type { IncomingMessage } from 'node:http';

/** A request's whole body; with a limit, 'too-large' as soon as it is exceeded (the rest is drained). */
export function readBody(req: IncomingMessage): Promise<Buffer>;
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'>;
export function readBody(req: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
