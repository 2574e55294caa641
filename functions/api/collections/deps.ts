import type { FunctionAccess } from '../../shared/access';
import type { PublicDeps } from '../../shared/base-deps';
import { loadConfig } from '../../shared/config';
import { lazy } from '../../shared/lazy';

/** Public routes only: no table, no authorization. */
export const access = {} as const satisfies FunctionAccess;

export const deps = lazy((): PublicDeps => ({ config: loadConfig() }));
