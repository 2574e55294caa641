/** The cash-movements rule's trigger: the batch's common deps (../kind-deps.ts) and the cash kinds' (../cash-ingestion-deps.ts). */
import { cashExtras } from '../cash-ingestion-deps';
import { lazyKindDeps } from '../kind-deps';

export { ingestionAccess as access } from '../kind-deps';
export const deps = lazyKindDeps(cashExtras);
