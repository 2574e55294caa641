import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack';
import type { StackInfo } from '../../infra/local/stack-info';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

const root = new URL('../..', import.meta.url).pathname;

/** The whole console on a throw-away embedded stack, serving the built SPA (npm test builds it first). */
export default async function setup(project: TestProject) {
  const webRoot = join(root, 'frontend/dist');
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error('The SPA is not built: run npm run build:web (npm test does it).');
  process.env.LOG_LEVEL ??= 'silent';
  const stack = await startStack({ webRoot });
  project.provide('stack', stack.info);
  return () => stack.stop();
}
