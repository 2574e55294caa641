/**
 * The report state machine (issue 31 items 4–5), built like the historical-data one: ReportFile (retried with backoff)
 * → done; what is left after the retries → RecordReportFailure → Fail. Defined once here; the local stack runs the
 * same synthesised ASL (reportAsl).
 */
import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { REPORT_TASKS } from './historical-data-tasks';
import { EXPORT_RETRY, EXPORT_TIMEOUT, localTaskArn } from './historical-data-workflow';
import { AppFunction } from './app-function';
import { grantAccess, type AccessTargets } from './grants';
import { acknowledge, documentWildcardFindings } from './nag';
import type { StageConfig } from './stage';

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
export function reportAsl(): Record<string, unknown> {
  const stack = new Stack(new App(), 'LocalReportWorkflow');
  const fns = {
    ReportFile: lambda.Function.fromFunctionArn(stack, 'ReportFileFunction', localTaskArn(REPORT_TASKS.ReportFile)),
    RecordReportFailure: lambda.Function.fromFunctionArn(stack, 'RecordReportFailureFunction', localTaskArn(REPORT_TASKS.RecordReportFailure)),
  };
  const definition = reportDefinition(stack, fns);
  return stack.resolve(new sfn.StateGraph(definition.startState, 'report').toGraphJson()) as Record<string, unknown>;
}

export interface ReportWorkflowProps {
  stage: StageConfig;
  environment: Record<string, string>;
  targets: AccessTargets;
  bundle?: boolean;
}

/** `vend-<stage>-report` (Standard): one report file made, or its failure recorded; full execution logging and tracing. */
export class ReportWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: ReportWorkflowProps) {
    super(scope, id);
    const { stage } = props;
    const fn = (stateName: keyof typeof REPORT_TASKS, opts: { memorySize?: number; timeout?: Duration; assets?: string[] }) => {
      const task = REPORT_TASKS[stateName];
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
    // The PDF's font files travel beside the bundle (the PDF writer reads ./fonts/ next to its module).
    const reportFile = fn('ReportFile', { memorySize: 1024, timeout: EXPORT_TIMEOUT, assets: ['functions/adapters/pdf/fonts'] });
    const recordFailure = fn('RecordReportFailure', {});
    const name = stage.physicalName('report');
    const executionLogs = new logs.LogGroup(this, 'ExecutionLogs', {
      logGroupName: `/aws/vendedlogs/states/${name}`,
      retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: name,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(reportDefinition(this, { ReportFile: reportFile.fn, RecordReportFailure: recordFailure.fn })),
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
