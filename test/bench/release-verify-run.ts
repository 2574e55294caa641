/**
 * The verifying process of bench (q): what the firmware create call does with an uploaded file (core/rollouts/release-files.ts
 * acceptReleaseUpload: size and type checked, the SHA-256 from one streamed GET, the copy to its own key), against the stack
 * named by the environment, then the streamed digest alone timed; prints both and this process's peak RSS (an upload id
 * that is not there: only the peak RSS, the idle baseline).
 * `tsx test/bench/release-verify-run.ts <uploadId>`
 */
import { performance } from 'node:perf_hooks';
import { releaseFiles } from '../../functions/adapters/s3/release-files';
import { envS3Location } from '../../functions/adapters/s3/location';
import { s3Signer } from '../../functions/adapters/s3/signer';
import { FIRMWARE_FILES } from '../../functions/core/firmware/use-cases';
import { acceptReleaseUpload } from '../../functions/core/rollouts/release-files';
import { bucketName } from '../../functions/runtime/access';

const uploadId = process.argv[2] ?? '';
const bucket = bucketName('firmware');
const files = releaseFiles(s3Signer(bucket, { location: envS3Location() }), bucket);
const peakRssMB = () => (process.resourceUsage().maxRSS * 1024) / 1e6;
let t0 = performance.now();
const accepted = await acceptReleaseUpload(files, FIRMWARE_FILES, 'benchfw00-0000000000ff', { uploadId, fileName: 'bench.zip' }).catch((error: unknown) => {
  // An upload id that is not there (the idle run): the same imports and clients, no file read.
  console.log(JSON.stringify({ refused: String(error), peakRssMB: peakRssMB() }));
  process.exit(0);
});
const acceptSeconds = (performance.now() - t0) / 1000;
t0 = performance.now();
const digest = await files.digest(accepted.key);
const digestSeconds = (performance.now() - t0) / 1000;
// maxRSS is in kibibytes; MB are 10^6 bytes.
console.log(
  JSON.stringify({ sha256: digest.sha256, size: digest.size, acceptSeconds, digestSeconds, peakRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6 }),
);
process.exit(0);
