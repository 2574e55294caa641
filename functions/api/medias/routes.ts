import {
  BatchRefundInput,
  BatchRefundResult,
  LostMyKeyInput,
  MediaAllQuery,
  MediaDetail,
  MediaList,
  MediaListQuery,
  MediaPage,
  MediaParams,
  MediaTransactionsQuery,
  MediaTypesUsed,
  MerchantQuery,
  RefundHeaders,
  RefundInput,
  RefundMachineInput,
  RefundResult,
  SerialValidation,
  ValidateSerialsInput,
} from '#schemas/media';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import { TransactionPage } from '#schemas/transaction';
import {
  allMedias,
  batchRefund,
  changeMediaStatus,
  getMedia,
  listMedias,
  mediaRefunds,
  mediaTransactions,
  refundMedia,
  reportLostKey,
  usedMediaTypes,
  validateSerials,
} from '../../core/medias/use-cases';
import { routeFor } from '../../http/manifest';
import type { MediaGroupDeps } from './deps';

const route = routeFor<MediaGroupDeps>();

const notFound = { 404: ['MerchantNotFoundException', 'MediaNotFoundException'] };
const refundErrors = {
  400: ['RefundAboveMaximumException'],
  404: ['MerchantNotFoundException', 'MediaNotFoundException', 'PosNotFoundException'],
  409: ['MediaBlockedException', 'RefundDeviceConflictException', 'MediaChangedConcurrentlyException', 'IdempotencyKeyReusedException'],
};

