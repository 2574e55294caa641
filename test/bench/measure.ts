import { performance } from 'node:perf_hooks';
import { dynamoOps, resetDynamoOps } from '../../infra/local/stack-process';
import type { StackInfo } from '../../infra/local/stack-info';
import { signInWithPassword } from '../../infra/local/emulators/cognito';
import { newMerchant } from '../../functions/core/merchants/merchant';

/** A merchant of the bench's own (Italian, EUR, no features), as the merchant repository stores it. */
export const benchMerchant = (id: string, name: string, now: string) =>
  newMerchant(
    id,
    {
      name,
      screenConfigurationManagement: false,
      country: 'IT',
      language: 'it',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      legalInfo: '',
      contactPerson: 'Bench',
      contactEmail: 'bench@example.com',
      licence: '',
      defaultWarranty: 24,
      extendedWarranty: 0,
      features: [],
    },
    now,
  );

/** Refuses a stack that is not on this machine, then signs the demo super admin in: the Authorization header. */
export async function localSuperAdminAuthorization(info: StackInfo): Promise<string> {
  for (const url of [info.api, info.dynamodb, info.cognito.endpoint]) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`bench refuses a non-local endpoint: ${url}`);
  }
  const admin = info.users.find((u) => u.role === 'NEBULARSUPERADMIN');
  if (!admin) throw new Error('the local stack has no super admin user');
  const { idToken } = await signInWithPassword(info.cognito, admin.email, admin.password);
  return `Bearer ${idToken}`;
}

export interface Series {
  name: string;
  ms: number[];
}

/**
 * Times each operation `requests` times after a warm-up, in alternating batches (rotating which goes first)
 * so that machine noise affects every series alike. Stops early at the deadline.
 */
export async function interleave<K extends string>(
  series: Record<K, Series>,
  ops: Record<K, () => Promise<unknown>>,
  o: { requests: number; batch: number; warmup: number; deadlineMs: number },
): Promise<{ timedOut: boolean }> {
  const kinds = Object.keys(series) as K[];
  for (let i = 0; i < o.warmup; i++) for (const k of kinds) await ops[k]();
  const deadline = performance.now() + o.deadlineMs;
  for (let r = 0; kinds.some((k) => series[k].ms.length < o.requests); r++) {
    for (const k of kinds.map((_, i) => kinds[(i + r) % kinds.length]!)) {
      for (let i = 0; i < o.batch && series[k].ms.length < o.requests; i++) {
        const t0 = performance.now();
        await ops[k]();
        series[k].ms.push(performance.now() - t0);
      }
    }
    if (performance.now() > deadline) return { timedOut: true };
  }
  return { timedOut: false };
}

/** DynamoDB calls per request, counted by the stack's DynamoDB front over `n` requests once warm. */
export async function dynamoCallsPer(info: StackInfo, op: () => Promise<unknown>, n: number) {
  await op();
  await resetDynamoOps(info);
  for (let i = 0; i < n; i++) await op();
  const counted = await dynamoOps(info);
  const total = Object.values(counted).reduce((a, b) => a + b, 0);
  return { perRequest: total / n, byOperation: Object.fromEntries(Object.entries(counted).map(([k, v]) => [k, v / n])) };
}
