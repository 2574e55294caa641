import type { TestProject } from 'vitest/node';
import { startStackProcess } from '../../infra/local/stack-process';
import type { StackInfo } from '../../infra/local/stack-info';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * One throw-away embedded stack for all API tests (DynamoDB, S3 and Cognito state in temp folders), in its own process. The
 * machine purge and regroup sweeps and the scheduled exports' sweep do not run on their own: the tests that need them
 * run them (the purge and regroup sweeps in the test, the exports' sweep in the stack: support/stack.ts runSchedule),
 * so they see what is left before and do not wait for a timer.
 */
export default async function setup(project: TestProject) {
  const stack = await startStackProcess({
    // A failed notification send comes again after 0.3 s (doubled each time), so its retries fit in a test.
    env: {
      MACHINE_PURGE_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
      MACHINE_REGROUP_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
      DATA_SUBSCRIPTION_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
      ANOMALY_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
      NOTIFICATION_RETRY_AFTER_MS: '300',
      // A mutating call that changes the table without recording its before → after answers 500 (audit-trail.ts).
      AUDIT_TRAIL_REQUIRE_CHANGES: 'on',
      // The audit sweep runs when a test asks (runSchedule), on intents older than a second; a call may ask for its entry's
      // append to fail or its function to "crash" after the handler (header x-audit-trail-fault).
      AUDIT_INTENT_SWEEP_INTERVAL_MS: String(24 * 3_600_000),
      AUDIT_TRAIL_INTENT_GRACE_SECONDS: '1',
      AUDIT_TRAIL_FAULTS: 'on',
    },
  });
  project.provide('stack', stack.info);
  return () => stack.stop();
}
