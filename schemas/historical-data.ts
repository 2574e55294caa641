/**
 * Historical data requests (spec §2 data-retrieval-requests, §3, §4 status and data types, §7 /historicaldata):
 * one merchant's alarms, transactions, failed transactions or audits of a date range, exported as a CSV file
 * by a workflow and downloaded through the API while its link is valid. Subscriptions make one every day,
 * week or month for the period just ended.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page } from './paging';
import { DATA_REQUEST_STATUSES, DATA_TYPES, FREQUENCIES, MAX_RANGE_DAYS } from './historical-data-constants';

export {
  DATA_REQUEST_STATUSES,
  DATA_TYPES,
  FREQUENCIES,
  LINK_VALIDITY_DAYS,
  MAX_ACTIVE_DATA_REQUESTS,
  MAX_RANGE_DAYS,
  MAX_SUBSCRIPTIONS,
  TECHNICAL_FAILURE,
} from './historical-data-constants';

/** Spec §4 data types. FailedTransactions are the sales with `errorSale`. */
export const DataType = z.enum(DATA_TYPES);
export type DataType = z.infer<typeof DataType>;

/** Spec §4 statuses. Created = waiting or running; Expired = the link validity ended and the file is gone. */
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** A calendar day in the merchant's time zone. */
export const Day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'),
  z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar date'),
);

const daysBetween = (start: string, end: string) => (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;

export const RequestId = z.string().check(z.regex(/^[0-9a-z]{9}-[0-9a-f]{12}$/, 'invalid request id'));
export const HistoricalDataParams = z.strictObject({ id: MerchantId, requestId: RequestId });
export const SubscriptionParams = z.strictObject({ id: MerchantId, subscriptionId: RequestId });

/** POST /merchants/{id}/historicaldata: both days included, in the merchant's time zone. */
export const HistoricalDataCreate = z.strictObject({ startDate: Day, endDate: Day, dataType: DataType }).check(
  z.refine((b) => b.startDate <= b.endDate, { message: 'endDate must not be before startDate', path: ['endDate'] }),
  z.refine((b) => b.startDate > b.endDate || daysBetween(b.startDate, b.endDate) < MAX_RANGE_DAYS, {
    message: `at most ${MAX_RANGE_DAYS} days`,
    path: ['endDate'],
  }),
);
export type HistoricalDataCreate = z.infer<typeof HistoricalDataCreate>;

export const HistoricalDataRequest = z.object({
  id: z.string(),
  merchantId: z.string(),
  dataType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  /** Why it failed (TECHNICAL_FAILURE), or null. */
  message: z.nullable(z.string()),
  /** Rows and bytes of the file, once Completed. */
  rows: z.nullable(z.number()),
  size: z.nullable(z.number()),
  creationDate: z.string(),
  createdBy: z.string(),
  completedAt: z.nullable(z.string()),
  /** Until when the file can be downloaded (spec §3 link validity); null until Completed. */
  linkValidUntil: z.nullable(z.string()),
  /** The subscription that made it, or null for a manual request. */
  subscriptionId: z.nullable(z.string()),
  /** Runs of the export so far (a retry adds one). */
  attempts: z.number(),
});
export type HistoricalDataRequest = z.infer<typeof HistoricalDataRequest>;
export const HistoricalDataPage = page(HistoricalDataRequest);

/** GET /merchants/{id}/historicaldata: newest first; filters status, dataType. */
export const HistoricalDataListQuery = z.strictObject({
  ...newestFirstPaging('creationDate'),
  status: z.optional(z.enum(DATA_REQUEST_STATUSES)),
  dataType: z.optional(DataType),
});
export type HistoricalDataListQuery = z.infer<typeof HistoricalDataListQuery>;

/** Scheduled exports: the period just ended (yesterday, last week Mon–Sun, last month), in the merchant's time zone. */
export const Frequency = z.enum(FREQUENCIES);
export type Frequency = z.infer<typeof Frequency>;

/** POST /merchants/{id}/historicaldata-subscriptions */
export const SubscriptionCreate = z.strictObject({ dataType: DataType, frequency: Frequency });
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;

export const Subscription = z.object({
  id: z.string(),
  merchantId: z.string(),
  dataType: z.string(),
  frequency: z.enum(FREQUENCIES),
  createdAt: z.string(),
  createdBy: z.string(),
  /** When the next request is made (the start of the next period in the merchant's time zone, as an instant). */
  nextRunAt: z.string(),
  /** The last run: when, the request it made, or why it could not make one. */
  lastRunAt: z.nullable(z.string()),
  lastRequestId: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionList = z.object({ items: z.array(Subscription) });
