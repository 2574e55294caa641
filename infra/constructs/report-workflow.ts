/**
 * The report state machine (issue 31 items 4–5), built like the historical-data one: ReportFile (retried with backoff)
 * → done; what is left after the retries → RecordReportFailure → Fail. Defined once here; the local stack runs the
 * same synthesised ASL (reportAsl).
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { REPORT_TASKS } from './historical-data-tasks';
import { EXPORT_RETRY, EXPORT_TIMEOUT } from './historical-data-workflow';
import { localAsl, taskFunction, workflowStateMachine, type WorkflowProps } from './workflow';

export { REPORT_TASKS } from './historical-data-tasks';

export function reportDefinition(scope: Construct, fns: Record<keyof typeof REPORT_TASKS, lambda.IFunction>): sfn.IChainable {
  const failed = new sfn.Fail(scope, 'ReportFailed', {
    comment: 'The report file is marked Error; the execution fails with the Task’s error.',
    errorPath: '$.error.Error',
    causePath: '$.error.Cause',
  });
  const recordFailure = new tasks.LambdaInvoke(scope, 'RecordReportFailure', {
    lambdaFunction: fns.RecordReportFailure,
    payloadResponseOnly: true,
    resultPath: sfn.JsonPath.DISCARD,
    taskTimeout: sfn.Timeout.duration(Duration.minutes(1)),
  }).next(failed);
  return new tasks.LambdaInvoke(scope, 'ReportFile', {
    lambdaFunction: fns.ReportFile,
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

/** The report ASL as CDK synthesises it, with placeholder function ARNs (the local runner maps each Task to its handler). */
export const reportAsl = () => localAsl('report', REPORT_TASKS, reportDefinition);

/** `vend-<stage>-report` (Standard): one report file made, or its failure recorded; full execution logging and tracing. */
export class ReportWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    // The PDF's font files travel beside the bundle (the PDF writer reads ./fonts/ next to its module).
    const reportFile = taskFunction(this, 'ReportFile', REPORT_TASKS.ReportFile, props, {
      memorySize: 1024,
      timeout: EXPORT_TIMEOUT,
      assets: ['functions/adapters/pdf/fonts'],
    });
    const recordFailure = taskFunction(this, 'RecordReportFailure', REPORT_TASKS.RecordReportFailure, props);
    this.stateMachine = workflowStateMachine(
      this,
      props.stage,
      props.stage.physicalName('report'),
      reportDefinition(this, { ReportFile: reportFile.fn, RecordReportFailure: recordFailure.fn }),
      'its two Task functions (any version of each)',
    );
  }
}
