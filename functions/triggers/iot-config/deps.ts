/** The config rule's trigger: the batch's common deps only (../kind-deps.ts; core/ingestion/config.ts needs no other). */
import { lazyKindDeps } from '../kind-deps';

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(() => ({}));
