/** The cash-acceptance rule's trigger: the ingestion composition every batched rule shares (../ingestion-deps.ts). */
export { ingestionAccess as access, ingestionDeps as deps } from '../ingestion-deps';
