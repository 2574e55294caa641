/** Pure rules of historical data requests: the period a request covers, its file, what it reads as now. */
import type { HistoricalDataRequest } from '#schemas/historical-data';
import { LINK_VALIDITY_DAYS } from '#schemas/historical-data-constants';
import { addDays, dayStart } from '../shared/zoned-time';
import type { StoredDataRequest } from './ports';

/** Where an attempt's file lives in the exports bucket: a retry writes a new object, never onto a partial one. */
export const exportFileKey = (merchantId: string, requestId: string, attempt: number) => `historical-data/${merchantId}/${requestId}/${attempt}.csv`;

/** The name the browser saves the file under. */
export const exportFileName = (r: Pick<HistoricalDataRequest, 'dataType' | 'merchantId' | 'startDate' | 'endDate'>) =>
  `${r.dataType.toLowerCase()}-${r.merchantId}-${r.startDate}-${r.endDate}.csv`;

/** The instants a request covers: the start of its first day to the start of the day after its last, in the merchant's zone. */
export function periodOf(r: Pick<HistoricalDataRequest, 'startDate' | 'endDate'>, timeZone: string): { from: string; to: string } {
  return { from: dayStart(r.startDate, timeZone), to: dayStart(addDays(r.endDate, 1), timeZone) };
}

export const linkValidUntil = (completedAt: string) => new Date(Date.parse(completedAt) + LINK_VALIDITY_DAYS * 86_400_000).toISOString();

/** A Completed request whose link validity has ended is Expired, whether or not storage caught up. */
export const isExpired = (r: Pick<HistoricalDataRequest, 'status' | 'linkValidUntil'>, now: string) =>
  r.status === 'Expired' || (r.status === 'Completed' && r.linkValidUntil !== null && r.linkValidUntil <= now);

export function viewOf({ fileKey: _, ...r }: StoredDataRequest, now: string): HistoricalDataRequest {
  return isExpired(r, now) ? { ...r, status: 'Expired' } : r;
}
