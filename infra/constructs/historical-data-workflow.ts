import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { HISTORICAL_DATA_TASKS, type WorkflowTask } from './historical-data-tasks';
import { AppFunction } from './app-function';
import { grantAccess, type AccessTargets } from './grants';
import { acknowledge, documentWildcardFindings } from './nag';
import type { StageConfig } from './stage';

export { HISTORICAL_DATA_TASKS, type WorkflowTask } from './historical-data-tasks';

/**
 * The export's retry: 2 retries (3 attempts) 2 s then 4 s apart, on any error of the function
 * (States.TaskFailed; Lambda service errors have CDK's own, longer retry before this one).
 */
export const EXPORT_RETRY = { intervalSeconds: 2, maxRetries: 2, backoffRate: 2 } as const;

/** The longest an export may run: the Lambda maximum; the Task times out with it. */
export const EXPORT_TIMEOUT = Duration.minutes(15);

/**
 * Export (retried with backoff) → done; any error left after the retries → RecordFailure → Fail with the
 * export's error. Each Task gets the execution input (`HistoricalExportInput`); RecordFailure gets it with
 * the error under `error` ({ Error, Cause }).
 */
export function historicalDataDefinition(scope: Construct, fns: Record<keyof typeof HISTORICAL_DATA_TASKS, lambda.IFunction>): sfn.IChainable {
  const failed = new sfn.Fail(scope, 'Failed', {
    comment: 'The request is marked Error; the execution fails with the export’s error.',
    errorPath: '$.error.Error',
    causePath: '$.error.Cause',
  });
  const recordFailure = new tasks.LambdaInvoke(scope, 'RecordFailure', {
    lambdaFunction: fns.RecordFailure,
    payloadResponseOnly: true,
    resultPath: sfn.JsonPath.DISCARD,
    taskTimeout: sfn.Timeout.duration(Duration.minutes(1)),
  }).next(failed);
  return new tasks.LambdaInvoke(scope, 'Export', {
    lambdaFunction: fns.Export,
    payloadResponseOnly: true,
    taskTimeout: sfn.Timeout.duration(EXPORT_TIMEOUT),
  })
    .addRetry({
      errors: [sfn.Errors.TASKS_FAILED],
      interval: Duration.seconds(EXPORT_RETRY.intervalSeconds),
      maxAttempts: EXPORT_RETRY.maxRetries,
      backoffRate: EXPORT_RETRY.backoffRate,
    })
    .addCatch(recordFailure, { errors: [sfn.Errors.ALL], resultPath: '$.error' });
}

/** The state machine's name: stacks that start it without a reference to it (the scheduled exports sweep) find it by name. */
export const historicalDataStateMachineName = (stage: StageConfig) => stage.physicalName('historical-data');

/** The placeholder function ARN a Task of the local ASL names (the local runner maps each Task to its handler instead). */
export const localTaskArn = (task: WorkflowTask) => `arn:aws:lambda:eu-west-1:000000000000:function:vend-local-${task.name}`;

/**
 * The historical-data ASL as CDK synthesises it, with placeholder function ARNs: what the local runner
 * executes, so the embedded stack runs the same definition as AWS.
 */
export function historicalDataAsl(): Record<string, unknown> {
  const stack = new Stack(new App(), 'LocalWorkflows');
  const fns = {
    Export: lambda.Function.fromFunctionArn(stack, 'ExportFunction', localTaskArn(HISTORICAL_DATA_TASKS.Export)),
    RecordFailure: lambda.Function.fromFunctionArn(stack, 'RecordFailureFunction', localTaskArn(HISTORICAL_DATA_TASKS.RecordFailure)),
  };
  const definition = historicalDataDefinition(stack, fns);
  return stack.resolve(new sfn.StateGraph(definition.startState, 'historical data').toGraphJson()) as Record<string, unknown>;
}

export interface HistoricalDataWorkflowProps {
  stage: StageConfig;
  environment: Record<string, string>;
  /** What the Task functions' grants point at. */
  targets: AccessTargets;
  bundle?: boolean;
}

/**
 * The historical-data state machine (`vend-<stage>-historical-data`, Standard): one attempt of one request,
 * exported to the exports bucket or its failure recorded; with its two Task functions, full execution logging
 * and X-Ray tracing.
 */
export class HistoricalDataWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly functions: Record<keyof typeof HISTORICAL_DATA_TASKS, AppFunction>;

  constructor(scope: Construct, id: string, props: HistoricalDataWorkflowProps) {
    super(scope, id);
    const { stage } = props;
    const fn = (stateName: keyof typeof HISTORICAL_DATA_TASKS, opts: { memorySize?: number; timeout?: Duration }) => {
      const task = HISTORICAL_DATA_TASKS[stateName];
      const made = new AppFunction(this, `${stateName}Function`, {
        stage,
        name: task.name,
        entry: task.entry,
        environment: props.environment,
        bundle: props.bundle,
        description: task.description,
        ...opts,
      });
      grantAccess(made.role, task.access, props.targets);
      return made;
    };
    this.functions = {
      // Memory buys the CPU that formatting a million CSV rows needs.
      Export: fn('Export', { memorySize: 1024, timeout: EXPORT_TIMEOUT }),
      RecordFailure: fn('RecordFailure', {}),
    };

    const name = historicalDataStateMachineName(stage);
    const executionLogs = new logs.LogGroup(this, 'ExecutionLogs', {
      // The /aws/vendedlogs/ prefix keeps Step Functions' log delivery out of the account's resource policy size limit.
      logGroupName: `/aws/vendedlogs/states/${name}`,
      retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: name,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(
        historicalDataDefinition(this, { Export: this.functions.Export.fn, RecordFailure: this.functions.RecordFailure.fn }),
      ),
      logs: { destination: executionLogs, level: sfn.LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    const policy = this.stateMachine.role.node.tryFindChild('DefaultPolicy');
    if (policy instanceof iam.Policy) {
      acknowledge(
        this.stateMachine,
        'AwsSolutions-IAM5',
        'Built by aws-cdk-lib for the state machine: invoke its two Task functions (any version of each), deliver execution logs and X-Ray traces (neither has resource-level permissions).',
        documentWildcardFindings(Stack.of(this), policy.document),
      );
    }
  }
}
