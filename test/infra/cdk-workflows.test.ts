import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { groups as manifest } from '../../functions/api/manifest';
import { EXPORT_RETRY, HISTORICAL_DATA_TASKS, historicalDataAsl, localTaskArn } from '../../infra/constructs/historical-data-workflow';
import { ROLLOUT_TASKS, rolloutAsl, STEP_RETRY } from '../../infra/constructs/rollout-workflow';
import { createConsoleStacks } from '../../infra/stacks/console-app';

type Resources = Record<string, { Properties: Record<string, any> }>;

const app = new App();
const stacks = createConsoleStacks(app, {
  stage: 'dev',
  groups: manifest,
  bundle: false,
  iotEndpoint: 'example-ats.iot.eu-west-1.amazonaws.com',
  webAssetPath: '/nonexistent/dist',
});
const api = Template.fromJSON(app.synth().getStackByName(stacks.api.stackName).template);
const stateMachines = Object.values(api.findResources('AWS::StepFunctions::StateMachine') as Resources);
const stateMachine = stateMachines.find((m) => m.Properties.StateMachineName === 'vend-dev-historical-data')!;
const rolloutMachine = stateMachines.find((m) => m.Properties.StateMachineName === 'vend-dev-rollout')!;
const functionIds = Object.fromEntries(
  Object.entries(api.findResources('AWS::Lambda::Function') as Resources).map(([id, f]) => [f.Properties.FunctionName as string, id]),
);

/** The synthesised DefinitionString with each function ARN written `<logicalId>`. */
function definition(machine = stateMachine): Record<string, any> {
  const [, parts] = machine.Properties.DefinitionString['Fn::Join'] as [string, unknown[]];
  const text = parts.map((p) => (typeof p === 'string' ? p : `<${(p as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]}>`)).join('');
  return JSON.parse(text) as Record<string, any>;
}

describe('historical-data state machine', () => {
  const asl = definition();
  const exportId = functionIds['vend-dev-historical-export']!;
  const failureId = functionIds['vend-dev-historical-export-failure']!;

  it('is one Standard state machine of the stage, logging every event with execution data, traced by X-Ray', () => {
    expect(stateMachine.Properties).toMatchObject({
      StateMachineName: 'vend-dev-historical-data',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
    });
    api.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/vendedlogs/states/vend-dev-historical-data', RetentionInDays: 30 });
  });

  it('runs Export with the execution input, retried with backoff on any function error, and catches what is left into RecordFailure then Fail', () => {
    expect(asl.StartAt).toBe('Export');
    const exportState = asl.States.Export;
    expect(exportState).toMatchObject({ Type: 'Task', Resource: `<${exportId}>`, End: true, TimeoutSeconds: 900 });
    expect(exportState.Parameters).toBeUndefined();
    expect(exportState.Retry).toContainEqual({
      ErrorEquals: ['States.TaskFailed'],
      IntervalSeconds: EXPORT_RETRY.intervalSeconds,
      MaxAttempts: EXPORT_RETRY.maxRetries,
      BackoffRate: EXPORT_RETRY.backoffRate,
    });
    expect(EXPORT_RETRY.backoffRate).toBeGreaterThan(1);
    expect(exportState.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: expect.arrayContaining(['Lambda.ServiceException']), BackoffRate: 2 }));
    expect(exportState.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }]);
    expect(asl.States.RecordFailure).toMatchObject({ Type: 'Task', Resource: `<${failureId}>`, ResultPath: null, Next: 'Failed' });
    expect(asl.States.Failed).toMatchObject({ Type: 'Fail', ErrorPath: '$.error.Error', CausePath: '$.error.Cause' });
    expect(Object.keys(asl.States).sort()).toEqual(['Export', 'Failed', 'RecordFailure']);
  });

  it('is the definition the local runner executes (the same ASL, placeholder ARNs)', () => {
    const local = JSON.stringify(historicalDataAsl())
      .replace(localTaskArn(HISTORICAL_DATA_TASKS.Export), `<${exportId}>`)
      .replace(localTaskArn(HISTORICAL_DATA_TASKS.RecordFailure), `<${failureId}>`);
    expect(JSON.parse(local)).toEqual(asl);
  });

  it('has a role that may invoke exactly its two Task functions', () => {
    const roleId = stateMachine.Properties.RoleArn['Fn::GetAtt'][0] as string;
    const statements = Object.values(api.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
    const invoke = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('lambda:')));
    expect(invoke.flatMap((s) => [s.Action].flat())).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunction']);
    const targets = invoke.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
    for (const id of [exportId, failureId]) {
      expect(targets).toContain(JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }));
      // … and its versions (`<arn>:*`)
      expect(targets.some((t) => t.includes(id) && t.includes(':*'))).toBe(true);
    }
    expect(targets).toHaveLength(4);
  });

  it('gives the Task functions a function each, with the export as long as Lambda allows', () => {
    const fns = Object.values(api.findResources('AWS::Lambda::Function') as Resources).map((f) => f.Properties);
    expect(fns.find((f) => f.FunctionName === 'vend-dev-historical-export')).toMatchObject({ Timeout: 900, MemorySize: 1024 });
    expect(fns.find((f) => f.FunctionName === 'vend-dev-historical-export-failure')).toMatchObject({ Timeout: 29 });
  });
});

describe('rollout state machine', () => {
  const asl = definition(rolloutMachine);
  const stepId = functionIds['vend-dev-rollout-step']!;

  it('steps, and waits the time each step gives until one says it is done', () => {
    expect(rolloutMachine.Properties).toMatchObject({ StateMachineType: 'STANDARD', TracingConfiguration: { Enabled: true } });
    expect(asl.StartAt).toBe('Step');
    expect(asl.States.Step).toMatchObject({ Type: 'Task', Resource: `<${stepId}>`, Next: 'Finished' });
    expect(asl.States.Step.Retry).toContainEqual(
      expect.objectContaining({ ErrorEquals: ['States.TaskFailed'], IntervalSeconds: STEP_RETRY.intervalSeconds, MaxAttempts: STEP_RETRY.maxRetries }),
    );
    expect(asl.States.Finished).toMatchObject({
      Type: 'Choice',
      Choices: [{ Variable: '$.done', BooleanEquals: true, Next: 'Done' }],
      Default: 'WaitForNextStep',
    });
    expect(asl.States.WaitForNextStep).toEqual({ Type: 'Wait', SecondsPath: '$.waitSeconds', Next: 'Step' });
  });

  it('is the definition the local runner executes', () => {
    expect(JSON.parse(JSON.stringify(rolloutAsl()).replace(localTaskArn(ROLLOUT_TASKS.Step), `<${stepId}>`))).toEqual(asl);
  });

  it('is started only by the groups that create rules, which are told its ARN', () => {
    const starters = manifest.filter((g) => g.access.startRollouts).map((g) => g.name);
    expect(starters).toEqual(['firmware-rules']);
    const fn = Object.values(api.findResources('AWS::Lambda::Function') as Resources).find((f) => f.Properties.FunctionName === 'vend-dev-api-firmware-rules')!;
    expect(fn.Properties.Environment.Variables.ROLLOUT_STATE_MACHINE_ARN).toBeDefined();
  });
});