const statusRoute = (id: 'block' | 'unblock' | 'unblockTokens', path: string, summary: string) =>
  route({
    id: `medias.${id}`,
    method: 'POST',
    path: `/medias/{mediaId}/${path}`,
    roles: NOT_MERCHANT_USER,
    summary,
    request: { params: MediaParams, query: MerchantQuery },
    response: MediaDetail,
    errors: { ...notFound, 409: ['MediaStatusException', 'MediaChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, query }) => changeMediaStatus(deps, principal, query.merchantId, params.mediaId, id),
  });

// Literal paths (/medias/all, /medias/used-types, /medias/batch-refund) are matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'medias.list',
    method: 'GET',
    path: '/medias',
    roles: ALL_ROLES,
    summary:
      'A page of the merchant’s cashless media (keys, cards, app), by last use or serial; filters serial search (start of the serial), type, status, credit range, customer yes/no',
    request: { query: MediaListQuery },
    response: MediaPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listMedias(deps, principal, query),
  }),
  route({
    id: 'medias.all',
    method: 'GET',
    path: '/medias/all',
    roles: ALL_ROLES,
    summary: 'Every media of the selection (at most 5000: past it 400 MediaExportTooLargeException)',
    request: { query: MediaAllQuery },
    response: MediaList,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => allMedias(deps, principal, query),
  }),
  route({
    id: 'medias.usedTypes',
    method: 'GET',
    path: '/medias/used-types',
    roles: ALL_ROLES,
    summary: 'The media types the merchant’s medias have (for the type filter)',
    request: { query: MerchantQuery },
    response: MediaTypesUsed,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => usedMediaTypes(deps, principal, query.merchantId),
  }),
  route({
    id: 'medias.validateSerials',
    method: 'POST',
    path: '/medias/validate-serials',
    roles: NOT_MERCHANT_USER,
    summary: 'Which printed serials name a refundable media, which a blocked or lost one, which repeat, which no media (or several) carries; at most 500',
    request: { query: MerchantQuery, body: ValidateSerialsInput },
    response: SerialValidation,
    errors: { 400: ['BatchRefundMaximumException'], 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query, body }) => validateSerials(deps, principal, query.merchantId, body.mediaSerials),
  }),
  route({
    id: 'medias.batchRefund',
    method: 'POST',
    path: '/medias/batch-refund',
    roles: NOT_MERCHANT_USER,
    summary:
      'The same refund to each media of up to 500 printed serials (at a machine when `device` is given), each its own transaction; the others are listed with the reason. None refunded: 400 NoMediaRefundedException. With an Idempotency-Key header a retried POST refunds each media once',
    request: { query: MerchantQuery, body: BatchRefundInput, headers: RefundHeaders },
    response: BatchRefundResult,
    errors: { ...refundErrors, 400: ['RefundAboveMaximumException', 'BatchRefundMaximumException', 'NoMediaRefundedException'] },
    handler: ({ deps, principal, query, body, headers }) => batchRefund(deps, principal, query.merchantId, body, headers['idempotency-key']),
  }),
  route({
    id: 'medias.get',
    method: 'GET',
    path: '/medias/{mediaId}',
    roles: ALL_ROLES,
    summary: 'A media: every field, its last 30 days’ sales and recharges, and its action history (who did what, when; newest first)',
    request: { params: MediaParams, query: MerchantQuery },
    response: MediaDetail,
    errors: notFound,
    handler: ({ deps, principal, params, query }) => getMedia(deps, principal, query.merchantId, params.mediaId),
  }),
  route({
    id: 'medias.transactions',
    method: 'GET',
    path: '/medias/{mediaId}/transactions',
    roles: ALL_ROLES,
    summary: 'A media’s transactions at the machines and in the cloud, newest first (a group admin: its groups’ machines’ and the cloud ones)',
    request: { params: MediaParams, query: MediaTransactionsQuery },
    response: TransactionPage,
    errors: notFound,
    handler: ({ deps, principal, params, query }) => mediaTransactions(deps, principal, params.mediaId, query),
  }),
  route({
    id: 'medias.refunds',
    method: 'GET',
    path: '/medias/{mediaId}/refunds',
    roles: ALL_ROLES,
    summary: 'A media’s refunds (transactions of media type 250 cloud refund and 230 web refund), newest first',
    request: { params: MediaParams, query: MediaTransactionsQuery },
    response: TransactionPage,
    errors: notFound,
    handler: ({ deps, principal, params, query }) => mediaRefunds(deps, principal, params.mediaId, query),
  }),
  route({
    id: 'medias.refund',
    method: 'POST',
    path: '/medias/{mediaId}/refund',
    roles: NOT_MERCHANT_USER,
    summary:
      'Refund as cloud credit, collected at any machine of the merchant: a whole amount above 0; the media’s cloud credit stays at most the merchant’s maximum refund (400 RefundAboveMaximumException); not on a blocked or lost media (409). With an Idempotency-Key header a retried POST refunds once',
    request: { params: MediaParams, query: MerchantQuery, body: RefundInput, headers: RefundHeaders },
    response: RefundResult,
    status: 201,
    errors: refundErrors,
    handler: ({ deps, principal, params, query, body, headers }) =>
      refundMedia(deps, principal, query.merchantId, params.mediaId, body, headers['idempotency-key']),
  }),
  route({
    id: 'medias.refundMachine',
    method: 'POST',
    path: '/medias/{mediaId}/refund-machine',
    roles: NOT_MERCHANT_USER,
    summary:
      'Refund as cloud credit collected only at one machine of the merchant (`device`, 404 PosNotFoundException otherwise); the machine gets it in its media list. Same rules as refund',
    request: { params: MediaParams, query: MerchantQuery, body: RefundMachineInput, headers: RefundHeaders },
    response: RefundResult,
    status: 201,
    errors: refundErrors,
    handler: ({ deps, principal, params, query, body, headers }) =>
      refundMedia(deps, principal, query.merchantId, params.mediaId, body, headers['idempotency-key']),
  }),
  route({
    id: 'medias.lostMyKey',
    method: 'POST',
    path: '/medias/{mediaId}/lost-my-key',
    roles: NOT_MERCHANT_USER,
    summary:
      'The media is lost: its remaining credit (key and cloud) moves to the new registered media `MediaId` as cloud credit, once; the old one becomes status 2 (lost key). 400 LostMyKeyTargetException when the new media is unknown, the same, not OK or already a replacement; 409 when the media is already lost',
    request: { params: MediaParams, query: MerchantQuery, body: LostMyKeyInput },
    response: MediaDetail,
    errors: { 400: ['LostMyKeyTargetException'], ...notFound, 409: ['MediaStatusException', 'MediaChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, query, body }) => reportLostKey(deps, principal, query.merchantId, params.mediaId, body.MediaId),
  }),
  statusRoute('block', 'block', 'Block the media (status 1): machines refuse it once their media list has it; 409 when it is not OK'),
  statusRoute('unblock', 'unblock', 'Unblock a blocked media (status 0); 409 when it is not blocked'),
  statusRoute(
    'unblockTokens',
    'unblock-tokens',
    'Unblock the media’s tokens: machines may pay its cloud credit again (blocked when a machine reported paying more than it held); 409 when they are not blocked',
  ),
];
