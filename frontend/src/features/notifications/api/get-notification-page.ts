import useSWR from 'swr';
import { NotificationPage } from '#schemas/notification';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';

export const notificationsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/notifications`;

/** GET /merchants/{id}/notifications?page&size&ordType&cursor&status&from&to: the notifications log, newest first. */
const LIST = '/notifications/page';

export function useNotificationPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, notificationsPath(merchantId), query] as const, ([, path, q]) => apiGet(path, NotificationPage, { query: historyQuery(q) }), {
    keepPreviousData: true,
  });
}
