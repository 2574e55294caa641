import { App, RemovalPolicy } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseStage, StageConfig, StageError, stageForBranch } from '../../infra/constructs/stage';
import { stageArgs } from '../../infra/stage-cli';
import { createConsoleStacks } from '../../infra/stacks/console-app';
import type { RouteGroup } from '../../functions/http/manifest';

const root = new URL('../..', import.meta.url).pathname;

const groups = [
  {
    name: 'things',
    access: { table: 'readWrite' },
    routes: [{ id: 'things.list', method: 'GET', path: '/things', roles: ['NEBULARSUPERADMIN'], summary: 'list', response: null, handler: async () => null }],
  },
] as unknown as RouteGroup[];

/** Properties holding an account- or region-wide physical name, wherever they are nested. */
const NAME_KEYS = new Set([
  'TableName',
  'BucketName',
  'FunctionName',
  'LogGroupName',
  'UserPoolName',
  'ClientName',
  'PolicyName',
  'RuleName',
  'TopicName',
  'QueueName',
  'AlarmName',
  'StateMachineName',
  'ScheduleName',
  'RoleName',
  'ManagedPolicyName',
  'AliasName',
]);
/** `Name` of these types is scoped to a parent resource (the API), not a physical name of the account. */
const SCOPED_NAME_TYPES = new Set(['AWS::ApiGatewayV2::Authorizer']);

/** A name as CloudFormation builds it from literals and pseudo parameters; undefined for a reference to a resource. */
function rendered(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const v = value as Record<string, any> | null;
  if (v?.Ref && String(v.Ref).startsWith('AWS::')) return `\${${v.Ref}}`;
  if (v?.['Fn::Join']) {
    const [delimiter, parts] = v['Fn::Join'] as [string, unknown[]];
    const texts = parts.map(rendered);
    return texts.every((t) => t !== undefined) ? texts.join(delimiter) : undefined;
  }
  return undefined;
}

/**
 * Every explicit account- or region-wide physical name in a stack: the NAME_KEYS properties at any depth, and
 * `Name` at the top of a resource's properties or of its `…Config` (CloudFront policies, origin access controls).
 * IAM inline policy names are scoped to their role; references to resources are not names.
 */
function physicalNames(template: Template): string[] {
  const names: string[] = [];
  const visit = (value: unknown, key: string) => {
    const name = NAME_KEYS.has(key) ? rendered(value) : undefined;
    if (name !== undefined) names.push(name);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>;
  for (const { Type, Properties = {} } of Object.values(resources)) {
    if (Type === 'AWS::IAM::Policy') continue;
    // A role's inline policies (Policies[].PolicyName) are named within the role, like AWS::IAM::Policy above.
    const { Policies: _inline, ...own } = Type === 'AWS::IAM::Role' ? Properties : { ...Properties, Policies: undefined };
    visit(Type === 'AWS::IAM::Role' ? own : Properties, '');
    if (SCOPED_NAME_TYPES.has(Type)) continue;
    for (const holder of [
      Properties,
      ...Object.entries(Properties)
        .filter(([k]) => k.endsWith('Config'))
        .map(([, v]) => v),
    ]) {
      const name = rendered((holder as Record<string, unknown>)?.Name);
      if (name !== undefined) names.push(name);
    }
  }
  return names;
}

/** `Type` of every resource a stack deletion leaves behind (DeletionPolicy Retain or a snapshot). */
function retainedTypes(template: Template): string[] {
  const resources = template.toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string }>;
  return Object.values(resources)
    .filter((r) => r.DeletionPolicy !== undefined && r.DeletionPolicy !== 'Delete')
    .map((r) => r.Type);
}

function synthNames(stage: string) {
  const app = new App();
  const stacks = createConsoleStacks(app, {
    stage,
    groups,
    bundle: false,
    iotEndpoint: 'example-ats.iot.eu-west-1.amazonaws.com',
    webAssetPath: '/nonexistent/dist',
  });
  const templates = Object.values(stacks).map((s) => Template.fromStack(s));
  return {
    stackNames: Object.values(stacks).map((s) => s.stackName),
    names: templates.flatMap(physicalNames),
    retained: [...new Set(templates.flatMap(retainedTypes))].sort(),
  };
}

