import { App, RemovalPolicy } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseStage, StageConfig, StageError } from '../../infra/constructs/stage';
import { createConsoleStacks } from '../../infra/stacks/console-app';
import type { RouteGroup } from '../../functions/shared/http/manifest';

const root = new URL('../..', import.meta.url).pathname;

const groups = [
  {
    name: 'things',
    access: { table: 'readWrite' },
    routes: [{ id: 'things.list', method: 'GET', path: '/things', roles: ['NEBULARSUPERADMIN'], summary: 'list', response: null, handler: async () => null }],
  },
] as unknown as RouteGroup[];

const NAME_KEYS = new Set(['TableName', 'BucketName', 'FunctionName', 'LogGroupName', 'UserPoolName', 'ClientName', 'PolicyName', 'RuleName']);
const NAMED_TYPES = new Set(['AWS::ApiGatewayV2::Api', 'AWS::CloudFront::Function']);

/** Every explicit account- or region-wide physical name in a stack (plain strings; tokens are not names). */
function physicalNames(template: Template): string[] {
  const names: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string' && NAME_KEYS.has(key)) names.push(value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>;
  for (const { Type, Properties } of Object.values(resources)) {
    if (Type.startsWith('AWS::IAM::')) continue; // inline policy names are scoped to their role
    visit(Properties, '');
    if (NAMED_TYPES.has(Type)) names.push(Properties?.Name);
    if (Type === 'AWS::CloudFront::ResponseHeadersPolicy') names.push(Properties?.ResponseHeadersPolicyConfig?.Name);
  }
  return names;
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
  const names = Object.values(stacks).flatMap((s) => physicalNames(Template.fromStack(s)));
  return { stackNames: Object.values(stacks).map((s) => s.stackName), names };
}

describe('stage', () => {
  it.each(['ci', 'prod', 'feature-42', 'a1', 'abcdefghij0123456789'])('accepts %s', (stage) => {
    expect(parseStage(stage)).toBe(stage);
  });

  it.each([undefined, '', 'a', 'Prod', 'feature_42', 'has space', 'abcdefghij0123456789x', 'ünï', 42])(
    'rejects %s with a clear message',
    (stage) => {
      expect(() => parseStage(stage)).toThrow(StageError);
      expect(() => parseStage(stage)).toThrow(/stage/);
    },
  );

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
    for (const name of a.names) expect(name).toMatch(/branch-a|branch_a/);
    expect(a.names.filter((n) => b.names.includes(n))).toEqual([]);
  });
});
