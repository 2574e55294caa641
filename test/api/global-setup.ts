import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack';
import type { StackInfo } from '../../infra/local/stack-info';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One throw-away embedded stack for all API tests (in-memory DynamoDB, temp folders). */
export default async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent';
  const stack = await startStack({});
  project.provide('stack', stack.info);
  return () => stack.stop();
}
