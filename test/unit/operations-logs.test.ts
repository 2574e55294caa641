/**
 * What an operator reads: the functions' log lines (Lambda context, correlation id, redaction, LOG_LEVEL and
 * LOG_FORMAT) and their embedded-metric lines, captured from stdout/stderr as CloudWatch would get them.
 */
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { DomainError } from '../../functions/core/shared/domain-error';
import type { PublicDeps } from '../../functions/runtime/base-deps';
import { createGroupHandler } from '../../functions/http/group-handler';
import type { HttpEvent } from '../../functions/http/event';
import { routeFor, type Route } from '../../functions/http/manifest';
import { routeGroupOf } from '../../functions/http/request-log';
import { REDACTED, redact } from '../../functions/runtime/log-redaction';
import { logger, resetLogger } from '../../functions/runtime/logger';
import { METRIC, OperatorMetrics } from '../../functions/runtime/metrics';

const saved = { ...process.env };
let out: string[] = [];

beforeEach(() => {
  out = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  }
  Object.assign(process.env, { LOG_LEVEL: 'info', STAGE: 'dev', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
  delete process.env.LOG_FORMAT;
  delete process.env.METRICS_DISABLED;
  resetLogger();
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetLogger();
});

const json = () => out.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, any>);
const logLines = () => json().filter((l) => !l._aws);
const metricLines = () => json().filter((l) => l._aws);
const context = (awsRequestId: string) =>
  ({
    awsRequestId,
    functionName: 'vend-dev-api-things',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:vend-dev-api-things',
    memoryLimitInMB: '512',
  }) as unknown as Context;

function event(routeKey: string, headers: Record<string, string> = {}, body?: string): HttpEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: { requestId: `api-${Math.random().toString(36).slice(2)}`, http: { method, path, sourceIp: '127.0.0.1' } },
    body,
    isBase64Encoded: false,
  };
}

describe('log lines', () => {
  it('carry the Lambda request id, cold start (first invocation only) and correlation id of their invocation', () => {
    logger.startInvocation(context('req-1'));
    logger.setCorrelationId('corr-1');
    logger.info('first', { n: 1 });
    logger.startInvocation(context('req-2'));
    logger.warn('second');
    const [first, second] = logLines();
    expect(first).toMatchObject({
      level: 'INFO',
      message: 'first',
      n: 1,
      function_request_id: 'req-1',
      cold_start: true,
      correlation_id: 'corr-1',
      function_name: 'vend-dev-api-things',
    });
    expect(first!.timestamp).toEqual(expect.any(String));
    expect(second).toMatchObject({ level: 'WARN', function_request_id: 'req-2', cold_start: false });
    expect(second!.correlation_id).toBeUndefined();
  });

  it('redact passwords, tokens, PINs, API tokens, Authorization and JWTs or bearer credentials inside strings', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';
    logger.error('everything secret', {
      password: 'Hunter2-password',
      newPassword: 'Other-password1',
      nested: { apiToken: 'tok_abcdefghijklmnop', deviceAssociationPin: '12345678', pin: '87654321', Authorization: 'Bearer abc' },
      headers: { authorization: `Bearer ${jwt}`, cookie: 'session=s3cret' },
      note: `sent Bearer opaque-credential-1 then ${jwt}`,
      error: new Error(`token rejected: ${jwt}`),
      serial: 'CENG-55550000',
    });
    const text = out.join('\n');
    for (const secret of ['Hunter2', 'Other-password1', 'tok_abcdefghijklmnop', '12345678"', '87654321', jwt, 'opaque-credential-1', 's3cret', 'Bearer abc'])
      expect(text).not.toContain(secret);
    const [line] = logLines();
    expect(line).toMatchObject({
      password: REDACTED,
      nested: { apiToken: REDACTED, deviceAssociationPin: REDACTED, pin: REDACTED, Authorization: REDACTED },
      serial: 'CENG-55550000',
    });
    expect(line!.error.message).toBe(`token rejected: ${REDACTED}`);
    expect(redact('ping', 42)).toBe(42);
    expect(redact('shipping', 'x')).toBe('x');
  });

  it('follow LOG_LEVEL (silent writes nothing) and LOG_FORMAT=text (one readable line, secrets redacted)', () => {
    process.env.LOG_LEVEL = 'warn';
    resetLogger();
    logger.info('hidden');
    logger.warn('shown');
    expect(logLines().map((l) => l.message)).toEqual(['shown']);

    process.env.LOG_LEVEL = 'silent';
    resetLogger();
    logger.error('nothing');
    expect(logLines()).toHaveLength(1);

    Object.assign(process.env, { LOG_LEVEL: 'debug', LOG_FORMAT: 'text' });
    resetLogger();
    out = [];
    logger.startInvocation(context('req-9'));
    logger.setCorrelationId('corr-9');
    logger.debug('batch ingested', { kind: 'telemetry', stored: 3, password: 'pw-in-text' });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DEBUG batch ingested /);
    expect(out[0]).toContain('function_request_id=req-9 correlation_id=corr-9 kind=telemetry stored=3 password=[redacted]');
  });
});

