import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserRepository } from '../core/users/ports';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { readUser } from '../adapters/dynamodb/user-records';
import type { FunctionAccess } from './access';
import { forgetPrincipal } from '../http/auth/load-principal';
import { loadConfig, type RuntimeConfig } from './config';
import { lazy, type Lazy } from './lazy';

/** What every route group's handler needs: the configuration (public routes), and the user records authorization reads. */
export interface PublicDeps {
  config: RuntimeConfig;
}

export interface AuthDeps extends PublicDeps {
  users: Pick<UserRepository, 'get'>;
}

/** What a group with the table starts from; its deps.ts adds the repositories its routes use. */
export interface BaseDeps extends AuthDeps {
  doc: DynamoDBDocumentClient;
  /** Drops this process's cached memberships of a changed or deleted user. */
  forgetPrincipal: (userId: string) => void;
  newId: () => string;
  now: () => string;
}

/** The base of a group with table `access` (its client refuses writes when the group may only read). */
export function baseDeps(access: Required<Pick<FunctionAccess, 'table'>>, config: RuntimeConfig = loadConfig()): BaseDeps {
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint, readOnly: access.table === 'read' });
  return {
    config,
    doc,
    users: { get: (id) => readUser(doc, config.tableName, id) },
    forgetPrincipal,
    newId: randomUUID,
    now: () => new Date().toISOString(),
  };
}

/**
 * A route group's deps (its deps.ts): the base for its table `access` and what `build` adds from it, built once
 * per warm function.
 */
export function groupDeps<T>(access: Required<Pick<FunctionAccess, 'table'>>, build: (base: BaseDeps) => T): Lazy<BaseDeps & T> {
  return lazy(() => {
    const base = baseDeps(access);
    return { ...base, ...build(base) };
  });
}
