/**
 * Composition of the workflow starter: Step Functions in AWS, the embedded stack's runner when it set
 * LOCAL_WORKFLOWS (it registers itself in this process: infra/local/workflows.ts).
 */
import { SfnWorkflowStarter } from '../adapters/sfn/workflow-starter';
import type { AnyWorkflowStarter } from '../core/shared/workflows';

let local: AnyWorkflowStarter | undefined;

/** The local stack's runner (it runs executions in the stack process, as the other local triggers). */
export function registerLocalWorkflows(starter: AnyWorkflowStarter | undefined): void {
  local = starter;
}

export function workflowStarter(env: NodeJS.ProcessEnv = process.env): AnyWorkflowStarter {
  if (env.LOCAL_WORKFLOWS) {
    return {
      async start(workflow, input, executionName) {
        if (!local) throw new Error('LOCAL_WORKFLOWS is set but no local workflow runner is registered in this process');
        return local.start(workflow, input, executionName);
      },
    };
  }
  // Each function is told the ARNs of the state machines it may start (FunctionAccess startWorkflows, startReports).
  const historicalData = env.HISTORICAL_DATA_STATE_MACHINE_ARN;
  const report = env.REPORT_STATE_MACHINE_ARN;
  if (!historicalData && !report) throw new Error('missing environment variable HISTORICAL_DATA_STATE_MACHINE_ARN (or REPORT_STATE_MACHINE_ARN)');
  return new SfnWorkflowStarter({ historicalData: historicalData ?? '', report: report ?? '' }, { region: env.AWS_REGION ?? 'eu-west-1' });
}
