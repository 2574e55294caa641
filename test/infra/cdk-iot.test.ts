import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteGroup } from '../../functions/shared/http/manifest';
import { createConsoleStacks } from '../../infra/stacks/console-app';
import { DEFAULT_IOT_RULES, type IotRuleDefinition } from '../../infra/stacks/iot-stack';

type Resources = Record<string, { Properties: Record<string, any> }>;

const dir = mkdtempSync(join(tmpdir(), 'cdk-iot-'));
const entry = (name: string) => {
  const file = join(dir, `iot-${name}.ts`);
  writeFileSync(file, 'export const handler = async () => undefined;\n');
  return file;
};
// Two trigger files exist, the other three rules point at files that do not.
const rules: IotRuleDefinition[] = DEFAULT_IOT_RULES.map((rule) =>
  rule.name === 'telemetry' || rule.name === 'commands-ack' ? { ...rule, entry: entry(rule.name) } : { ...rule, entry: join(dir, 'missing', `${rule.name}.ts`) },
);

function iot(extra: { iotEndpoint?: string } = {}) {
  const app = new App();
  const stacks = createConsoleStacks(app, { stage: 'dev', groups: [] as RouteGroup[], bundle: false, webAssetPath: '/nonexistent/dist', iotRules: rules, ...extra });
  const assembly = app.synth();
  return Template.fromJSON(assembly.getStackByName(stacks.iot.stackName).template);
}

describe('iot stack', () => {
  const t = iot();

  it('declares the five device → cloud topics by default, each with its trigger file', () => {
    expect(DEFAULT_IOT_RULES.map((r) => [r.topicFilter, r.entry])).toEqual([
      ['vend/+/telemetry', 'functions/triggers/iot-telemetry.ts'],
      ['vend/+/sales', 'functions/triggers/iot-sales.ts'],
      ['vend/+/alarms', 'functions/triggers/iot-alarms.ts'],
      ['vend/+/audit', 'functions/triggers/iot-audit.ts'],
      ['vend/+/commands/ack', 'functions/triggers/iot-commands-ack.ts'],
    ]);
  });

  it('creates a rule and a trigger function only for trigger files that exist', () => {
    const topicRules = Object.values(t.findResources('AWS::IoT::TopicRule') as Resources).map((r) => r.Properties);
    expect(topicRules.map((r) => r.RuleName).sort()).toEqual(['vend_dev_commands_ack', 'vend_dev_telemetry']);
    const functions = Object.values(t.findResources('AWS::Lambda::Function') as Resources).map((f) => f.Properties);
    const triggers = functions.filter((f) => typeof f.FunctionName === 'string' && f.FunctionName.startsWith('vend-dev-iot-'));
    expect(triggers.map((f) => f.FunctionName).sort()).toEqual(['vend-dev-iot-commands-ack', 'vend-dev-iot-telemetry']);
    for (const f of triggers) {
      expect(f.Runtime).toBe('nodejs22.x');
      expect(f.Architectures).toEqual(['arm64']);
      expect(f.Environment.Variables.TABLE_NAME).toBeDefined();
    }
  });

  it('selects the topic and receive time, targets the trigger, and logs failed actions', () => {
    const functionIds = Object.fromEntries(
      Object.entries(t.findResources('AWS::Lambda::Function') as Resources).map(([id, f]) => [f.Properties.FunctionName, id]),
    );
    const topicRules = t.findResources('AWS::IoT::TopicRule') as Resources;
    const logGroups = t.findResources('AWS::Logs::LogGroup') as Resources;
    const errorLog = Object.entries(logGroups).find(([, g]) => g.Properties.LogGroupName === '/vend/dev/iot-rule-errors')!;
    for (const [name, filter] of [['telemetry', 'vend/+/telemetry'], ['commands_ack', 'vend/+/commands/ack']] as const) {
      const [ruleId, rule] = Object.entries(topicRules).find(([, r]) => r.Properties.RuleName === `vend_dev_${name}`)!;
      const payload = rule.Properties.TopicRulePayload;
      expect(payload.Sql).toBe(`SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '${filter}'`);
      expect(payload.AwsIotSqlVersion).toBe('2016-03-23');
      const fnId = functionIds[`vend-dev-iot-${name.replace('_', '-')}`];
      expect(payload.Actions).toEqual([{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } }]);
      expect(payload.ErrorAction.CloudwatchLogs.LogGroupName).toEqual({ Ref: errorLog[0] });
      t.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        Principal: 'iot.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      });
    }
  });

  it('has a device policy bound to the thing name: client id, publish and subscribe under vend/<thing>/', () => {
    const [policy] = Object.values(t.findResources('AWS::IoT::Policy') as Resources);
    expect(policy!.Properties.PolicyName).toBe('vend-dev-device');
    const statements = policy!.Properties.PolicyDocument.Statement as Record<string, any>[];
    const flat = (s: Record<string, any>) => [s.Resource].flat().map((r) => JSON.stringify(r));
    const by = (action: string) => statements.find((s) => s.Action === action)!;
    const thing = '${iot:Connection.Thing.ThingName}';
    expect(statements.map((s) => s.Action).sort()).toEqual(['iot:Connect', 'iot:Publish', 'iot:Receive', 'iot:Subscribe']);
    expect(flat(by('iot:Connect'))).toEqual([expect.stringContaining(`:client/${thing}"`)]);
    expect(by('iot:Connect').Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
    expect(flat(by('iot:Publish')).map((r) => r.match(/:topic\/(.*)"\]\]\}$/)![1])).toEqual(
      ['telemetry', 'sales', 'alarms', 'audit', 'commands/ack'].map((topic) => `vend/${thing}/${topic}`),
    );
    expect(flat(by('iot:Subscribe'))).toEqual([expect.stringContaining(`:topicfilter/vend/${thing}/commands"`)]);
    expect(flat(by('iot:Receive'))).toEqual([expect.stringContaining(`:topic/vend/${thing}/commands"`)]);
  });

  it('looks the data endpoint up at deploy time unless context gives it', () => {
    t.resourceCountIs('Custom::AWS', 1);
    expect(JSON.stringify(t.toJSON())).toContain('DescribeEndpoint');
    const given = iot({ iotEndpoint: 'abc-ats.iot.eu-west-1.amazonaws.com' });
    given.resourceCountIs('Custom::AWS', 0);
    const fn = Object.values(given.findResources('AWS::Lambda::Function') as Resources).find((f) => f.Properties.FunctionName === 'vend-dev-iot-telemetry')!;
    expect(fn.Properties.Environment.Variables.IOT_ENDPOINT).toBe('abc-ats.iot.eu-west-1.amazonaws.com');
  });
});
