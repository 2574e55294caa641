/** The fixed values of cashless media (media.ts), without zod: the core and the ingestion trigger read them without bundling the schemas. */

/** Spec §4 media status: 0 OK, 1 blocked, 2 lost key. */
export const MEDIA_STATUS = { ok: 0, blocked: 1, lostKey: 2 } as const;
export const MEDIA_STATUSES = [0, 1, 2] as const;
export type MediaStatusCode = (typeof MEDIA_STATUSES)[number];

/** External services, the MediaId and printed serial patterns are the transactions' (a media comes with them). */
export { EXTERNAL_SERVICES, MEDIA_ID_PATTERN, MEDIA_SERIAL_PATTERN, isUnsetMediaSerial } from './transaction-constants';

/** Media types of the refunds made in the cloud (spec §3): 230 web refund, 250 cloud refund. */
export const REFUND_MEDIA_TYPES = [230, 250] as const;
export const CLOUD_REFUND_MEDIA_TYPE = 250;
export const WEB_REFUND_MEDIA_TYPE = 230;
/** Transaction type of a refund (spec §3: 12 cloud recharge). */
export const REFUND_TRANSACTION_TYPE = 12;
/** Transaction type a machine reports when it paid a media's cloud credit onto the key (12 cloud recharge, from a machine). */
export const CLOUD_CREDIT_COLLECTED_TYPE = 12;

/** Media one batch refund or one serial validation takes at most (spec §5 {maxSize}). */
export const MAX_BATCH_REFUND_MEDIAS = 500;
/** Medias GET /medias/all answers at most (spec §5 {maxResults}); past it 400 MediaExportTooLargeException. */
export const MAX_MEDIA_RESULTS = 5000;
/** Actions a media's history keeps (newest first). */
export const MAX_MEDIA_ACTIONS = 50;
/** UTC days of sales and recharges a media keeps (`days`). */
export const MEDIA_DAYS = 30;

/** What a user did to a media (its action history). */
export const MEDIA_ACTIONS = ['block', 'unblock', 'unblockTokens', 'lostMyKey', 'creditReceived', 'refund', 'refundMachine'] as const;
export type MediaActionName = (typeof MEDIA_ACTIONS)[number];

/** Cloud → device topic of the merchant's media list (blocked and lost media, cloud credit waiting), per machine. */
export const mediaListTopic = (serial: string): string => `vend/${serial}/medias`;
