import * as z from 'zod/mini';
import {
  MerchantNotificationsParams,
  NotificationCsvQuery,
  NotificationListQuery,
  NotificationPage,
  UnsubscribeRequest,
  UnsubscribeResult,
} from '#schemas/notification';
import { ADMINS } from '#schemas/roles';
import { listNotifications, notificationsCsv, unsubscribe } from '../../core/notifications/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { NotificationsGroupDeps } from './deps';

const route = routeFor<NotificationsGroupDeps>();

const FILTERS = 'status (pending, delivered, failed, digested, suppressed), userId, from/to (ISO instants of the alarm event, to exclusive)';

export const routes = [
  route({
    id: 'notifications.listOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/notifications',
    roles: ADMINS,
    feature: 'ADVANCED_ALARMS',
    summary: `A merchant’s notifications log (who was told what, when, delivered or failed), newest first unless ordType=asc, a page; filters ${FILTERS}`,
    request: { params: MerchantNotificationsParams, query: NotificationListQuery },
    response: NotificationPage,
    handler: ({ deps, principal, params, query }) => listNotifications(deps, principal, params.id, query),
  }),
  route({
    id: 'notifications.csvOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/notifications/csv',
    roles: ADMINS,
    feature: 'ADVANCED_ALARMS',
    summary: 'The listed notifications (same filters, paging ignored), newest first, as a CSV download (at most 5000)',
    request: { params: MerchantNotificationsParams, query: NotificationCsvQuery },
    response: z.string(),
    produces: 'text/csv',
    handler: async ({ deps, principal, params, query }) =>
      attachment(`notifications-${params.id}.csv`, await notificationsCsv(deps, principal, params.id, query)),
  }),
  route({
    id: 'notifications.unsubscribe',
    method: 'POST',
    path: '/notifications/unsubscribe',
    roles: 'public',
    summary: 'An alarm e-mail’s unsubscribe link: its signed token turns the user’s notifications off; forged → 400, expired → 410',
    request: { body: UnsubscribeRequest },
    response: UnsubscribeResult,
    errors: { 400: ['InvalidUnsubscribeLinkException'], 410: ['UnsubscribeLinkExpiredException'] },
    handler: ({ deps, body }) => unsubscribe({ users: deps.userRecords, linkKey: deps.linkKey, nowMs: deps.nowMs }, body.token),
  }),
];
