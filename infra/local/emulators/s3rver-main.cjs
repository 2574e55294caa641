'use strict';
/**
 * s3rver 3.7 with the one call it lacks that the file store relies on: AbortMultipartUpload (s3rver answers
 * DELETE ?uploadId= with 405). Aborting removes the upload's parts, as S3 does. Usage: <directory> <address> <port>.
 */
const { rmSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const S3rver = require('s3rver');

const [directory, address, port] = process.argv.slice(2);
const server = new S3rver({ directory, address, port: Number(port), silent: true });

server.middleware.unshift(async (ctx, next) => {
  const match = ctx.method === 'DELETE' && typeof ctx.query.uploadId === 'string' && /^\/([^/]+)\/./.exec(ctx.path);
  if (!match) return next();
  const uploadId = ctx.query.uploadId;
  const dir = join(server.store.getResourcePath(match[1], undefined, 'uploads'), uploadId);
  if (!/^[A-Za-z0-9_-]+$/.test(uploadId) || !existsSync(dir)) {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  ctx.status = 204;
});

// The stack stops this process (SIGTERM) after draining; Ctrl-C reaches the whole process group, so SIGINT is left to
// the stack. When the stack goes away, however it ends, its end of stdin closes: then this process ends too.
process.on('SIGINT', () => undefined);
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();

server.run().catch((error) => {
  console.error(error);
  process.exit(1);
});
