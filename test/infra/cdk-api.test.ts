import { App, NestedStack, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { groups as manifest } from '../../functions/api/manifest';
import { API_PREFIX, type RouteGroup } from '../../functions/http/manifest';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import type { FunctionAccess } from '../../functions/runtime/access';
import { AppFunction } from '../../infra/constructs/app-function';
import {
  BUCKET_LEVEL_ACTIONS,
  BUCKET_READ_ACTIONS,
  BUCKET_READ_WRITE_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_READ_WRITE_ACTIONS,
} from '../../infra/constructs/grants';
import { HISTORICAL_DATA_TASKS } from '../../infra/constructs/historical-data-workflow';
import { REPORT_TASKS } from '../../infra/constructs/report-workflow';
import { ROLLOUT_TASKS } from '../../infra/constructs/rollout-workflow';
import { createConsoleStacks, type ConsoleAppProps } from '../../infra/stacks/console-app';

type Resources = Record<string, { Properties: Record<string, any> }>;

function build(groups: readonly RouteGroup[], extra: Partial<ConsoleAppProps> = {}) {
  const app = new App();
  const stacks = createConsoleStacks(app, {
    stage: 'dev',
    groups,
    bundle: false,
    iotEndpoint: 'example-ats.iot.eu-west-1.amazonaws.com',
    webAssetPath: '/nonexistent/dist',
    ...extra,
  });
  const assembly = app.synth();
  const parent = assembly.getStackByName(stacks.api.stackName).template as { Resources: Record<string, any> };
  return { stacks, api: Template.fromJSON(parent), routeStacks: nestedTemplates(stacks.api, parent) };
}

/**
 * The api stack's nested stacks (each group's routes, integration and permission), their parameters replaced by what
 * the api stack passes them, so a reference reads as if the resource were in the api stack itself.
 */
function nestedTemplates(stack: Stack, parent: { Resources: Record<string, any> }) {
  return stack.node.children
    .filter((c): c is NestedStack => c instanceof NestedStack)
    .map((nested) => {
      const passed = (parent.Resources[stack.getLogicalId(nested.nestedStackResource as CfnElement)].Properties.Parameters ?? {}) as Record<string, unknown>;
      const resolve = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(resolve)
          : v && typeof v === 'object'
            ? 'Ref' in v && (v.Ref as string) in passed
              ? passed[v.Ref as string]
              : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]))
            : v;
      return Template.fromJSON(resolve(Template.fromStack(nested).toJSON()) as Record<string, unknown>);
    });
}

const fake = (name: string, routes: [method: string, path: string, roles: 'public' | string[]][], access: FunctionAccess = { table: 'readWrite' }) =>
  ({
    name,
    access,
    routes: routes.map(([method, path, roles], i) => ({ id: `${name}.r${i}`, method, path, roles, summary: '', response: null, handler: async () => null })),
  }) as unknown as RouteGroup;

