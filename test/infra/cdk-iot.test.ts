import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteGroup } from '../../functions/http/manifest';
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
  rule.name === 'telemetry' || rule.name === 'commands-ack'
    ? { ...rule, entry: entry(rule.name) }
    : { ...rule, entry: join(dir, 'missing', `${rule.name}.ts`) },
);

function iot(extra: { iotEndpoint?: string; consoleOrigin?: string; notificationFrom?: string } = {}) {
  const app = new App();
  const stacks = createConsoleStacks(app, {
    stage: 'dev',
    groups: [] as RouteGroup[],
    bundle: false,
    webAssetPath: '/nonexistent/dist',
    iotRules: rules,
    ...extra,
  });
  const assembly = app.synth();
  return Template.fromJSON(assembly.getStackByName(stacks.iot.stackName).template);
}

describe('iot stack', () => {
  const t = iot();

  it('declares the twelve device → cloud topics by default, each with its trigger file; ingestion rules are batched', () => {
    expect(DEFAULT_IOT_RULES.map((r) => [r.topicFilter, r.entry, !!r.batch])).toEqual([
      ['vend/+/telemetry', 'functions/triggers/iot-telemetry/handler.ts', true],
      ['vend/+/sales', 'functions/triggers/iot-sales/handler.ts', true],
      ['vend/+/alarms', 'functions/triggers/iot-alarms/handler.ts', true],
      ['vend/+/audit', 'functions/triggers/iot-audit/handler.ts', true],
      ['vend/+/config', 'functions/triggers/iot-config/handler.ts', true],
      ['vend/+/commands/ack', 'functions/triggers/iot-commands-ack/handler.ts', false],
      ['vend/+/sensors', 'functions/triggers/iot-sensors/handler.ts', true],
      ['vend/+/cash-acceptance', 'functions/triggers/iot-cash-acceptance/handler.ts', true],
      ['vend/+/cash-movements', 'functions/triggers/iot-cash-movements/handler.ts', true],
      ['vend/+/device-errors', 'functions/triggers/iot-device-errors/handler.ts', true],
      ['vend/+/licenseinfos', 'functions/triggers/iot-licenseinfos/handler.ts', false],
      ['vend/+/firmware', 'functions/triggers/iot-firmware/handler.ts', false],
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
    for (const [name, filter] of [
      ['telemetry', 'vend/+/telemetry'],
      ['commands_ack', 'vend/+/commands/ack'],
    ] as const) {
      const [ruleId, rule] = Object.entries(topicRules).find(([, r]) => r.Properties.RuleName === `vend_dev_${name}`)!;
      const payload = rule.Properties.TopicRulePayload;
      expect(payload.Sql).toBe(`SELECT *, topic() AS topic, timestamp() AS receivedAt FROM '${filter}'`);
      expect(payload.AwsIotSqlVersion).toBe('2016-03-23');
      expect(payload.ErrorAction.CloudwatchLogs.LogGroupName).toEqual({ Ref: errorLog[0] });
      const fnId = functionIds[`vend-dev-iot-${name.replace('_', '-')}`];
      if (name === 'commands_ack') {
        expect(payload.Actions).toEqual([{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } }]);
        t.hasResourceProperties('AWS::Lambda::Permission', {
          FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
          Principal: 'iot.amazonaws.com',
          SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
        });
      }
    }
  });

  it('batched rules: IoT rule → SQS queue (encrypted, TLS only, dead letters) → trigger in batches with partial failures', () => {
    const queues = t.findResources('AWS::SQS::Queue') as Resources;
    const byName = (n: string) => Object.entries(queues).find(([, q]) => q.Properties.QueueName === n)!;
    const [queueId, queue] = byName('vend-dev-iot-telemetry');
    const [dlqId, dlq] = byName('vend-dev-iot-telemetry-dlq');
    expect(Object.keys(queues)).toHaveLength(2); // only the telemetry trigger exists here
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 174,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    for (const id of [queueId, dlqId]) {
      const policies = Object.values(t.findResources('AWS::SQS::QueuePolicy') as Resources).filter((p) => JSON.stringify(p.Properties.Queues).includes(id));
      expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
    }
    const rule = Object.values(t.findResources('AWS::IoT::TopicRule') as Resources).find((r) => r.Properties.RuleName === 'vend_dev_telemetry')!;
    const [action] = rule.Properties.TopicRulePayload.Actions;
    expect(action.Sqs).toMatchObject({ QueueUrl: { Ref: queueId }, UseBase64: false });
    const roleId = action.Sqs.RoleArn['Fn::GetAtt'][0];
    const roleJson = JSON.stringify(
      Object.values(t.findResources('AWS::IAM::Policy') as Resources).filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId)),
    );
    expect(roleJson).toContain('sqs:SendMessage');
    const functionIds = Object.fromEntries(
      Object.entries(t.findResources('AWS::Lambda::Function') as Resources).map(([id, f]) => [f.Properties.FunctionName, id]),
    );
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionIds['vend-dev-iot-telemetry'] },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 500,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
  });

  it('alarms on every dead-letter queue as soon as a message is in it, telling the stage’s alarm topic', () => {
    const queues = t.findResources('AWS::SQS::Queue') as Resources;
    const [dlqId] = Object.entries(queues).find(([, q]) => q.Properties.QueueName === 'vend-dev-iot-telemetry-dlq')!;
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm') as Resources).map((a) => a.Properties);
    expect(alarms).toHaveLength(1); // one batched rule (telemetry) exists here
    expect(alarms[0]).toMatchObject({
      AlarmName: 'vend-dev-iot-telemetry-dead-letters',
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const topic = alarms[0]!.AlarmActions[0]['Fn::ImportValue'] as string;
    expect(topic).toMatch(/^vend-dev-data:.*Alarms/);
    expect(alarms[0]!.OKActions).toEqual([{ 'Fn::ImportValue': topic }]);
  });

  it('runs the connection sweep every minute with the offline window in the environment', () => {
    const fn = Object.entries(t.findResources('AWS::Lambda::Function') as Resources).find(
      ([, f]) => f.Properties.FunctionName === 'vend-dev-connection-sweep',
    )!;
    expect(fn[1].Properties.Environment.Variables).toMatchObject({ CONNECTION_OFFLINE_AFTER_SECONDS: '900', TABLE_NAME: expect.anything() });
    const telemetry = Object.values(t.findResources('AWS::Lambda::Function') as Resources).find((f) => f.Properties.FunctionName === 'vend-dev-iot-telemetry')!;
    expect(telemetry.Properties.Environment.Variables.CONNECTION_OFFLINE_AFTER_SECONDS).toBe('900');
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-connection-sweep');
    expect(schedule!.Properties).toMatchObject({ Name: 'vend-dev-connection-sweep', ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(schedule!.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [fn[0], 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 300 } }),
    ]);
  });

  it('runs the command sweep every minute, allowed to publish only to vend/*/commands', () => {
    const [id, fn] = Object.entries(t.findResources('AWS::Lambda::Function') as Resources).find(
      ([, f]) => f.Properties.FunctionName === 'vend-dev-command-sweep',
    )!;
    expect(fn.Properties.Environment.Variables).toMatchObject({ TABLE_NAME: expect.anything(), IOT_ENDPOINT: expect.anything() });
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-command-sweep')!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(schedule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } })]);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const policies = JSON.stringify(
      Object.values(t.findResources('AWS::IAM::Policy') as Resources).filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId)),
    );
    expect(policies).toContain('iot:Publish');
    expect(policies).toContain(':topic/vend/*/commands');
  });

  it('runs the machine purge sweep every minute, with the table and no IoT permission', () => {
    const [id, fn] = Object.entries(t.findResources('AWS::Lambda::Function') as Resources).find(
      ([, f]) => f.Properties.FunctionName === 'vend-dev-machine-purge-sweep',
    )!;
    expect(fn.Properties.Environment.Variables).toMatchObject({ TABLE_NAME: expect.anything() });
    expect(fn.Properties.Timeout).toBe(50);
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-machine-purge-sweep')!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', Description: 'Runs the machine purge sweep' });
    expect(schedule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } })]);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const policies = JSON.stringify(
      Object.values(t.findResources('AWS::IAM::Policy') as Resources).filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId)),
    );
    expect(policies).toContain('dynamodb:DeleteItem');
    expect(policies).not.toContain('iot:Publish');
  });

  it('runs the machine regroup sweep every minute, with the table and no IoT permission', () => {
    const [id, fn] = Object.entries(t.findResources('AWS::Lambda::Function') as Resources).find(
      ([, f]) => f.Properties.FunctionName === 'vend-dev-machine-regroup-sweep',
    )!;
    expect(fn.Properties.Environment.Variables).toMatchObject({ TABLE_NAME: expect.anything() });
    expect(fn.Properties.Timeout).toBe(50);
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-machine-regroup-sweep')!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', Description: 'Runs the machine regroup sweep' });
    expect(schedule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } })]);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const policies = JSON.stringify(
      Object.values(t.findResources('AWS::IAM::Policy') as Resources).filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId)),
    );
    expect(policies).toContain('dynamodb:UpdateItem');
    expect(policies).not.toContain('iot:Publish');
  });

  it('runs the scheduled exports sweep every minute, starting executions of the stage’s historical-data state machine only (found by name)', () => {
    const [id, fn] = Object.entries(t.findResources('AWS::Lambda::Function') as Resources).find(
      ([, f]) => f.Properties.FunctionName === 'vend-dev-data-subscription-sweep',
    )!;
    const arn = JSON.stringify(fn.Properties.Environment.Variables.HISTORICAL_DATA_STATE_MACHINE_ARN);
    expect(arn).toContain(':states:');
    expect(arn).toContain('stateMachine:vend-dev-historical-data');
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-data-subscription-sweep')!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(schedule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } })]);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(t.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
    const start = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('states:')));
    expect(start).toHaveLength(1);
    expect(start[0]!.Action).toBe('states:StartExecution');
    expect(JSON.stringify(start[0]!.Resource)).toBe(arn);
    expect(JSON.stringify(statements)).not.toContain('iot:Publish');
  });

  it('grants each trigger what its deps use: the table read/write, iot:Publish to the command sweep (commands) and the telemetry trigger (media lists) only', () => {
    const fns = Object.values(t.findResources('AWS::Lambda::Function') as Resources).map((f) => f.Properties);
    const policies = Object.values(t.findResources('AWS::IAM::Policy') as Resources);
    const actions = (functionName: string) => {
      const roleId = fns.find((f) => f.FunctionName === functionName)!.Role['Fn::GetAtt'][0];
      const own = policies.filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId));
      return own.flatMap((p) => (p.Properties.PolicyDocument.Statement as Record<string, any>[]).flatMap((s) => [s.Action].flat() as string[]));
    };
    const names = [
      'vend-dev-iot-telemetry',
      'vend-dev-iot-commands-ack',
      'vend-dev-connection-sweep',
      'vend-dev-command-sweep',
      'vend-dev-machine-purge-sweep',
      'vend-dev-machine-regroup-sweep',
    ];
    const publishers = names.filter((n) => actions(n).includes('iot:Publish'));
    expect(publishers).toEqual(['vend-dev-iot-telemetry', 'vend-dev-command-sweep']);
    const publishTopics = (functionName: string) => {
      const roleId = fns.find((f) => f.FunctionName === functionName)!.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
      return statements.filter((s) => [s.Action].flat().includes('iot:Publish')).map((s) => JSON.stringify(s.Resource));
    };
    expect(publishTopics('vend-dev-iot-telemetry')).toEqual([expect.stringContaining(':topic/vend/*/medias"')]);
    expect(publishTopics('vend-dev-command-sweep')).toEqual([expect.stringContaining(':topic/vend/*/commands"')]);
    for (const n of names) expect(actions(n)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
    // Beside them only its logs and X-Ray traces, and the batched telemetry trigger's consumption of its own queue.
    for (const n of names) expect(actions(n).filter((a) => !/^(dynamodb|logs|xray|iot|sqs):/.test(a))).toEqual([]);
    expect(names.filter((n) => actions(n).some((a) => a.startsWith('sqs:')))).toEqual(['vend-dev-iot-telemetry']);
  });

  it('has a device policy bound to the thing name: client id, publish (named and Basic Ingest) and subscribe under vend/<thing>/', () => {
    const [policy] = Object.values(t.findResources('AWS::IoT::Policy') as Resources);
    expect(policy!.Properties.PolicyName).toBe('vend-dev-device');
    const statements = policy!.Properties.PolicyDocument.Statement as Record<string, any>[];
    const flat = (s: Record<string, any>) => [s.Resource].flat().map((r) => JSON.stringify(r));
    const by = (action: string) => statements.find((s) => s.Action === action)!;
    const thing = '${iot:Connection.Thing.ThingName}';
    expect(statements.map((s) => s.Action).sort()).toEqual(['iot:Connect', 'iot:Publish', 'iot:Receive', 'iot:Subscribe']);
    expect(flat(by('iot:Connect'))).toEqual([expect.stringContaining(`:client/${thing}"`)]);
    expect(by('iot:Connect').Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
    // Each topic named, and (but the command acknowledgement and the licence report) on Basic Ingest to the stage's rule of the topic.
    expect(flat(by('iot:Publish')).map((r) => r.match(/:topic\/(.*)"\]\]\}$/)![1])).toEqual(
      [
        'telemetry',
        'sales',
        'alarms',
        'audit',
        'config',
        'commands/ack',
        'sensors',
        'cash-acceptance',
        'cash-movements',
        'device-errors',
        'licenseinfos',
        'firmware',
      ].flatMap((topic) => [
        `vend/${thing}/${topic}`,
        ...(topic === 'commands/ack' || topic === 'licenseinfos' || topic === 'firmware'
          ? []
          : [`$aws/rules/vend_dev_${topic.replace(/-/g, '_')}/vend/${thing}/${topic}`]),
      ]),
    );
    // Commands, and the merchant's media list (blocked media, cloud credit).
    expect(flat(by('iot:Subscribe'))).toEqual(['commands', 'medias'].map((topic) => expect.stringContaining(`:topicfilter/vend/${thing}/${topic}"`)));
    expect(flat(by('iot:Receive'))).toEqual(['commands', 'medias'].map((topic) => expect.stringContaining(`:topic/vend/${thing}/${topic}"`)));
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

describe('alarm notifications', () => {
  const t = iot({ consoleOrigin: 'https://console.example.com', notificationFrom: 'alarms@example.com' });
  const functions = t.findResources('AWS::Lambda::Function') as Resources;
  const [senderId, sender] = Object.entries(functions).find(([, f]) => f.Properties.FunctionName === 'vend-dev-notification-sender')!;
  const statementsOf = (fn: { Properties: Record<string, any> }) => {
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    return Object.values(t.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
  };

  it('the sender reads the table’s stream, outbox inserts only, in batches with partial failures, retries and a dead-letter queue', () => {
    const mappings = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Resources)
      .map((m) => m.Properties)
      .filter((m) => m.FunctionName.Ref === senderId);
    expect(mappings).toHaveLength(1);
    const queues = t.findResources('AWS::SQS::Queue') as Resources;
    const [dlqId, dlq] = Object.entries(queues).find(([, q]) => q.Properties.QueueName === 'vend-dev-notification-sender-dlq')!;
    expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    expect(mappings[0]).toMatchObject({
      StartingPosition: 'LATEST',
      BatchSize: 10,
      MaximumRetryAttempts: 8,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
    expect(JSON.stringify(mappings[0]!.EventSourceArn)).toContain('StreamArn');
    expect(JSON.parse(mappings[0]!.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { entity: { S: ['notificationOutbox'] } } },
    });
    const alarm = Object.values(t.findResources('AWS::CloudWatch::Alarm') as Resources).find(
      (a) => a.Properties.AlarmName === 'vend-dev-notification-sender-dead-letters',
    );
    expect(alarm!.Properties).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
    });
  });

  it('sends through the stage’s SES configuration set (bounces and complaints suppressed), with the console origin, sender and link key in its environment', () => {
    const sets = Object.values(t.findResources('AWS::SES::ConfigurationSet') as Resources).map((c) => c.Properties);
    expect(sets).toEqual([expect.objectContaining({ Name: 'vend-dev-notifications', SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] } })]);
    const vars = sender.Properties.Environment.Variables;
    expect(vars).toMatchObject({ CONSOLE_URL: 'https://console.example.com', NOTIFICATION_FROM: 'alarms@example.com', TABLE_NAME: expect.anything() });
    expect(JSON.stringify(vars.SES_CONFIGURATION_SET)).toContain('Ref');
    expect(JSON.stringify(vars.NOTIFICATION_LINK_KEY)).toMatch(/resolve:secretsmanager:/);
  });

  it('grants the sender and the digest sweep the table and ses:SendEmail on the identities and that configuration set only', () => {
    const digest = Object.values(functions).find((f) => f.Properties.FunctionName === 'vend-dev-notification-digest-sweep')!;
    const schedule = Object.values(t.findResources('AWS::Events::Rule') as Resources).find((r) => r.Properties.Name === 'vend-dev-notification-digest-sweep')!;
    expect(schedule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    for (const fn of [sender, digest]) {
      const statements = statementsOf(fn);
      const send = statements.filter((s) => [s.Action].flat().includes('ses:SendEmail'));
      expect(send).toHaveLength(1);
      const resources = JSON.stringify(send[0]!.Resource);
      expect(resources).toContain(':identity/*');
      expect(resources).toContain(':configuration-set/');
      expect(JSON.stringify(statements)).toContain('dynamodb:PutItem');
      expect(JSON.stringify(statements)).not.toContain('iot:Publish');
    }
  });

  it('bounces and complaints of the configuration set reach the feedback function through an SNS topic (TLS only)', () => {
    const [topicId] = Object.entries(t.findResources('AWS::SNS::Topic') as Resources).find(
      ([, r]) => r.Properties.TopicName === 'vend-dev-notification-feedback',
    )!;
    const destinations = Object.values(t.findResources('AWS::SES::ConfigurationSetEventDestination') as Resources).map((r) => r.Properties);
    expect(destinations).toHaveLength(1);
    expect(destinations[0]!.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: ['bounce', 'complaint'],
      SnsDestination: { TopicARN: { Ref: topicId } },
    });
    const [fnId] = Object.entries(functions).find(([, f]) => f.Properties.FunctionName === 'vend-dev-notification-feedback')!;
    const subscriptions = Object.values(t.findResources('AWS::SNS::Subscription') as Resources).map((r) => r.Properties);
    expect(subscriptions).toEqual([expect.objectContaining({ Protocol: 'lambda', TopicArn: { Ref: topicId }, Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] } })]);
    expect(JSON.stringify(statementsOf(functions[fnId]!))).not.toContain('ses:SendEmail');
  });

  it('without a console origin and a sender address no e-mail function exists (a synth note says why)', () => {
    const plain = iot();
    const names = Object.values(plain.findResources('AWS::Lambda::Function') as Resources).map((f) => f.Properties.FunctionName);
    expect(names).not.toContain('vend-dev-notification-sender');
    expect(Object.keys(plain.findResources('AWS::SES::ConfigurationSet'))).toHaveLength(0);
  });
});