describe('the API request line and metrics', () => {
  // These routes have no table: the audit trail's own entries and metrics are test/api/audit-trail.test.ts's.
  beforeEach(() => vi.stubEnv('AUDIT_TRAIL', 'off'));
  afterEach(() => vi.unstubAllEnvs());
  const route = routeFor<PublicDeps>();
  const routes: Route[] = [
    route({ id: 'things.get', method: 'GET', path: '/things', roles: 'public', summary: '', response: null, handler: async () => ({ ok: true }) }),
    route({
      id: 'things.put',
      method: 'PUT',
      path: '/things',
      roles: 'public',
      summary: '',
      request: { body: z.strictObject({ pin: z.string().check(z.regex(/^\d{8}$/)) }) },
      response: null,
      handler: async ({ body }) => {
        if (body.pin === '00000000') throw new DomainError('InvalidDevicePinException', 'not-found', 'No such PIN');
        throw new Error(`database down while saving ${body.pin}`);
      },
    }),
  ];
  const handler = createGroupHandler(routes, () => ({}) as PublicDeps);

  it('is one info line per request (route, method, status, duration, correlation id; no headers or bodies) and counts it for the group', async () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln';
    const res = await handler(event('GET /api/v1/things', { 'x-correlation-id': 'corr-get', authorization: `Bearer ${token}` }), context('req-get'));
    expect(res.statusCode).toBe(200);
    const [line, ...more] = logLines();
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'request',
      routeId: 'things.get',
      method: 'GET',
      status: 200,
      correlation_id: 'corr-get',
      function_request_id: 'req-get',
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(out.join('\n')).not.toContain(token);
    const [metrics] = metricLines();
    expect(metrics).toMatchObject({ stage: 'dev', group: 'things', ApiRequests: 1 });
    expect(metrics!._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'VendConsole', Dimensions: [['stage', 'group']], Metrics: [{ Name: 'ApiRequests', Unit: 'Count' }] },
    ]);
  });

  it('logs a 4xx at info with its code and a 5xx at error with the error; Api4xx and Api5xx count them; bodies never appear', async () => {
    expect((await handler(event('PUT /api/v1/things', {}, JSON.stringify({ pin: '1234' })), context('r1'))).statusCode).toBe(400);
    expect((await handler(event('PUT /api/v1/things', {}, JSON.stringify({ pin: '00000000' })), context('r2'))).statusCode).toBe(404);
    expect((await handler(event('PUT /api/v1/things', {}, JSON.stringify({ pin: '24681357' })), context('r3'))).statusCode).toBe(500);
    expect((await handler(event('GET /api/v1/nothing'), context('r4'))).statusCode).toBe(404);
    const lines = logLines();
    expect(lines.map((l) => [l.level, l.status, l.code ?? null])).toEqual([
      ['INFO', 400, 'ValidationException'],
      ['INFO', 404, 'InvalidDevicePinException'],
      ['ERROR', 500, null],
      ['INFO', 404, 'RouteNotFoundException'],
    ]);
    expect(lines[2]).toMatchObject({ message: 'request failed', routeId: 'things.put', error: { name: 'Error' } });
    expect(lines[3]!.routeId).toBeUndefined();
    expect(metricLines().map((m) => [m.Api4xx ?? 0, m.Api5xx ?? 0])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(out.join('\n')).not.toMatch(/"pin"|1234"/);
  });

  it('names the route group from the function name in AWS and in the local stack', () => {
    expect(routeGroupOf('vend-dev-api-no-vend-profiles', 'dev')).toBe('no-vend-profiles');
    expect(routeGroupOf('vend-my-api-stage-api-users', 'my-api-stage')).toBe('users');
    expect(routeGroupOf('vend-local-api-pos', 'local')).toBe('pos');
  });
});

describe('metrics', () => {
  it('flush once per invocation with stage (and the invocation’s dimensions); counts with other dimensions get their own line', async () => {
    const metrics = new OperatorMetrics();
    await metrics.around(async () => {
      metrics.dimension('kind', 'sales');
      metrics.count(METRIC.messagesIngested, 40);
      metrics.count(METRIC.duplicateMessages, 2);
      metrics.count(METRIC.messagesKeptAside, 0);
      metrics.countBy(METRIC.commandsFinished, { result: 'expired' }, 3);
    });
    await metrics.around(async () => metrics.count(METRIC.commandsSent));
    await metrics.around(async () => undefined);
    expect(metricLines().map(({ _aws, ...values }) => [_aws.CloudWatchMetrics[0].Dimensions, values])).toEqual([
      [[['stage', 'result']], { stage: 'dev', result: 'expired', CommandsFinished: 3 }],
      [[['stage', 'kind']], { stage: 'dev', kind: 'sales', MessagesIngested: 40, DuplicateMessages: 2 }],
      [[['stage']], { stage: 'dev', CommandsSent: 1 }],
    ]);
    expect(logLines()).toHaveLength(0);
  });

  it('write nothing when disabled or when LOG_LEVEL is silent', async () => {
    process.env.METRICS_DISABLED = 'true';
    const disabled = new OperatorMetrics();
    await disabled.around(async () => disabled.count(METRIC.apiRequests));
    delete process.env.METRICS_DISABLED;
    process.env.LOG_LEVEL = 'silent';
    const silent = new OperatorMetrics();
    await silent.around(async () => {
      silent.count(METRIC.apiRequests);
      silent.countBy(METRIC.commandsFinished, { result: 'success' });
    });
    expect(out).toEqual([]);
  });
});
