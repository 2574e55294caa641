/**
 * How the local stack invokes a function: with a Lambda-like context (request id, function name), inside an
 * invocation scope of its own, as a Lambda host running several invocations at once does (Lambda Managed
 * Instances). Powertools then keeps each invocation's log keys (request id, correlation id) apart, although
 * every function of the local stack shares one process.
 */
import { randomUUID } from 'node:crypto';
// A dependency of @aws-lambda-powertools/commons: the store Powertools reads invocation scopes from.
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

let store: ReturnType<typeof InvokeStore.getInstanceAsync> | undefined;

/**
 * Creates the process's invocation store, one that runs invocations side by side. Call it before anything
 * builds an AWS SDK client: the SDK creates the store on first use too (a one-at-a-time store, then kept).
 * Powertools scopes per invocation when AWS_LAMBDA_MAX_CONCURRENCY is set (and expects the store then).
 */
export function enableLocalInvocations() {
  if (!store) {
    store = InvokeStore.getInstanceAsync(true);
    process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
  }
  return store;
}

/**
 * Invocations of the triggers (rules, sweeps, streams, workflow tasks; not the API's routes) running now, and when the
 * last ended: what the idle probe waits for. Not a background poller's (the rollout workflow's steps, which run every
 * few seconds for as long as a rollout lasts: a stack with a rollout under way would never be idle).
 */
const triggers = { running: 0, lastEndedAt: 0 };
export const triggerInvocations = (): Readonly<typeof triggers> => triggers;

export async function invokeLocally<E, R>(
  functionName: string,
  handler: (event: E, context: Context) => Promise<R>,
  event: E,
  requestId: string = randomUUID(),
  opts: { background?: boolean } = {},
): Promise<R> {
  const scope = await enableLocalInvocations();
  const context = { awsRequestId: requestId, functionName } as Context;
  const trigger = !functionName.startsWith('vend-local-api-') && !opts.background;
  if (trigger) triggers.running++;
  try {
    return await scope.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, () => handler(event, context));
  } finally {
    if (trigger) {
      triggers.running--;
      triggers.lastEndedAt = Date.now();
    }
  }
}
