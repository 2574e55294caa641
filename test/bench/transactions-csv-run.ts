/**
 * The CSV process of bench (k): GET /transactions/csv answered by the transactions group's handler in a process of
 * its own, as a Lambda runs it, against the stack the arguments name; prints the rows, the bytes of the answer and
 * this process's peak RSS while it answered (the rows are counted after that peak is read).
 * `tsx test/bench/transactions-csv-run.ts '<StackInfo JSON>' '<query JSON>' '<authorization>'`
 */
import { gunzipSync } from 'node:zlib';
import { enableLocalInvocations, invokeLocally } from '../../infra/local/invoke';
import type { StackInfo } from '../../infra/local/stack-info';
import { apiEvent, groupHandler, type GroupHandler } from './invoke';

const info = JSON.parse(process.argv[2] ?? '') as StackInfo;
const query = JSON.parse(process.argv[3] ?? '') as Record<string, string>;
const authorization = process.argv[4] ?? '';
process.env.LOG_LEVEL = 'silent';
await enableLocalInvocations();
const handler = (await groupHandler('transactions', info)) as GroupHandler;
// Inside an invocation scope, as the local stack runs it: this process inherits AWS_LAMBDA_MAX_CONCURRENCY from the
// bench, and Powertools then expects the invocation store.
const res = await invokeLocally(
  'vend-local-api-transactions',
  (event: never, context) => handler(event, context as never),
  apiEvent('GET', '/transactions/csv', query, authorization) as never,
);
// maxRSS is in kibibytes; MB are 10^6 bytes.
const peakRssMB = (process.resourceUsage().maxRSS * 1024) / 1e6;
if (res.statusCode !== 200) throw new Error(`GET /transactions/csv answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
const bytes = Buffer.from(res.body, res.isBase64Encoded ? 'base64' : 'utf8');
const text = (res.headers?.['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
console.log(JSON.stringify({ rows: text.split('\r\n').length - 2, answerBytes: res.body.length, csvBytes: Buffer.byteLength(text), peakRssMB }));
process.exit(0);
