import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { AppFunction } from './app-function';
import { grantAccess, type AccessTargets } from './grants';
import { localTaskArn } from './historical-data-workflow';
import { acknowledge, documentWildcardFindings } from './nag';
import { ROLLOUT_TASKS } from './rollout-tasks';
import type { StageConfig } from './stage';

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
export function rolloutAsl(): Record<string, unknown> {
  const stack = new Stack(new App(), 'LocalRolloutWorkflow');
  const fns = { Step: lambda.Function.fromFunctionArn(stack, 'StepFunction', localTaskArn(ROLLOUT_TASKS.Step)) };
  const definition = rolloutDefinition(stack, fns);
  return stack.resolve(new sfn.StateGraph(definition.startState, 'rollout').toGraphJson()) as Record<string, unknown>;
}

export interface RolloutWorkflowProps {
  stage: StageConfig;
  environment: Record<string, string>;
  targets: AccessTargets;
  bundle?: boolean;
}

/**
 * The rollout state machine (`vend-<stage>-rollout`, Standard): one execution per rule, named by the rule's id, started
 * by the request that creates the rule; with its Step function, full execution logging and X-Ray tracing.
 */
export class RolloutWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly functions: Record<keyof typeof ROLLOUT_TASKS, AppFunction>;

  constructor(scope: Construct, id: string, props: RolloutWorkflowProps) {
    super(scope, id);
    const { stage } = props;
    const task = ROLLOUT_TASKS.Step;
    const step = new AppFunction(this, 'StepFunction', {
      stage,
      name: task.name,
      entry: task.entry,
      environment: props.environment,
      bundle: props.bundle,
      description: task.description,
      // Planning ten thousand machines and signing a wave's commands.
      memorySize: 512,
      timeout: STEP_TIMEOUT,
    });
    grantAccess(step.role, task.access, props.targets);
    this.functions = { Step: step };

    const name = rolloutStateMachineName(stage);
    const executionLogs = new logs.LogGroup(this, 'ExecutionLogs', {
      logGroupName: `/aws/vendedlogs/states/${name}`,
      retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: name,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(rolloutDefinition(this, { Step: step.fn })),
      logs: { destination: executionLogs, level: sfn.LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    const policy = this.stateMachine.role.node.tryFindChild('DefaultPolicy');
    if (policy instanceof iam.Policy) {
      acknowledge(
        this.stateMachine,
        'AwsSolutions-IAM5',
        'Built by aws-cdk-lib for the state machine: invoke its Step function (any version), deliver execution logs and X-Ray traces (neither has resource-level permissions).',
        documentWildcardFindings(Stack.of(this), policy.document),
      );
    }
  }
}