describe('stage', () => {
  it.each(['ci', 'prod', 'feature-42', 'a1', 'abcdefghij0123456789'])('accepts %s', (stage) => {
    expect(parseStage(stage)).toBe(stage);
  });

  it.each([undefined, '', 'a', 'Prod', 'feature_42', 'has space', 'abcdefghij0123456789x', 'ünï', 42])('rejects %s with a clear message', (stage) => {
    expect(() => parseStage(stage)).toThrow(StageError);
    expect(() => parseStage(stage)).toThrow(/stage/);
  });

  it('RETAINs stateful resources only on prod', () => {
    expect(new StageConfig('prod').removalPolicy).toBe(RemovalPolicy.RETAIN);
    expect(new StageConfig('dev').removalPolicy).toBe(RemovalPolicy.DESTROY);
  });

  it('app.ts refuses a bad stage and a missing one before building anything', () => {
    const run = (context: Record<string, string>) => {
      try {
        execFileSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
          cwd: root,
          env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: '/tmp/never-written' },
          stdio: 'pipe',
        });
        return { status: 0, stderr: '' };
      } catch (error) {
        const e = error as { status: number; stderr: Buffer };
        return { status: e.status, stderr: e.stderr.toString() };
      }
    };
    const bad = run({ stage: 'Feature_42' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Invalid stage "Feature_42"');
    const missing = run({});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Missing stage: pass -c stage=<name>');
  });

  it('two stages share no stack name and no physical name', () => {
    const a = synthNames('branch-a');
    const b = synthNames('branch-b');
    expect(a.stackNames).toEqual(['vend-branch-a-data', 'vend-branch-a-auth', 'vend-branch-a-iot', 'vend-branch-a-api', 'vend-branch-a-web']);
    expect(a.names.length).toBeGreaterThan(10);
    for (const name of a.names) expect(name).toMatch(/branch-a|branch_a|brancha/);
    expect(a.names.filter((n) => b.names.includes(n))).toEqual([]);
  });
});

describe('per-branch stages (npm run deploy / destroy)', () => {
  it('keeps a branch that already is a stage name, and hashes every other one into a valid, distinct stage', () => {
    expect(stageForBranch('main')).toBe('main');
    expect(stageForBranch('feature-42')).toBe('feature-42');
    const derived = ['prod', 'Feature-42', 'feature/42', 'feature_42', 'ünï/çödé', '---', 'a', 'dependabot/npm_and_yarn/aws-cdk-lib-2.300.0'].map(
      stageForBranch,
    );
    for (const stage of derived) {
      expect(parseStage(stage)).toBe(stage);
      expect(stage).toMatch(/^[a-z0-9][a-z0-9-]*-[0-9a-f]{6}$/);
    }
    expect(derived[0]).toMatch(/^prod-/);
    expect(new Set([...derived, 'feature-42']).size).toBe(derived.length + 1);
    expect(stageForBranch('Feature-42')).toBe(derived[1]); // the same branch, the same stage, every time
  });

  it('takes --stage when given, else the current branch’s stage; refuses a bad name', () => {
    expect(stageArgs(['--stage', 'prod', '--require-approval', 'never'], () => 'main')).toEqual({
      stage: 'prod',
      source: '--stage',
      rest: ['--require-approval', 'never'],
    });
    expect(stageArgs(['--stage=qa-1'], () => 'main')).toMatchObject({ stage: 'qa-1', rest: [] });
    expect(stageArgs(['-v'], () => 'feature/historical-data')).toEqual({
      stage: stageForBranch('feature/historical-data'),
      source: 'branch feature/historical-data',
      rest: ['-v'],
    });
    expect(() => stageArgs(['--stage', 'Prod'], () => 'main')).toThrow(StageError);
  });

  it('destroying a branch stage leaves nothing behind; prod keeps its data, users, device message queues, keys (the alarm topic’s, the unsubscribe links’) and logs', () => {
    expect(synthNames(stageForBranch('feature/historical-data-requests-export')).retained).toEqual([]);
    expect(synthNames('prod').retained).toEqual([
      'AWS::Cognito::UserPool',
      'AWS::DynamoDB::Table',
      'AWS::KMS::Key',
      'AWS::Logs::LogGroup',
      'AWS::S3::Bucket',
      'AWS::SQS::Queue',
      'AWS::SecretsManager::Secret',
    ]);
  });

  it('two long branches sharing a prefix deploy side by side: no stack name and no physical name in common', () => {
    const branches = ['feature/historical-data-requests-export', 'feature/historical-data-requests-screens'];
    const [a, b] = branches.map(stageForBranch) as [string, string];
    expect(a).not.toBe(b);
    expect(a.slice(0, -7)).toBe(b.slice(0, -7)); // the same readable part: only the hash tells them apart
    const namesA = synthNames(a);
    const namesB = synthNames(b);
    expect(namesA.stackNames.filter((n) => namesB.stackNames.includes(n))).toEqual([]);
    expect(namesA.names.length).toBeGreaterThan(30);
    expect(namesA.names.some((n) => n.startsWith(`vend-${a}-exports-\${AWS::AccountId}-\${AWS::Region}`))).toBe(true);
    for (const name of namesA.names) expect(name.includes(a) || name.includes(a.replace(/-/g, '_')) || name.includes(a.replace(/-/g, ''))).toBe(true);
    expect(namesA.names.filter((n) => namesB.names.includes(n))).toEqual([]);
    // A derived stage has the full 20 characters: names stay within the tightest limits, bucket names (the ones
    // with the account) 63 with a 12-digit account and the longest region name, every other one 64 (Lambda and
    // CloudFront functions, origin access controls).
    expect(a).toHaveLength(20);
    for (const name of namesA.names) {
      const real = name.replace('${AWS::AccountId}', '123456789012').replace('${AWS::Region}', 'ap-southeast-2');
      expect(real.length, real).toBeLessThanOrEqual(name.includes('${AWS::AccountId}') ? 63 : 64);
    }
  });
});
