import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = new URL('..', import.meta.url).pathname;

/** Seconds each test file took in a whole-suite run (`node test/record-file-weights.mjs` after `npm test` rewrites it). */
const WEIGHTS_FILE = new URL('./file-weights.json', import.meta.url);

/**
 * Splits `--shard` runs by the files' recorded durations instead of vitest's equal file counts: the API and browser
 * halves each run their files one after another, so the suite ends with the slower half, and one file (the
 * authorization matrix) weighs as much as a dozen others. Longest first, each to the half with the least so far
 * (deterministic, so every shard process computes the same split); a file not recorded yet counts as the median.
 */
class WeightedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const weights = readWeights();
    const known = Object.values(weights).sort((a, b) => a - b);
    const fallback = known.length ? known[Math.floor(known.length / 2)]! : 1;
    const weighed = files
      .map((spec) => ({ spec, path: relative(this.ctx.config.root, spec.moduleId) }))
      .map((f) => ({ ...f, weight: weights[f.path] ?? fallback }))
      .sort((a, b) => b.weight - a.weight || (a.path < b.path ? -1 : 1));
    const load = Array.from({ length: count }, () => 0);
    const mine: TestSpecification[] = [];
    for (const file of weighed) {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest]! += file.weight;
      if (lightest === index - 1) mine.push(file.spec);
    }
    return mine;
  }

  /** The longest files first (recorded weights; vitest's own order needs a cache a clean clone lacks), so two workers end together. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weights = readWeights();
    const weightOf = (spec: TestSpecification) => weights[relative(this.ctx.config.root, spec.moduleId)] ?? 0;
    const sorted = await super.sort(files);
    const projectOrder = new Map<string, number>();
    for (const spec of sorted) if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    return [...sorted].sort((a, b) => projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! || weightOf(b) - weightOf(a));
  }
}

function readWeights(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Unit and infra files that change what other files would see: module mocks, stubbed globals or environment, spied streams. */
const ISOLATED = [
  'test/unit/cognito-signed-client.test.ts',
  'test/unit/error-mapping.test.ts',
  'test/unit/frontend-api.test.ts',
  'test/unit/frontend-change-password.test.ts',
  'test/unit/iot-signed-publisher.test.ts',
  'test/unit/operations-logs.test.ts',
  'test/unit/record-schemas.test.ts',
  'test/unit/s3-signer.test.ts',
  'test/infra/s3-files.test.ts',
];

export default defineConfig({
  root,
  test: {
    // `--shard` halves split by recorded durations (test/file-weights.json), not by file count.
    sequence: { sequencer: WeightedSequencer },
    projects: [
      // Unit and infra files share their worker's modules (isolate: false): each isolated file evaluated aws-cdk-lib, the
      // manifest and the SDK clients again, most of the unit and infra half's CPU. The files that stub modules, globals or
      // the environment, or replace a logger's stream, run isolated (project `isolated`): nothing they change can leak.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], exclude: ISOLATED, isolate: false, testTimeout: 120_000, hookTimeout: 120_000 },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          // One shared stack: files run one after another so list assertions see a stable table.
          fileParallelism: false,
          // The files share nothing but the stack (no mocks, no stubbed environment): one worker imports the support
          // modules and the manifest once for all of them (isolated, each file took seconds of CPU to import them again).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One stack and one Chromium for all browser tests, each demo user signed in once.
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A screen's answer goes through a debounce, the API and a render: vitest's default poll of 1 s failed
          // under load (a search's one row came after it). 10 s, as a user would wait; a pass returns at once.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // The files share no state but the stack: one worker imports playwright-core, the catalogues and the
          // helpers once for all of them (isolated, each file took about 3 s of CPU to import them again).
          isolate: false,
        },
      },
    ],
  },
});
