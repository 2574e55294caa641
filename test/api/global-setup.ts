import type { TestProject } from 'vitest/node';
import { startStackProcess } from '../../infra/local/stack-process';
import type { StackInfo } from '../../infra/local/stack-info';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One throw-away embedded stack for all API tests (in-memory DynamoDB, temp folders), in its own process. */
export default async function setup(project: TestProject) {
  const stack = await startStackProcess();
  project.provide('stack', stack.info);
  return () => stack.stop();
}
