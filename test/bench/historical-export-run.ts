/**
 * The exporting process of bench (h): runs one execution of the historical-data workflow with the local runner
 * (the ASL CDK synthesises, Task states → the Lambda entries) against the stack named by the environment, and
 * prints how it ended, how long it took and this process's peak RSS. The parent synthesises the ASL and passes
 * it, so this process, like the Lambda, does not load aws-cdk-lib.
 * `tsx test/bench/historical-export-run.ts '<HistoricalExportInput JSON>' '<ASL JSON>'`
 */
import { performance } from 'node:perf_hooks';
import type { HistoricalExportInput } from '../../functions/core/shared/workflows';
import { startLocalWorkflows } from '../../infra/local/workflows';

const input = JSON.parse(process.argv[2] ?? '') as HistoricalExportInput;
const workflows = startLocalWorkflows({ historicalDataAsl: JSON.parse(process.argv[3] ?? '') as Record<string, unknown> });
const name = `${input.requestId}-${input.attempt}`;
const t0 = performance.now();
await workflows.start('historicalData', input, name);
const outcome = await workflows.outcome(name);
const seconds = (performance.now() - t0) / 1000;
// maxRSS is in kibibytes; MB are 10^6 bytes.
console.log(JSON.stringify({ outcome, seconds, peakRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6 }));
process.exit(0);
