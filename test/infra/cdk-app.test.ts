import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groups as manifest } from '../../functions/api/manifest';
import { createConsoleStacks, type ConsoleAppProps } from '../../infra/stacks/console-app';
import { DEFAULT_IOT_RULES } from '../../infra/stacks/iot-stack';

const dir = mkdtempSync(join(tmpdir(), 'cdk-app-'));
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html>');
// Every trigger exists, so every rule and its function are checked too.
const iotRules = DEFAULT_IOT_RULES.map((rule) => {
  const entry = join(dir, `iot-${rule.name}.ts`);
  writeFileSync(entry, 'export const handler = async () => undefined;\n');
  return { ...rule, entry };
});
function build(props: Partial<ConsoleAppProps>) {
  const app = new App();
  const stacks = createConsoleStacks(app, {
    stage: 'dev',
    groups: manifest,
    bundle: false,
    iotRules,
    webAssetPath: dist,
    ...props,
  });
  const assembly = app.synth();
  return { app, stacks: Object.values(stacks) as Stack[], assembly };
}

describe.each([
  ['dev, endpoint looked up at deploy time', { stage: 'dev' }],
  ['prod, endpoint from context', { stage: 'prod', iotEndpoint: 'abc-ats.iot.eu-west-1.amazonaws.com' }],
  ['dev, alarm notification e-mails on', { stage: 'dev', consoleOrigin: 'https://console.example.com', notificationFrom: 'alarms@example.com' }],
])('whole app (%s)', (_label, props) => {
  const { app, stacks, assembly } = build(props);

  it('has no unacknowledged cdk-nag AwsSolutions finding', () => {
    // control: the same checker does flag an unacknowledged finding
    const control = new App();
    new s3.Bucket(new Stack(control, 'Control'), 'Plain');
    expect(new AwsSolutionsChecks(control).validateScope(control).violations.map((v) => v.ruleName)).toContain('AwsSolutions-S10');

    const report = new AwsSolutionsChecks(app).validateScope(app);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  it('has no CDK error or warning annotation in any stack', () => {
    for (const stack of stacks) {
      const messages = assembly.getStackByName(stack.stackName).messages.filter((m) => m.level === 'error' || m.level === 'warning');
      expect(messages.map((m) => `${m.level} ${m.id}: ${String(m.entry.data)}`)).toEqual([]);
    }
  });

  it('traces every function (X-Ray active, with the right to send its segments) and every state machine; HTTP APIs have none, so the function’s segment starts the trace', () => {
    let functions = 0;
    for (const stack of stacks) {
      const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };
      const resources = Object.entries(template.Resources);
      const policies = resources.filter(([, r]) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::Role');
      for (const [id, r] of resources.filter(([, x]) => x.Type === 'AWS::Lambda::Function')) {
        functions++;
        expect(r.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
        const roleId = r.Properties.Role['Fn::GetAtt'][0] as string;
        const own = policies.filter(([pid, p]) => pid === roleId || JSON.stringify(p.Properties.Roles ?? []).includes(roleId));
        expect(JSON.stringify(own.map(([, p]) => p.Properties)), id).toContain('xray:PutTraceSegments');
      }
      for (const [id, r] of resources.filter(([, x]) => x.Type === 'AWS::StepFunctions::StateMachine')) {
        expect(r.Properties.TracingConfiguration, id).toEqual({ Enabled: true });
      }
    }
    // The route groups', the triggers' (the e-mail ones only with e-mail on) and aws-cdk-lib's deploy-time handlers.
    expect(functions).toBeGreaterThan(manifest.length);
  });

  it('tags every stack and every taggable resource with the stage', () => {
    for (const stack of stacks) {
      const artifact = assembly.getStackByName(stack.stackName);
      // Stack tags: CloudFormation propagates them to every resource, including CDK's own provider functions.
      expect(artifact.tags).toMatchObject({ stage: props.stage });
      const template = Template.fromJSON(artifact.template);
      const resources = Object.entries(template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>)
        // aws-cdk-lib's CustomResourceProvider (autoDeleteObjects) is a raw CfnResource: stack tags only.
        .filter(([id]) => !id.startsWith('CustomS3AutoDeleteObjectsCustomResourceProvider'))
        .map(([, r]) => r);
      for (const type of [
        'AWS::DynamoDB::Table',
        'AWS::S3::Bucket',
        'AWS::Lambda::Function',
        'AWS::IoT::Policy',
        'AWS::CloudFront::Distribution',
        'AWS::IAM::Role',
      ]) {
        for (const r of resources.filter((x) => x.Type === type)) {
          expect(r.Properties?.Tags, `${type} in ${stack.stackName}`).toContainEqual({ Key: 'stage', Value: props.stage });
        }
      }
      for (const r of resources.filter((x) => x.Type === 'AWS::Cognito::UserPool')) {
        expect(r.Properties?.UserPoolTags).toMatchObject({ stage: props.stage });
      }
      for (const r of resources.filter((x) => x.Type === 'AWS::ApiGatewayV2::Api')) {
        expect(r.Properties?.Tags).toMatchObject({ stage: props.stage });
      }
    }
  });
});