const functionsOf = (t: Template) => Object.values(t.findResources('AWS::Lambda::Function') as Resources).map((f) => f.Properties);
const roleOf = (t: Template, functionName: string) => {
  const fn = functionsOf(t).find((f) => f.FunctionName === functionName)!;
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  const policies = Object.values(t.findResources('AWS::IAM::Policy') as Resources).filter((p) =>
    (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
};
/** What the statements allow (the audit trail's Deny is asserted in cdk-audit-trail.test.ts). */
const actionsOf = (statements: Record<string, any>[]) => statements.filter((s) => s.Effect !== 'Deny').flatMap((s) => [s.Action].flat() as string[]);

describe('api stack with the real route manifest', () => {
  const { api, routeStacks } = build(manifest);
  const routes = manifest.flatMap((g) => g.routes.map((r) => ({ group: g.name, ...r })));
  /** Every HttpApi route (in the groups' nested stacks), with the integration it targets. */
  const created = routeStacks.flatMap((t) => {
    const integrations = t.findResources('AWS::ApiGatewayV2::Integration') as Resources;
    return Object.values(t.findResources('AWS::ApiGatewayV2::Route') as Resources).map(({ Properties: r }) => {
      const integrationId = (r.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
      return { ...r, integration: integrations[integrationId.Ref]!.Properties } as Record<string, any>;
    });
  });

  it('has one nodejs22.x arm64 function per route group and per workflow task, with the runtime environment', () => {
    const functions = functionsOf(api);
    const starters = new Set(manifest.filter((g) => g.access.startWorkflows).map((g) => `vend-dev-api-${g.name}`));
    const rolloutStarters = new Set(manifest.filter((g) => g.access.startRollouts).map((g) => `vend-dev-api-${g.name}`));
    const linkKeyReaders = new Set(manifest.filter((g) => g.access.linkKey).map((g) => `vend-dev-api-${g.name}`));
    const sealers = new Set(manifest.filter((g) => g.access.sealSecrets).map((g) => `vend-dev-api-${g.name}`));
    const reportStarters = new Set(manifest.filter((g) => g.access.startReports).map((g) => `vend-dev-api-${g.name}`));
    expect(functions.map((f) => f.FunctionName).sort()).toEqual(
      [
        ...manifest.map((g) => `vend-dev-api-${g.name}`),
        ...Object.values(HISTORICAL_DATA_TASKS).map((t) => `vend-dev-${t.name}`),
        ...Object.values(REPORT_TASKS).map((t) => `vend-dev-${t.name}`),
        ...Object.values(ROLLOUT_TASKS).map((t) => `vend-dev-${t.name}`),
      ].sort(),
    );
    for (const f of functions) {
      expect(f.Runtime).toBe('nodejs22.x');
      expect(f.Architectures).toEqual(['arm64']);
      expect(Object.keys(f.Environment.Variables).sort()).toEqual(
        [
          'APP_VERSION',
          'CONFIG_VERSION',
          'CASH_DATABASES_BUCKET',
          'COGNITO_CLIENT_ID',
          'COGNITO_ISSUER',
          'COGNITO_JWKS_URL',
          'COGNITO_USER_POOL_ID',
          'CONTENT_BUCKET',
          'EXPORTS_BUCKET',
          'FIRMWARE_BUCKET',
          'IOT_ENDPOINT',
          'NODE_OPTIONS',
          'STAGE',
          'TABLE_NAME',
          'TENANT',
          ...(starters.has(f.FunctionName) ? ['HISTORICAL_DATA_STATE_MACHINE_ARN'] : []),
          ...(rolloutStarters.has(f.FunctionName) ? ['ROLLOUT_STATE_MACHINE_ARN'] : []),
          ...(linkKeyReaders.has(f.FunctionName) ? ['NOTIFICATION_LINK_KEY'] : []),
          ...(sealers.has(f.FunctionName) ? ['STORAGE_SECRETS_KEY_ID'] : []),
          ...(reportStarters.has(f.FunctionName) ? ['REPORT_STATE_MACHINE_ARN'] : []),
        ].sort(),
      );
      expect(f.Environment.Variables).toMatchObject({ STAGE: 'dev', TENANT: 'nebular', IOT_ENDPOINT: 'example-ats.iot.eu-west-1.amazonaws.com' });
      expect(f.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('has exactly one HttpApi route per manifest route, integrated with its group function', () => {
    expect(created.map((r) => r.RouteKey).sort()).toEqual(routes.map((r) => `${r.method} ${API_PREFIX}${r.path}`).sort());
    expect(api.findResources('AWS::ApiGatewayV2::Route')).toEqual({});
    const integrations = routeStacks.flatMap((t) => Object.keys(t.findResources('AWS::ApiGatewayV2::Integration')));
    expect(integrations).toHaveLength(manifest.length);
    expect(routeStacks).toHaveLength(manifest.length);
    const functionIds = Object.fromEntries(
      Object.entries(api.findResources('AWS::Lambda::Function') as Resources).map(([id, f]) => [f.Properties.FunctionName, id]),
    );
    for (const route of routes) {
      const { integration } = created.find((c) => c.RouteKey === `${route.method} ${API_PREFIX}${route.path}`)!;
      expect(integration.ApiId).toEqual({ Ref: expect.stringMatching(/^HttpApi/) });
      expect(integration.IntegrationUri['Fn::GetAtt'][0]).toBe(functionIds[`vend-dev-api-${route.group}`]);
      expect(integration.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('puts the Cognito JWT authorizer on every non-public route and none on public ones', () => {
    const authorizers = api.findResources('AWS::ApiGatewayV2::Authorizer') as Resources;
    expect(Object.keys(authorizers)).toHaveLength(1);
    const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toMatch(/vend-dev-auth:.*UserPool.*ProviderURL/);
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Audience)).toMatch(/vend-dev-auth:.*SpaClient/);
    expect(routes.some((r) => r.roles === 'public')).toBe(true);
    for (const route of routes) {
      const r = created.find((c) => c.RouteKey === `${route.method} ${API_PREFIX}${route.path}`)!;
      if (route.roles === 'public') {
        expect(r.AuthorizationType).toBe('NONE');
        expect(r.AuthorizerId).toBeUndefined();
      } else {
        expect(r.AuthorizationType).toBe('JWT');
        expect(r.AuthorizerId).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('throttles the auto-deployed $default stage and logs access', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('grants of every real route group', () => {
  const { api } = build(manifest);
  // What each group's deps.ts builds decides these; a change there shows here.
  const expected: Record<string, string[]> = {
    config: [],
    collections: [],
    users: ['table:readWrite', 'cognito-idp:Admin*'],
    merchants: ['table:readWrite'],
    groups: ['table:readWrite'],
    pos: ['table:readWrite'],
    'pos-history': ['table:read'],
    'pos-qrcodes': ['table:read'],
    'pos-configs': ['table:readWrite'],
    clients: ['table:readWrite'],
    products: ['table:readWrite'],
    planograms: ['table:readWrite'],
    stock: ['table:readWrite'],
    medias: ['table:readWrite'],
    'no-vend-profiles': ['table:readWrite'],
    alarms: ['table:readWrite'],
    prices: ['table:readWrite'],
    'price-sends': ['table:readWrite', 'iot:Publish'],
    notifications: ['table:readWrite'],
    'remote-commands': ['table:readWrite', 'iot:Publish'],
    transactions: ['table:read'],
    'historical-data': ['table:readWrite', ...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS, 'states:StartExecution'],
    firmwares: ['table:readWrite', ...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS],
    'firmware-rules': ['table:readWrite', 'states:StartExecution'],
    'cash-databases': ['table:readWrite', ...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS],
    'cash-database-rules': ['table:readWrite'],
    customers: ['table:readWrite'],
    'webpayment-orders': ['table:read'],
    'payment-service': ['table:readWrite'],
    audit: ['table:read'],
    dashboard: ['table:read'],
    kpis: ['table:read'],
    'merchants-dashboard': ['table:read'],
    'admin-stats': ['table:read'],
    'service-manager': ['table:readWrite'],
    'sap-codes': ['table:readWrite'],
    'webpayment-services': ['table:readWrite'],
    'blog-posts': ['table:readWrite', ...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS],
    cash: ['table:read'],
    sensors: ['table:readWrite'],
    'vp-configurations': ['table:readWrite', 'iot:Publish'],
    'screen-configurations': ['table:readWrite', 'iot:Publish'],
    cogeskey: ['table:readWrite', ...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS],
    'storage-config': ['table:readWrite', 'kms:Encrypt', 'kms:Decrypt'],
    'devices-whitelist': ['table:readWrite'],
    reports: ['table:readWrite', ...BUCKET_READ_ACTIONS, ...BUCKET_LEVEL_ACTIONS, 'states:StartExecution'],
  };

  it.each(manifest.map((g) => g.name))('%s', (name) => {
    // Beside its own logs and X-Ray traces, which every function has.
    const actions = actionsOf(roleOf(api, `vend-dev-api-${name}`)).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'));
    const table = actions.filter((a) => a.startsWith('dynamodb:')).sort();
    const summary = [
      ...(table.length === 0
        ? []
        : [
            JSON.stringify(table) === JSON.stringify([...TABLE_READ_ACTIONS].sort())
              ? 'table:read'
              : JSON.stringify(table) === JSON.stringify([...TABLE_READ_WRITE_ACTIONS].sort())
                ? 'table:readWrite'
                : `table:${table.join(',')}`,
          ]),
      ...actions.filter((a) => !a.startsWith('dynamodb:')),
    ];
    expect(summary).toEqual(expected[name]);
  });

  it('covers every group of the manifest', () => {
    expect(Object.keys(expected).sort()).toEqual(manifest.map((g) => g.name).sort());
  });

  it('only a group with linkKey access finds the unsubscribe link key, as a deploy-time reference to the stage’s secret', () => {
    const withKey = functionsOf(api).filter((f) => f.Environment?.Variables?.NOTIFICATION_LINK_KEY !== undefined);
    expect(withKey.map((f) => f.FunctionName)).toEqual(manifest.filter((g) => g.access.linkKey).map((g) => `vend-dev-api-${g.name}`));
    expect(JSON.stringify(withKey[0]!.Environment.Variables.NOTIFICATION_LINK_KEY)).toMatch(/resolve:secretsmanager:/);
  });

  it('only a group with sealSecrets access finds the storage secrets key, and may use that key only', () => {
    const sealers = functionsOf(api).filter((f) => f.Environment?.Variables?.STORAGE_SECRETS_KEY_ID !== undefined);
    expect(sealers.map((f) => f.FunctionName)).toEqual(manifest.filter((g) => g.access.sealSecrets).map((g) => `vend-dev-api-${g.name}`));
    const kms = roleOf(api, 'vend-dev-api-storage-config').filter((s) => [s.Action].flat().some((a: string) => a.startsWith('kms:')));
    expect(kms).toHaveLength(1);
    expect(JSON.stringify(kms[0]!.Resource)).toBe(JSON.stringify(sealers[0]!.Environment.Variables.STORAGE_SECRETS_KEY_ID));
  });
});

describe('api stack alarm', () => {
  const { api } = build([fake('things', [['GET', '/things', ['NEBULARSUPERADMIN']]])]);

  it('alarms when 5% of the answers of 5 minutes are 5xx (API Gateway’s 5xx and Count), telling the stage’s alarm topic', () => {
    const [alarm, ...others] = Object.values(api.findResources('AWS::CloudWatch::Alarm') as Resources).map((a) => a.Properties);
    expect(others).toHaveLength(0);
    expect(alarm).toMatchObject({
      AlarmName: 'vend-dev-api-5xx-rate',
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const apiId = { Ref: Object.keys(api.findResources('AWS::ApiGatewayV2::Api'))[0] };
    const metrics = alarm!.Metrics as Record<string, any>[];
    const byId = Object.fromEntries(metrics.map((m) => [m.Id as string, m]));
    expect(metrics.find((m) => m.Expression)).toMatchObject({ Expression: 'IF(requests >= 10, 100 * errors / requests, 0)', ReturnData: true });
    for (const [id, name] of [
      ['errors', '5xx'],
      ['requests', 'Count'],
    ] as const) {
      expect(byId[id]).toMatchObject({
        MetricStat: { Metric: { Namespace: 'AWS/ApiGateway', MetricName: name, Dimensions: [{ Name: 'ApiId', Value: apiId }] }, Period: 300, Stat: 'Sum' },
        ReturnData: false,
      });
    }
    expect(alarm!.AlarmActions).toEqual([{ 'Fn::ImportValue': expect.stringMatching(/^vend-dev-data:.*Alarms/) }]);
    expect(alarm!.OKActions).toEqual(alarm!.AlarmActions);
  });
});

describe('api stack grants', () => {
  const groups = [
    fake('things', [['GET', '/things', ['NEBULARSUPERADMIN']]]),
    fake('readers', [['GET', '/readers', ['NEBULARSUPERADMIN']]], { table: 'read' }),
    fake('people', [['GET', '/people', ['NEBULARSUPERADMIN']]], { table: 'readWrite', cognitoAdmin: true }),
    fake('senders', [['POST', '/senders', ['NEBULARSUPERADMIN']]], { table: 'readWrite', publishCommands: true }),
    fake('open', [['GET', '/open', 'public']], {}),
    fake('starters', [['POST', '/starters', ['NEBULARSUPERADMIN']]], { table: 'readWrite', startWorkflows: true }),
    fake('exporters', [['POST', '/exporters', ['NEBULARSUPERADMIN']]], { table: 'readWrite', buckets: { exports: 'readWrite' } }),
    fake('downloaders', [['GET', '/downloaders', ['NEBULARSUPERADMIN']]], { table: 'read', buckets: { firmware: 'read' } }),
  ];
  const { api } = build(groups);
  const tableActions = (name: string) =>
    actionsOf(roleOf(api, `vend-dev-api-${name}`))
      .filter((a) => a.startsWith('dynamodb:'))
      .sort();
  const otherActions = (name: string) =>
    actionsOf(roleOf(api, `vend-dev-api-${name}`)).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:'));

  it('gives item read/write on the table and its named indexes, and nothing else, to a read/write group', () => {
    const statements = roleOf(api, 'vend-dev-api-things');
    const table = statements.find((s) => actionsOf([s]).includes('dynamodb:Query'))!;
    expect(actionsOf([table])).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(table.Resource)).toContain(`/index/${TABLE_DEFINITION.globalIndexes[0]!.name}`);
    expect(JSON.stringify(table.Resource)).not.toContain('*');
    expect(tableActions('things')).toEqual([...TABLE_READ_WRITE_ACTIONS].sort());
    expect(otherActions('things')).toEqual([]);
  });

  it('gives a read-only group table reads only', () => {
    expect(tableActions('readers')).toEqual([...TABLE_READ_ACTIONS].sort());
    expect(otherActions('readers')).toEqual([]);
  });

  it('gives a group with public routes only no table at all', () => {
    expect(tableActions('open')).toEqual([]);
    expect(otherActions('open')).toEqual([]);
  });

  it('gives cognito-idp:Admin* on the pool and iot:Publish on command topics only to groups whose deps use them', () => {
    expect(otherActions('people')).toEqual(['cognito-idp:Admin*']);
    expect(otherActions('senders')).toEqual(['iot:Publish']);
    expect(JSON.stringify(roleOf(api, 'vend-dev-api-senders'))).toContain('topic/vend/*/commands');
  });

  it('lets only groups whose deps start workflows start executions, of the historical-data state machine only, and tells them its ARN', () => {
    const stateMachineId = Object.keys(api.findResources('AWS::StepFunctions::StateMachine'))[0]!;
    const start = roleOf(api, 'vend-dev-api-starters').filter((s) => actionsOf([s]).some((a) => a.startsWith('states:')));
    expect(start).toEqual([{ Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: stateMachineId } }]);
    const starter = functionsOf(api).find((f) => f.FunctionName === 'vend-dev-api-starters')!;
    expect(starter.Environment.Variables.HISTORICAL_DATA_STATE_MACHINE_ARN).toEqual({ Ref: stateMachineId });
    for (const other of ['things', 'readers', 'people', 'senders', 'open', 'exporters', 'downloaders']) {
      expect(otherActions(other).filter((a) => a.startsWith('states:'))).toEqual([]);
      expect(functionsOf(api).find((f) => f.FunctionName === `vend-dev-api-${other}`)!.Environment.Variables.HISTORICAL_DATA_STATE_MACHINE_ARN).toBeUndefined();
    }
  });

  it('gives bucket access on the named bucket only: its objects read, or read, written, deleted and uploads aborted; ListBucket on it', () => {
    expect(otherActions('exporters')).toEqual([...BUCKET_READ_WRITE_ACTIONS, ...BUCKET_LEVEL_ACTIONS]);
    expect(otherActions('downloaders')).toEqual([...BUCKET_READ_ACTIONS, ...BUCKET_LEVEL_ACTIONS]);
    const resources = (name: string) =>
      roleOf(api, `vend-dev-api-${name}`)
        .filter((s) => actionsOf([s]).some((a) => a.startsWith('s3:')))
        .map((s) => s.Resource);
    const exportsArn = ['arn:', { Ref: 'AWS::Partition' }, ':s3:::vend-dev-exports-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }];
    expect(resources('exporters')).toEqual([{ 'Fn::Join': ['', [...exportsArn, '/*']] }, { 'Fn::Join': ['', exportsArn] }]);
    expect(JSON.stringify(resources('downloaders'))).toContain(':s3:::vend-dev-firmware-');
    expect(otherActions('things')).toEqual([]);
  });

  it('justifies the object wildcard of a bucket grant where it is granted (no unacknowledged cdk-nag finding)', () => {
    const { stacks } = build([
      fake('exporters', [['POST', '/exporters', ['NEBULARSUPERADMIN']]], { table: 'readWrite', buckets: { exports: 'readWrite', firmware: 'read' } }),
    ]);
    const report = new AwsSolutionsChecks(stacks.api).validateScope(stacks.api);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('refuses a route declared by two groups and a bad group name', () => {
    expect(() => build([fake('a', [['GET', '/x', 'public']]), fake('b', [['GET', '/x', 'public']])])).toThrow(/GET \/api\/v1\/x is declared by groups a and b/);
    expect(() => build([fake('Bad_Name', [['GET', '/x', 'public']])])).toThrow(/must be lowercase/);
  });
});

describe('function bundling', () => {
  it('bundles a group with the local esbuild as minified ESM with the createRequire banner and a source map', async () => {
    const { Stack } = await import('aws-cdk-lib');
    const { StageConfig } = await import('../../infra/constructs/stage');
    const { existsSync, readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const app = new App();
    const stack = new Stack(app, 'Bundle');
    new AppFunction(stack, 'Config', { stage: new StageConfig('dev'), name: 'api-config', entry: 'functions/api/config/handler.ts', environment: {} });
    const assembly = app.synth();
    const fn = Object.values(Template.fromJSON(assembly.getStackByName('Bundle').template).findResources('AWS::Lambda::Function') as Resources)[0]!;
    expect(fn.Properties.Handler).toBe('index.handler');
    const assetDir = readdirSync(assembly.directory)
      .map((d) => join(assembly.directory, d))
      .find((d) => existsSync(join(d, 'index.mjs')))!;
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code.startsWith("import { createRequire as __vendCreateRequire } from 'node:module';")).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*as handler/);
    expect(code.length / code.split('\n').length).toBeGreaterThan(1000); // minified: few, very long lines
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
  });
});
