/**
 * The audit trail's step of the group handler (DESIGN.md §3): every mutating call (any method but GET) leaves one
 * entry, written here and nowhere else, once the answer is known: who, the merchant, the route and its targets, the
 * outcome (refusals too), the correlation id, source IP and user agent, and what the handler's use cases recorded as
 * changed (functions/core/audit/change-recorder.ts). A call nobody was authenticated for (a 401, a public route whose
 * credential was not accepted) is only counted in metrics.
 *
 * A call's first table write carries its intent (the pending entry: who, what, on what, the changes staged so far),
 * in that write's own transaction, or put just before a write that is no transaction (change-recorder.ts
 * aroundTableWrite). Once the answer is known the entry is appended naming the intent. The audit sweep
 * (triggers/audit-intent-sweep) removes intents whose entry exists and turns the others, left by a function that
 * ended in between (a crash, a timeout), into their entry: no change is committed without its entry or the intent
 * that becomes it.
 *
 * When the entry cannot be appended: a call that left an intent keeps its answer (the intent is put again holding the
 * whole entry, which the sweep appends); a call that left none answers 500 AuditTrailWriteFailedException instead
 * of a success. Either way the entry goes to the error log and AuditTrailWriteFailures is counted.
 */
import { randomUUID } from 'node:crypto';
import type middy from '@middy/core';
import type { AuditTrailActor, AuditTrailChange, AuditTrailEntry, AuditTrailTarget } from '#schemas/audit';
import { AUDIT_TRAIL_PLATFORM_MERCHANT, AUDIT_TRAIL_RETENTION_DAYS } from '#schemas/audit-constants';
import { boundedChanges, ChangeRecorder, outsideChangeRecorder, type TableWriteStep } from '../core/audit/change-recorder';
import type { AuditTrailIntent } from '../core/audit/ports';
import { DynamoAuditTrailWriter } from '../adapters/dynamodb/audit-trail-writer';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { positiveInt, tableConfig } from '../runtime/config';
import { lazy } from '../runtime/lazy';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';
import type { HttpEvent, HttpResult } from './event';
import type { Context } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import type { Principal } from '../core/shared/principal';
import type { Route } from './manifest';

/** What this step reads and writes of the group handler's per-request state (group-handler.ts RequestState). */
export interface AuditedRequest {
  correlationId: string;
  route?: Route;
  principal?: Principal;
  changes?: ChangeRecorder;
  params: unknown;
  query: unknown;
  body: unknown;
}
type AuditedContext = Context & { readonly http: AuditedRequest };
type Request = middy.Request<HttpEvent, HttpResult, Error, AuditedContext>;
type Content = Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>;
type AuditTrailWriter = Pick<DynamoAuditTrailWriter, 'append' | 'appendRemoving' | 'intentPut' | 'putIntent'>;

const stageStore = lazy((): AuditTrailWriter => {
  const { region, tableName, dynamodbEndpoint } = tableConfig();
  return new DynamoAuditTrailWriter(
    createDocumentClient({ region, endpoint: dynamodbEndpoint }),
    tableName,
    positiveInt(process.env, 'AUDIT_TRAIL_RETENTION_DAYS', AUDIT_TRAIL_RETENTION_DAYS),
  );
});

/** The stage's store; AUDIT_TRAIL=off turns the trail off, read per call (only the benchmark does, to measure what it costs). */
const defaultStore = (): AuditTrailWriter | undefined => (process.env.AUDIT_TRAIL === 'off' ? undefined : stageStore());

export const isMutating = (route: Pick<Route, 'method'>) => route.method !== 'GET';

/** Path segments whose `{id}` names something else than the singular of the segment. */
const TARGET_OF_SEGMENT: Record<string, string> = { pos: 'pos', 'payment-service': 'merchant', 'master-alarms': 'masterAlarm' };
const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** What the call was about, from its path: `{id}` after `/pos` is a machine, `{mediaId}` a media, and so on. */
export function targetsOf(route: Pick<Route, 'path'>, params: Record<string, unknown>): AuditTrailTarget[] {
  const segments = route.path.split('/').filter(Boolean);
  return segments.flatMap((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    const id = name ? params[name] : undefined;
    if (!name || (typeof id !== 'string' && typeof id !== 'number')) return [];
    const before = segments[i - 1] ?? '';
    const type = name === 'id' || name === 'code' ? (TARGET_OF_SEGMENT[before] ?? camel(before).replace(/s$/, '')) : name.replace(/Id$/, '');
    return [{ type, id: String(id) }];
  });
}

/** Machines and medias a body names (a batch refund, a remote command to several machines, a join). */
function bodyTargets(body: unknown): AuditTrailTarget[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
  return [
    ...list(b.serial)
      .concat(list(b.serials))
      .map((id) => ({ type: 'pos', id })),
    ...list(b.mediaId)
      .concat(list(b.mediaIds))
      .map((id) => ({ type: 'media', id })),
  ];
}

