/**
 * (g) of `npm run bench`: the DynamoDB emulator's resident memory under sustained list traffic. An embedded stack
 * in this process with the demo week seeded (as `npm start` has it); the DynamoDB process's RSS once seeding is
 * done, then after REQUESTS list pages through the API (the devices list and the alarms list of Acme, in turn,
 * DYNAMO_MEMORY_CONCURRENCY at a time) — budget ≤ 1.5× the RSS after seeding (it grew with every request, and
 * never went down, while dynalite left its store iterators open: infra/local/emulators/dynalite-iterators.ts).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startStack } from '../../infra/local/stack';
import { localSuperAdminAuthorization } from './measure';

export const DYNAMO_MEMORY_BUDGET = 1.5;
const REQUESTS = Number(process.env.BENCH_DYNAMO_MEMORY_REQUESTS ?? 20_000);
const CONCURRENCY = 8;
const SAMPLES = 5;
const PAGES = ['/pos?merchantId=acme-vending&page=1&size=20', '/merchants/acme-vending/alarms?page=1&size=20'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resident memory of a process on Linux, MiB. */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export interface DynamoMemoryFigures {
  requests: number;
  failed: number;
  seconds: number;
  afterSeedMiB: number;
  afterRequestsMiB: number;
  /** RSS after each fifth of the requests. */
  samplesMiB: number[];
  ratio: number;
  verdict: 'PASS' | 'FAIL';
}

export async function benchDynamoMemory(): Promise<DynamoMemoryFigures> {
  process.env.LOG_LEVEL = 'silent';
  const stack = await startStack({ demoHistory: true });
  try {
    const authorization = await localSuperAdminAuthorization(stack.info);
    const pid = stack.emulators.dynamodb.pid;
    await sleep(1_000);
    const afterSeedMiB = rssMiB(pid);
    const samplesMiB: number[] = [];
    let next = 0;
    let failed = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const res = await fetch(`${stack.info.api}${PAGES[i % PAGES.length]}`, { headers: { authorization } });
          if (!res.ok) failed++;
          await res.arrayBuffer();
          if ((i + 1) % (REQUESTS / SAMPLES) === 0) samplesMiB.push(Math.round(rssMiB(pid)));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    await sleep(1_000);
    const afterRequestsMiB = rssMiB(pid);
    const ratio = afterRequestsMiB / afterSeedMiB;
    return { requests: REQUESTS, failed, seconds, afterSeedMiB, afterRequestsMiB, samplesMiB, ratio, verdict: ratio <= DYNAMO_MEMORY_BUDGET ? 'PASS' : 'FAIL' };
  } finally {
    await stack.stop();
  }
}
