import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { HISTORICAL_DATA_TASKS } from './historical-data-tasks';
import type { StageConfig } from './stage';
import { localAsl, taskFunction, workflowStateMachine, type WorkflowProps } from './workflow';

export { HISTORICAL_DATA_TASKS, type WorkflowTask } from './historical-data-tasks';
export { localTaskArn, type WorkflowProps } from './workflow';

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

/**
 * The historical-data ASL as CDK synthesises it, with placeholder function ARNs: what the local runner
 * executes, so the embedded stack runs the same definition as AWS.
 */
export const historicalDataAsl = () => localAsl('historical data', HISTORICAL_DATA_TASKS, historicalDataDefinition);

/**
 * The historical-data state machine (`vend-<stage>-historical-data`, Standard): one attempt of one request,
 * exported to the exports bucket or its failure recorded; with its two Task functions, full execution logging
 * and X-Ray tracing.
 */
export class HistoricalDataWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    // Memory buys the CPU that formatting a million CSV rows needs.
    const exporter = taskFunction(this, 'Export', HISTORICAL_DATA_TASKS.Export, props, { memorySize: 1024, timeout: EXPORT_TIMEOUT });
    const recordFailure = taskFunction(this, 'RecordFailure', HISTORICAL_DATA_TASKS.RecordFailure, props);
    this.stateMachine = workflowStateMachine(
      this,
      props.stage,
      historicalDataStateMachineName(props.stage),
      historicalDataDefinition(this, { Export: exporter.fn, RecordFailure: recordFailure.fn }),
      'its two Task functions (any version of each)',
    );
  }
}
