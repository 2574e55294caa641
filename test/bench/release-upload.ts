/**
 * (q) A 64 MB firmware through the presigned path (issue 32): the file PUT to the stack's S3 by its upload link, then
 * verified by a process of its own as the create call verifies it (release-verify-run.ts) — budgets: that process's peak
 * RSS well under the file (no function holds it: ≤ 64 MB more than an idle process of the same imports), and the
 * SHA-256 computed from the object at ≥ 0.5× the rate of hashing the same bytes from a local file, in the same run.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './bundle';

export const RELEASE_UPLOAD_BUDGET = { fileMB: 64, digestRateRatio: 0.5 };

export interface ReleaseUploadFigures {
  fileMB: number;
  verify: { acceptSeconds: number; digestSeconds: number; peakRssMB: number };
  idlePeakRssMB: number;
  localHashSeconds: number;
  rateRatio: number;
  sameHash: boolean;
  verdict: { rss: 'PASS' | 'FAIL'; rate: 'PASS' | 'FAIL' };
}

const run = (env: Record<string, string>, args: string[]) =>
  new Promise<Record<string, any>>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/release-verify-run.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, any>) : reject(new Error(`verify process exited ${code}: ${out}`)),
    );
  });

export async function benchReleaseUpload(): Promise<ReleaseUploadFigures> {
  process.env.LOG_LEVEL = 'silent';
  const [{ startStackProcess, stackEnvironment }, { releaseFiles }, { envS3Location }, { s3Signer }, { FIRMWARE_FILES }, { requestReleaseUpload }] =
    await Promise.all([
      import('../../infra/local/stack-process'),
      import('../../functions/adapters/s3/release-files'),
      import('../../functions/adapters/s3/location'),
      import('../../functions/adapters/s3/signer'),
      import('../../functions/core/firmware/use-cases'),
      import('../../functions/core/rollouts/release-files'),
    ]);
  const stack = await startStackProcess();
  const dir = mkdtempSync(join(tmpdir(), 'bench-release-'));
  try {
    const env = stackEnvironment(stack.info);
    Object.assign(process.env, env);
    const size = RELEASE_UPLOAD_BUDGET.fileMB * 1024 * 1024;
    const file = join(dir, 'firmware.zip');
    const bytes = randomBytes(size);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    writeFileSync(file, bytes);
    const files = releaseFiles(s3Signer(env.FIRMWARE_BUCKET!, { location: envS3Location(env) }), env.FIRMWARE_BUCKET!);
    const link = await requestReleaseUpload(files, FIRMWARE_FILES, { contentType: 'application/zip', size });
    const put = await fetch(link.url, { method: 'PUT', headers: { ...link.headers, 'Content-Length': String(size) }, body: bytes });
    if (!put.ok) throw new Error(`the upload answered ${put.status}`);

    const verify = await run(env, [link.uploadId]);
    // The same process's imports, verifying nothing (an upload id that is not there: refused at once).
    const idle = await run(env, ['00000000000000000000000000000000.zip']);
    const t0 = performance.now();
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const local = hash.digest('hex');
    const localHashSeconds = (performance.now() - t0) / 1000;
    const rateRatio = localHashSeconds / verify.digestSeconds;
    const idlePeakRssMB = Number(idle.peakRssMB);
    return {
      fileMB: RELEASE_UPLOAD_BUDGET.fileMB,
      verify: { acceptSeconds: verify.acceptSeconds, digestSeconds: verify.digestSeconds, peakRssMB: verify.peakRssMB },
      idlePeakRssMB,
      localHashSeconds,
      rateRatio,
      sameHash: local === verify.sha256,
      verdict: {
        rss: verify.peakRssMB - (Number.isFinite(idlePeakRssMB) ? idlePeakRssMB : 0) < RELEASE_UPLOAD_BUDGET.fileMB ? 'PASS' : 'FAIL',
        rate: rateRatio >= RELEASE_UPLOAD_BUDGET.digestRateRatio && local === verify.sha256 ? 'PASS' : 'FAIL',
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stack.stop();
  }
}
