/**
 * Composition of the workflow starter: Step Functions in AWS, the embedded stack's runner when it set
 * LOCAL_WORKFLOWS (it registers itself in this process: infra/local/workflows.ts).
 */
import { SfnWorkflowStarter } from '../adapters/sfn/workflow-starter';
import type { WorkflowName, WorkflowStarter } from '../core/shared/workflows';

let local: WorkflowStarter | undefined;

/** The local stack's runner (it runs executions in the stack process, as the other local triggers). */
export function registerLocalWorkflows(starter: WorkflowStarter | undefined): void {
  local = starter;
}

/** The state machine ARN of each workflow, from the environment CDK sets for the functions that start it. */
const ARN_ENV: Record<WorkflowName, string> = {
  historicalData: 'HISTORICAL_DATA_STATE_MACHINE_ARN',
  report: 'REPORT_STATE_MACHINE_ARN',
  rollout: 'ROLLOUT_STATE_MACHINE_ARN',
};

/** The starter of `workflows` (their ARNs must be in the environment outside the local stack). */
export function workflowStarter(env: NodeJS.ProcessEnv = process.env, workflows: readonly WorkflowName[] = ['historicalData']): WorkflowStarter {
  if (env.LOCAL_WORKFLOWS) {
    return {
      async start(workflow, input, executionName) {
        if (!local) throw new Error('LOCAL_WORKFLOWS is set but no local workflow runner is registered in this process');
        return local.start(workflow, input, executionName);
      },
    };
  }
  const arns: Partial<Record<WorkflowName, string>> = {};
  for (const w of workflows) {
    const arn = env[ARN_ENV[w]];
    if (!arn) throw new Error(`missing environment variable ${ARN_ENV[w]}`);
    arns[w] = arn;
  }
  return new SfnWorkflowStarter(arns, { region: env.AWS_REGION ?? 'eu-west-1' });
}
