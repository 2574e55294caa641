/**
 * What every workflow construct shares (historical data, reports, rollouts): its Task functions with their grants, its
 * Standard state machine with full execution logging and X-Ray tracing, and the ASL the local stack runs, synthesised
 * from the same definition with placeholder function ARNs.
 */
import { App, RemovalPolicy, Stack, type Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { AppFunction } from './app-function';
import { grantAccess, type AccessTargets } from './grants';
import type { WorkflowTask } from './historical-data-tasks';
import { acknowledge, documentWildcardFindings } from './nag';
import type { StageConfig } from './stage';

export interface WorkflowProps {
  stage: StageConfig;
  environment: Record<string, string>;
  /** What the Task functions' grants point at. */
  targets: AccessTargets;
  bundle?: boolean;
}

/** The placeholder function ARN a Task of the local ASL names (the local runner maps each Task to its handler instead). */
export const localTaskArn = (task: WorkflowTask) => `arn:aws:lambda:eu-west-1:000000000000:function:vend-local-${task.name}`;

/** A Task's function (`<state>Function`), granted what its task declares. */
export function taskFunction(
  scope: Construct,
  stateName: string,
  task: WorkflowTask,
  props: WorkflowProps,
  opts: { memorySize?: number; timeout?: Duration; assets?: string[] } = {},
): AppFunction {
  const made = new AppFunction(scope, `${stateName}Function`, {
    stage: props.stage,
    name: task.name,
    entry: task.entry,
    environment: props.environment,
    bundle: props.bundle,
    description: task.description,
    ...opts,
  });
  grantAccess(made.role, task.access, props.targets);
  return made;
}

/** The Standard state machine `name` of `definition`, its execution logs and X-Ray tracing; `invokes` says what its role may call. */
export function workflowStateMachine(scope: Construct, stage: StageConfig, name: string, definition: sfn.IChainable, invokes: string): sfn.StateMachine {
  const executionLogs = new logs.LogGroup(scope, 'ExecutionLogs', {
    // The /aws/vendedlogs/ prefix keeps Step Functions' log delivery out of the account's resource policy size limit.
    logGroupName: `/aws/vendedlogs/states/${name}`,
    retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
    removalPolicy: stage.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const stateMachine = new sfn.StateMachine(scope, 'StateMachine', {
    stateMachineName: name,
    stateMachineType: sfn.StateMachineType.STANDARD,
    definitionBody: sfn.DefinitionBody.fromChainable(definition),
    logs: { destination: executionLogs, level: sfn.LogLevel.ALL, includeExecutionData: true },
    tracingEnabled: true,
  });
  const policy = stateMachine.role.node.tryFindChild('DefaultPolicy');
  if (policy instanceof iam.Policy) {
    acknowledge(
      stateMachine,
      'AwsSolutions-IAM5',
      `Built by aws-cdk-lib for the state machine: invoke ${invokes}, deliver execution logs and X-Ray traces (neither has resource-level permissions).`,
      documentWildcardFindings(Stack.of(scope), policy.document),
    );
  }
  return stateMachine;
}

/** A workflow's ASL as CDK synthesises it, each Task naming its placeholder ARN: what the local runner executes. */
export function localAsl<K extends string>(
  graphName: string,
  taskList: Record<K, WorkflowTask>,
  define: (scope: Construct, fns: Record<K, lambda.IFunction>) => sfn.IChainable,
): Record<string, unknown> {
  const stack = new Stack(new App(), 'LocalWorkflow');
  const fns = Object.fromEntries(
    (Object.entries(taskList) as [K, WorkflowTask][]).map(([state, task]) => [
      state,
      lambda.Function.fromFunctionArn(stack, `${state}Function`, localTaskArn(task)),
    ]),
  ) as Record<K, lambda.IFunction>;
  return stack.resolve(new sfn.StateGraph(define(stack, fns).startState, graphName).toGraphJson()) as Record<string, unknown>;
}
