import type { FunctionAccess } from '../../runtime/access';
import type { PublicDeps } from '../../runtime/base-deps';
import { loadConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';

/** Public routes only: no table, no authorization. */
export const access = {} as const satisfies FunctionAccess;

export const deps = lazy((): PublicDeps => ({ config: loadConfig() }));
