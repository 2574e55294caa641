import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { triggerEntry, triggers, triggersOf } from '../../functions/triggers/manifest';
import { HISTORICAL_DATA_TASKS, REPORT_TASKS } from '../../infra/constructs/historical-data-tasks';
import { ROLLOUT_TASKS } from '../../infra/constructs/rollout-tasks';
import { localIntervalEnv, localIotRules } from '../../infra/local/iot-rules';
import { createConsoleStacks } from '../../infra/stacks/console-app';

type Resources = Record<string, { Properties: Record<string, any> }>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TRIGGERS_DIR = join(ROOT, 'functions/triggers');

describe('triggers manifest (functions/triggers/manifest.ts)', () => {
  it('declares every trigger folder, and each declaration has its folder with handler.ts and deps.ts', () => {
    const folders = readdirSync(TRIGGERS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual(triggers.map((t) => t.name).sort());
    for (const t of triggers) {
      expect(existsSync(join(ROOT, triggerEntry(t.name))), triggerEntry(t.name)).toBe(true);
      expect(existsSync(join(TRIGGERS_DIR, t.name, 'deps.ts')), `${t.name}/deps.ts`).toBe(true);
    }
    expect(new Set(triggers.map((t) => t.name)).size).toBe(triggers.length);
  });

  it('takes each trigger’s access from its deps.ts, whose deps are built once per process (lazy)', async () => {
    for (const t of triggers) {
      const deps = (await import(join(TRIGGERS_DIR, t.name, 'deps.ts'))) as { access: unknown; feature?: unknown; deps: { reset?: unknown } };
      expect(deps.access, t.name).toBe(t.access);
      // A trigger's feature (README "Merchant features"), where its work belongs to one, comes from its deps.ts too.
      expect(deps.feature, t.name).toBe(t.feature);
      expect(typeof deps.deps, t.name).toBe('function');
      expect(typeof deps.deps.reset, t.name).toBe('function');
    }
  });

  it('declares the merchant feature of the triggers whose work belongs to one: the command sweep’s scheduled configuration sends', () => {
    expect(triggers.filter((t) => t.feature).map((t) => [t.name, t.feature!.flag])).toEqual([['command-sweep', 'REMOTE_CONFIGURATIONS']]);
  });

  it('drives the CDK template: one function per trigger, on its declared source', () => {
    const app = new App();
    const stacks = createConsoleStacks(app, {
      stage: 'dev',
      groups: [],
      bundle: false,
      iotEndpoint: 'example-ats.iot.eu-west-1.amazonaws.com',
      webAssetPath: '/nonexistent/dist',
      consoleOrigin: 'https://console.example.com',
      notificationFrom: 'alarms@example.com',
    });
    const assembly = app.synth();
    const iot = Template.fromJSON(assembly.getStackByName(stacks.iot.stackName).template);
    const api = Template.fromJSON(assembly.getStackByName(stacks.api.stackName).template);
    const functions = [iot, api].flatMap((t) =>
      Object.entries(t.findResources('AWS::Lambda::Function') as Resources).map(([id, f]) => ({ id, name: f.Properties.FunctionName as string })),
    );
    expect(functions.map((f) => f.name).filter((n) => n?.startsWith('vend-dev-'))).toEqual(expect.arrayContaining(triggers.map((t) => `vend-dev-${t.name}`)));
    const idOf = (name: string) => functions.find((f) => f.name === `vend-dev-${name}`)!.id;

    const rules = Object.values(iot.findResources('AWS::IoT::TopicRule') as Resources).map((r) => r.Properties);
    expect(rules.map((r) => r.RuleName).sort()).toEqual(
      triggersOf('iotRule')
        .map((t) => `vend_dev_${t.source.rule.replaceAll('-', '_')}`)
        .sort(),
    );
    for (const t of triggersOf('iotRule')) {
      const rule = rules.find((r) => r.RuleName === `vend_dev_${t.source.rule.replaceAll('-', '_')}`)!;
      expect(rule.TopicRulePayload.Sql).toContain(`FROM '${t.source.topicFilter}'`);
      const [action] = rule.TopicRulePayload.Actions;
      if (t.source.batch) iot.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: idOf(t.name) }, BatchSize: t.source.batch.size });
      else expect(action.Lambda.FunctionArn).toEqual({ 'Fn::GetAtt': [idOf(t.name), 'Arn'] });
    }

    const schedules = Object.values(iot.findResources('AWS::Events::Rule') as Resources).map((r) => r.Properties);
    expect(schedules.map((s) => s.Name).sort()).toEqual(
      triggersOf('schedule')
        .map((t) => `vend-dev-${t.name}`)
        .sort(),
    );
    for (const t of triggersOf('schedule')) {
      const schedule = schedules.find((s) => s.Name === `vend-dev-${t.name}`)!;
      expect(schedule.ScheduleExpression).toBe(`rate(${t.source.everyMinutes} minute${t.source.everyMinutes === 1 ? '' : 's'})`);
      expect(schedule.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [idOf(t.name), 'Arn'] } })]);
    }

    for (const t of triggersOf('tableStream')) {
      iot.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: idOf(t.name) },
        BatchSize: t.source.batchSize,
        MaximumRetryAttempts: t.source.retryAttempts,
      });
    }
    for (const t of triggersOf('emailFeedback')) {
      iot.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [idOf(t.name), 'Arn'] } });
    }
    const stateMachines = Object.values(api.findResources('AWS::StepFunctions::StateMachine') as Resources);
    const machineNames = { historicalData: 'vend-dev-historical-data', report: 'vend-dev-report', rollout: 'vend-dev-rollout' } as const;
    for (const t of triggersOf('workflowTask')) {
      const stateMachine = stateMachines.find((m) => m.Properties.StateMachineName === machineNames[t.source.workflow]);
      expect(JSON.stringify(stateMachine!.Properties.DefinitionString)).toContain(idOf(t.name));
    }
  }, 120_000);

  it('drives the local stack: the rule router’s rules, the schedules’ timers and the workflow Tasks', async () => {
    const rules = await localIotRules();
    expect(rules.map((r) => [r.name, r.topicFilter, !!r.batch])).toEqual(
      triggersOf('iotRule').map((t) => [t.source.rule, t.source.topicFilter, !!t.source.batch]),
    );
    expect(triggersOf('schedule').map((t) => localIntervalEnv(t.name))).toEqual([
      'CONNECTION_SWEEP_INTERVAL_MS',
      'COMMAND_SWEEP_INTERVAL_MS',
      'MACHINE_PURGE_SWEEP_INTERVAL_MS',
      'MACHINE_REGROUP_SWEEP_INTERVAL_MS',
      'DATA_SUBSCRIPTION_SWEEP_INTERVAL_MS',
      'NOTIFICATION_DIGEST_SWEEP_INTERVAL_MS',
      'ANOMALY_SWEEP_INTERVAL_MS',
      'AUDIT_INTENT_SWEEP_INTERVAL_MS',
      'LICENCE_SWEEP_INTERVAL_MS',
    ]);
    expect([...Object.values(HISTORICAL_DATA_TASKS), ...Object.values(REPORT_TASKS), ...Object.values(ROLLOUT_TASKS)].map((task) => task.entry)).toEqual(
      triggersOf('workflowTask').map((t) => triggerEntry(t.name)),
    );
  });
});