const stringField = (v: unknown, field: string): string | undefined => {
  const value = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value ? value : undefined;
};

function answerBody(response: HttpResult | null | undefined): unknown {
  const type = response?.headers?.['content-type'];
  if (!response?.body || typeof type !== 'string' || !type.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The merchant whose chain gets the entry: the one the use case named, the one the request names, the one the answer
 * names, the caller's only merchant; else the platform's chain (the super admin outside any merchant).
 */
function merchantOf(http: AuditedRequest, route: Route, changes: ChangeRecorder, answer: () => unknown): string {
  const fromPath = /^\/(merchants|payment-service)\/\{id\}/.test(route.path) ? stringField(http.params, 'id') : undefined;
  const principal = http.principal;
  return (
    changes.merchantId ??
    stringField(http.query, 'merchantId') ??
    stringField(http.body, 'merchantId') ??
    fromPath ??
    stringField(answer(), 'merchantId') ??
    (principal && !principal.allMerchants && principal.merchantIds.length > 0 ? principal.merchantIds[0] : undefined) ??
    AUDIT_TRAIL_PLATFORM_MERCHANT
  );
}

function actorOf(http: AuditedRequest, changes: ChangeRecorder): AuditTrailActor | undefined {
  const p = http.principal;
  if (p) return { kind: 'user', userId: p.userId, email: p.email, role: p.role };
  return changes.actor ? { kind: changes.actor, userId: null, email: null, role: null } : undefined;
}

const clip = (v: string | undefined, max: number) => (v ? v.slice(0, max) : null);

/** What the call is, as far as known before its answer (the intent's content), or undefined when nobody was authenticated. */
function callOf(
  request: Request,
  route: Route,
  changes: ChangeRecorder,
  answer: () => unknown,
  staged: readonly AuditTrailChange[] = [],
): AuditTrailIntent['content'] | undefined {
  const { http } = request.context;
  const actor = actorOf(http, changes);
  if (!actor) return undefined;
  const params = (http.params && Object.keys(http.params as object).length ? http.params : request.event.pathParameters) as Record<string, unknown>;
  const targets = [...targetsOf(route, params ?? {}), ...bodyTargets(http.body)].filter(
    (t, i, all) => all.findIndex((o) => o.type === t.type && o.id === t.id) === i,
  );
  return {
    merchantId: merchantOf(http, route, changes, answer),
    actor,
    action: route.id,
    method: route.method as AuditTrailEntry['method'],
    path: route.path,
    targets,
    correlationId: http.correlationId,
    sourceIp: clip(request.event.requestContext.http.sourceIp, 64),
    userAgent: clip(request.event.headers['user-agent'] ?? request.event.requestContext.http.userAgent, 512),
    changes: boundedChanges([...changes.changes, ...staged]),
  };
}

/** The entry of a finished call, or undefined when nobody was authenticated for it. */
function entryOf(request: Request, route: Route, changes: ChangeRecorder, wrote: boolean): Content | undefined {
  const status = request.response?.statusCode ?? 500;
  if (status === 401 && !wrote) return undefined;
  let parsed: { value: unknown } | undefined;
  const answer = () => (parsed ??= { value: answerBody(request.response) }).value;
  const call = callOf(request, route, changes, answer);
  if (!call) return undefined;
  return {
    ...call,
    at: new Date().toISOString(),
    outcome: status < 400 ? 'success' : status < 500 ? 'refused' : 'error',
    status,
    errorCode: status >= 400 ? (stringField(answer(), 'code') ?? null) : null,
    changes: boundedChanges(changes.changes),
  };
}

/** The most items of one TransactWriteItems: a full transaction gets its intent put apart, just before. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * The call's intent, written with its first table write: added to that write's transaction, or put just before a
 * write that is no transaction. Concurrent writes of the call wait for the first one's intent.
 */
function intentWriter(request: Request, changes: ChangeRecorder, trail: AuditTrailWriter) {
  let pending: Promise<void> | undefined;
  const state = {
    written: undefined as AuditTrailIntent | undefined,
    beforeWrite: async (commandName: string, input: Record<string, unknown>, staged: readonly AuditTrailChange[]): Promise<TableWriteStep | undefined> => {
      while (pending) await pending;
      const route = request.context.http.route;
      if (state.written || !route) return undefined;
      const content = callOf(request, route, changes, () => undefined, staged);
      if (!content) return undefined;
      const intent: AuditTrailIntent = { id: randomUUID(), at: new Date().toISOString(), content };
      const items = input.TransactItems as unknown[] | undefined;
      if (commandName === 'TransactWriteItemsCommand' && items && items.length < MAX_TRANSACTION_ITEMS) {
        let settle = () => {};
        pending = new Promise<void>((resolve) => (settle = resolve));
        return {
          input: { ...input, TransactItems: [...items, trail.intentPut(intent)] },
          landed: (landed) => {
            if (landed) state.written = intent;
            pending = undefined;
            settle();
          },
        };
      }
      pending = outsideChangeRecorder(() => trail.putIntent(intent)).then(() => {
        state.written = intent;
      });
      try {
        await pending;
      } finally {
        pending = undefined;
      }
      return undefined;
    },
  };
  return state;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const failure = (correlationId: string, code: string, message: string): HttpResult => ({
  statusCode: 500,
  headers: { ...JSON_HEADERS, 'x-correlation-id': correlationId },
  body: JSON.stringify({ code, message, correlationId }),
});

/**
 * The API tests' stack (AUDIT_TRAIL_FAULTS=on) lets a call ask, by the header `x-audit-trail-fault`, for its entry's
 * append to fail (`entry`), or for its function to end right after the handler, appending nothing (`crash`).
 */
const faultOf = (event: HttpEvent): 'entry' | 'crash' | undefined => {
  if (process.env.AUDIT_TRAIL_FAULTS !== 'on') return undefined;
  const fault = event.headers['x-audit-trail-fault'];
  return fault === 'entry' || fault === 'crash' ? fault : undefined;
};

/**
 * Opens a change recorder for each mutating call (the handler runs inside it: group-handler's dispatch), and writes
 * the call's entry once the answer is known. Goes right inside `observe`, so that it sees the final answer.
 */
export function auditTrail(store: () => AuditTrailWriter | undefined = defaultStore): MiddlewareObj<HttpEvent, HttpResult, Error, AuditedContext> {
  const metrics = new OperatorMetrics();
  const intents = new WeakMap<ChangeRecorder, ReturnType<typeof intentWriter>>();
  const write = async (request: Request, succeeded: boolean) => {
    const { http } = request.context;
    const route = http.route;
    const changes = http.changes;
    const trail = store();
    if (!route || !changes || !trail) return;
    const fault = faultOf(request.event);
    if (fault === 'crash') return;
    const intent = intents.get(changes)?.written;
    // A call that wrote is recorded even when it ends 401 (its credential accepted first, then refused).
    const content = entryOf(request, route, changes, intent !== undefined);
    if (!content) {
      metrics.countBy(METRIC.auditTrailUnauthenticated, {});
      return;
    }
    try {
      if (fault === 'entry') throw new Error('audit trail entry refused (AUDIT_TRAIL_FAULTS)');
      // The entry names the call's intent, which the sweep then removes: one PutItem, as without an intent. An entry
      // going to another chain than the intent named (a merchant known only from the answer) removes it at once.
      await (intent && intent.content.merchantId !== content.merchantId ? trail.appendRemoving(content, intent, false) : trail.append(content, intent?.id));
    } catch (error) {
      metrics.countBy(METRIC.auditTrailWriteFailures, {});
      logger.error('audit trail entry not written', { entry: content, error });
      if (intent) {
        // The intent stays, and the sweep appends it; with the whole entry when it can be put there.
        // (Without its own changes, which the entry holds: both could pass DynamoDB's 400 KB item.)
        await trail
          .putIntent({ ...intent, content: { ...intent.content, changes: [] }, final: content })
          .catch((e: unknown) => logger.error('audit trail intent not completed', { error: e }));
        return;
      }
      if (!succeeded) return;
      request.response = failure(http.correlationId, 'AuditTrailWriteFailedException', 'The change could not be recorded in the audit trail');
      return;
    }
    // A successful call that wrote to the table without any use case recording what it changed: a route that forgot its
    // recordChange. Logged and counted; AUDIT_TRAIL_REQUIRE_CHANGES=on (the API tests' stack) makes it a 500, so that
    // any test driving such a route fails.
    if (content.outcome === 'success' && changes.wrote && !changes.recorded) {
      metrics.countBy(METRIC.auditTrailChangesUnrecorded, {});
      logger.error('change not recorded', { action: route.id });
      // Its message is the route's id.
      if (process.env.AUDIT_TRAIL_REQUIRE_CHANGES === 'on') request.response = failure(http.correlationId, 'AuditTrailChangesUnrecordedException', route.id);
    }
  };
  return {
    before: (request) => {
      const trail = store();
      if (request.event.requestContext.http.method === 'GET' || !trail) return;
      const changes = new ChangeRecorder();
      const intent = intentWriter(request, changes, trail);
      changes.beforeWrite = intent.beforeWrite;
      intents.set(changes, intent);
      request.context.http.changes = changes;
    },
    after: (request) => write(request, true),
    onError: (request) => write(request, false),
  };
}
