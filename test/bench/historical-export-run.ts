/**
 * The exporting process of bench (h): runs one execution of the historical-data workflow with the local runner
 * (the ASL CDK synthesises, Task states → the Lambda entries) against the stack named by the environment, and
 * prints how it ended, how long it took and this process's peak RSS.
 * `tsx test/bench/historical-export-run.ts '<HistoricalExportInput JSON>'`
 */
import { performance } from 'node:perf_hooks';
import type { HistoricalExportInput } from '../../functions/core/shared/workflows';
import { startLocalWorkflows } from '../../infra/local/workflows';

const input = JSON.parse(process.argv[2] ?? '') as HistoricalExportInput;
const workflows = startLocalWorkflows();
const name = `${input.requestId}-${input.attempt}`;
const t0 = performance.now();
await workflows.start('historicalData', input, name);
const outcome = await workflows.outcome(name);
const seconds = (performance.now() - t0) / 1000;
// maxRSS is in kibibytes; MB are 10^6 bytes.
console.log(JSON.stringify({ outcome, seconds, peakRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6 }));
process.exit(0);
