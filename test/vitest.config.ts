import { defineConfig } from 'vitest/config';
import { WeightedSequencer } from './weighted-sequencer';

const root = new URL('..', import.meta.url).pathname;

export default defineConfig({
  root,
  test: {
    // `--shard` halves split by recorded durations (test/file-weights.json), not by file count.
    sequence: { sequencer: WeightedSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          // One shared stack: files run one after another so list assertions see a stable table.
          fileParallelism: false,
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
