import { inject } from 'vitest';
import type { LocalRepositories } from '../../../infra/local/repositories';
import { runScheduleNow, stackIdle as waitForIdle } from '../../../infra/local/idle';
import { depsForStack } from '../../../infra/local/stack-process';
import { signInWithPassword } from '../../../infra/local/emulators/cognito';
import type { DemoUser, StackInfo } from '../../../infra/local/stack-info';
import type { Role } from '#schemas/roles';

export const stack: StackInfo = inject('stack');

/** Repositories pointed at the test stack, for arranging data the API cannot create yet. */
export const stackDeps = (): LocalRepositories => depsForStack(stack);

/** The demo user of a role (the first one; merchant admin = Acme's). */
export function demoUser(role: Role): DemoUser {
  const user = stack.users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

const tokens = new Map<string, Promise<string>>();

/** A real ID token from the local Cognito, cached per user. */
export function idToken(user: { email: string; password: string }): Promise<string> {
  if (!tokens.has(user.email))
    tokens.set(
      user.email,
      signInWithPassword(stack.cognito, user.email, user.password).then((t) => t.idToken),
    );
  return tokens.get(user.email)!;
}

export const tokenFor = (role: Role) => idToken(demoUser(role));

/** Resolves once the stack is idle (infra/local/idle.ts): what the devices sent has been handled and nothing runs. */
export function stackIdle(): Promise<void> {
  if (!stack.idle) throw new Error('the stack has no idle probe (run-stack.ts starts one)');
  return waitForIdle(stack.idle);
}

/** Runs a scheduled trigger of the stack (`data-subscription-sweep`, …) now and resolves with its outcome once it ended. */
export function runSchedule(name: string): Promise<unknown> {
  if (!stack.schedules) throw new Error('the stack has no schedule runner (run-stack.ts starts one)');
  return runScheduleNow(stack.schedules, name);
}
