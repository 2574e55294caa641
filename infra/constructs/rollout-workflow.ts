import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { ROLLOUT_TASKS } from './rollout-tasks';
import type { StageConfig } from './stage';
import { localAsl, taskFunction, workflowStateMachine, type WorkflowProps } from './workflow';

export { ROLLOUT_TASKS } from './rollout-tasks';

/** A step's retry: a failed step (a throttled table, a lost publish) is tried again 5 times, 5 s apart and doubling. */
export const STEP_RETRY = { intervalSeconds: 5, maxRetries: 5, backoffRate: 2 } as const;

/** A step's longest run: planning a wave of 10,000 machines and sending its commands fits well within it. */
export const STEP_TIMEOUT = Duration.minutes(5);

/**
 * Step → (done? Succeed : Wait `waitSeconds` → Step). Each Step gets the rule (`{ kind, merchantId, ruleId }`) and
 * answers it with `done` and `waitSeconds`: the wait between steps is the Step's to say (the rule date, the poll while a
 * wave runs or a hold lasts), so a pause, a resume or a cancel is seen at the next step.
 */
export function rolloutDefinition(scope: Construct, fns: Record<keyof typeof ROLLOUT_TASKS, lambda.IFunction>): sfn.IChainable {
  const step = new tasks.LambdaInvoke(scope, 'Step', {
    lambdaFunction: fns.Step,
    payloadResponseOnly: true,
    taskTimeout: sfn.Timeout.duration(STEP_TIMEOUT),
  }).addRetry({
    errors: [sfn.Errors.TASKS_FAILED],
    interval: Duration.seconds(STEP_RETRY.intervalSeconds),
    maxAttempts: STEP_RETRY.maxRetries,
    backoffRate: STEP_RETRY.backoffRate,
  });
  const wait = new sfn.Wait(scope, 'WaitForNextStep', { time: sfn.WaitTime.secondsPath('$.waitSeconds') });
  const finished = new sfn.Choice(scope, 'Finished')
    .when(sfn.Condition.booleanEquals('$.done', true), new sfn.Succeed(scope, 'Done'))
    .otherwise(wait.next(step));
  return step.next(finished);
}

export const rolloutStateMachineName = (stage: StageConfig) => stage.physicalName('rollout');

/** The rollout ASL as CDK synthesises it, with placeholder function ARNs: what the local runner executes. */
export const rolloutAsl = () => localAsl('rollout', ROLLOUT_TASKS, rolloutDefinition);

/**
 * The rollout state machine (`vend-<stage>-rollout`, Standard): one execution per rule, named by the rule's id, started
 * by the request that creates the rule; with its Step function, full execution logging and X-Ray tracing.
 */
export class RolloutWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    // Planning ten thousand machines and signing a wave's commands.
    const step = taskFunction(this, 'Step', ROLLOUT_TASKS.Step, props, { memorySize: 512, timeout: STEP_TIMEOUT });
    this.stateMachine = workflowStateMachine(
      this,
      props.stage,
      rolloutStateMachineName(props.stage),
      rolloutDefinition(this, { Step: step.fn }),
      'its Step function (any version)',
    );
  }
}
