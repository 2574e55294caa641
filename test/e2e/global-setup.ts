import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { localIntervalEnv } from '../../infra/local/iot-rules';
import { startStackProcess } from '../../infra/local/stack-process';
import type { StackInfo } from '../../infra/local/stack-info';
import { launchBrowserServer, signInOnce, type SavedSession } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The shared Chromium's endpoint (browser.ts connects to it). */
    browserEndpoint: string;
    /** Each demo user signed in once, by e-mail (browser.ts signInToDashboard restores it). */
    sessions: Record<string, SavedSession>;
  }
}

const root = new URL('../..', import.meta.url).pathname;

/**
 * The whole console on a throw-away embedded stack in its own process, serving the built SPA (npm test builds it
 * first), one Chromium shared by the test files, and each demo user signed in once.
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_ROOT: a build of one's own (vite build --outDir …), e.g. while someone else rebuilds frontend/dist.
  const webRoot = process.env.E2E_WEB_ROOT ?? join(root, 'frontend/dist');
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error('The SPA is not built: run npm run build:web (npm test does it).');
  // The devices list shows a copy of what machines reported, refreshed from pings at most once per online bucket
  // (300 s) and list copy interval (an hour) by default: 1 s each lets the browser tests see a ping move in the list
  // within seconds. (This stack only: the API tests' stack, started from the same process, keeps the defaults.)
  // A direct audit CSV holds at most 5 rows here, so that a selection past it (exported through historical data) is cheap to make.
  // The sweeps no browser test waits for do not run (each run reads the demo fleet: about 2 % of a core, the run long).
  const off = String(24 * 3_600_000);
  const quiet = ['machine-purge-sweep', 'machine-regroup-sweep', 'anomaly-sweep', 'audit-intent-sweep', 'data-subscription-sweep'];
  const env = {
    ONLINE_BUCKET_SECONDS: '1',
    LIST_COPY_SECONDS: '1',
    AUDIT_TRAIL_CSV_MAX_ROWS: '5',
    ...Object.fromEntries(quiet.map((name) => [localIntervalEnv(name), off])),
  };
  const [stack, browser] = await Promise.all([startStackProcess({ webRoot, env }), launchBrowserServer()]);
  const stop = async () => {
    await browser.close();
    await stack.stop();
  };
  try {
    project.provide('stack', stack.info);
    project.provide('browserEndpoint', browser.wsEndpoint());
    project.provide('sessions', await signInOnce(browser.wsEndpoint(), stack.info.web, stack.info.users));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
