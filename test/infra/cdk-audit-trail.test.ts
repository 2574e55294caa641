/**
 * The audit trail is append-only in AWS (issue 28 item 5): every function role of every stack that may write the
 * table is denied UpdateItem, DeleteItem and BatchWriteItem on the trail's partitions (TRAIL#…), so no function can
 * change or remove an entry; puts and reads stay allowed. The stage's retention reaches the functions.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { groups as manifest } from '../../functions/api/manifest';
import { AUDIT_TRAIL_PK_PREFIX } from '../../functions/adapters/dynamodb/keys';
import { AUDIT_TRAIL_DENIED_ACTIONS } from '../../infra/constructs/grants';
import { createConsoleStacks } from '../../infra/stacks/console-app';

type Statement = { Effect: string; Action: string | string[]; Condition?: Record<string, Record<string, string[]>> };
type Resources = Record<string, { Properties: Record<string, any> }>;

const app = new App();
const stacks = createConsoleStacks(app, {
  stage: 'dev',
  groups: manifest,
  bundle: false,
  iotEndpoint: 'example-ats.iot.eu-west-1.amazonaws.com',
  webAssetPath: '/nonexistent/dist',
  auditTrailRetentionDays: '30',
});
const assembly = app.synth();
const templates = [stacks.api, stacks.iot].map((s) => Template.fromJSON(assembly.getStackByName(s.stackName).template));

/** Each role's statements, by role logical id. */
function roles(t: Template): Map<string, Statement[]> {
  const byRole = new Map<string, Statement[]>();
  for (const policy of Object.values(t.findResources('AWS::IAM::Policy') as Resources))
    for (const ref of policy.Properties.Roles as { Ref: string }[])
      byRole.set(ref.Ref, [...(byRole.get(ref.Ref) ?? []), ...(policy.Properties.PolicyDocument.Statement as Statement[])]);
  return byRole;
}

const actions = (s: Statement) => [s.Action].flat();

describe('audit trail entries cannot be changed or removed by any function', () => {
  const all = templates.flatMap((t) => [...roles(t).entries()]);
  const writers = all.filter(([, statements]) => statements.some((s) => s.Effect === 'Allow' && actions(s).includes('dynamodb:UpdateItem')));

  it('finds the table writers (API groups and triggers)', () => {
    expect(writers.length).toBeGreaterThan(10);
  });

  it.each(writers.map(([role]) => role))('%s: update, delete and batch write denied on TRAIL# partitions; put and query allowed', (role) => {
    const statements = writers.find(([r]) => r === role)![1];
    const deny = statements.find((s) => s.Effect === 'Deny' && AUDIT_TRAIL_DENIED_ACTIONS.every((a) => actions(s).includes(a)));
    expect(deny?.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_TRAIL_PK_PREFIX}*`] } });
    const allowed = statements.filter((s) => s.Effect === 'Allow').flatMap(actions);
    expect(allowed).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:GetItem']));
  });
});

it('the stage’s retention (context auditTrailRetentionDays) reaches every API function', () => {
  const functions = Object.values(templates[0]!.findResources('AWS::Lambda::Function') as Resources).filter((f) =>
    String(f.Properties.FunctionName).startsWith('vend-dev-api-'),
  );
  expect(functions.length).toBe(manifest.length);
  for (const f of functions) expect(f.Properties.Environment.Variables.AUDIT_TRAIL_RETENTION_DAYS).toBe('30');
});

describe('alarms on the audit trail’s metrics', () => {
  // In the data stack, beside the alarm topic.
  const data = Template.fromJSON(assembly.getStackByName(stacks.data.stackName).template);
  const alarms = Object.values(data.findResources('AWS::CloudWatch::Alarm') as Resources).map((a) => a.Properties);

  it.each([
    ['vend-dev-audit-trail-write-failures', 'AuditTrailWriteFailures'],
    ['vend-dev-audit-trail-changes-unrecorded', 'AuditTrailChangesUnrecorded'],
    ['vend-dev-audit-trail-intents-recovered', 'AuditTrailIntentsRecovered'],
  ])('%s fires on the first %s count of the stage in five minutes and notifies the alarm topic', (name, metric) => {
    const alarm = alarms.find((a) => a.AlarmName === name);
    expect(alarm).toMatchObject({
      Namespace: 'VendConsole',
      MetricName: metric,
      Dimensions: [{ Name: 'stage', Value: 'dev' }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    expect(alarm!.AlarmActions).toHaveLength(1);
    expect(alarm!.OKActions).toEqual(alarm!.AlarmActions);
  });
});
