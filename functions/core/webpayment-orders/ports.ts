import type { Total } from '#schemas/paging';
import type { WebPaymentOrder } from '#schemas/webpayment-order';
import type { SourceTypeCode } from '#schemas/transaction-constants';
import type { MediaRecord } from '../medias/model';

/** Which of a merchant's orders a list shows (created in [from, to)). */
export interface OrderSelection {
  from?: string;
  to?: string;
  type?: number;
  result?: number;
  service?: number;
}

export interface OrderSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** What a successful recharge order writes with it: the media credited (at the version read) and its transaction. */
export interface CloudRecharge {
  media: { before: MediaRecord; next: MediaRecord };
  /** The cloud recharge (type 12, media type WEB_RECHARGE_MEDIA_TYPE), counted in the statistics of the merchant's day. */
  transaction: {
    id: string;
    merchantId: string;
    value: number;
    currency: string;
    createdAt: string;
    /** Where the customer paid: 3 mobile app, 4 web portal; the source serial names the service. */
    source: { type: SourceTypeCode; serial: string };
    /** The customer's user id at the service. */
    externalUserId: string | null;
  };
  timeZone: string;
}

/** 'changedMeanwhile': the order or the media changed since they were read (read both again). */
export type OrderWriteOutcome = 'written' | 'changedMeanwhile';

export interface WebPaymentOrderRepository {
  get(merchantId: string, id: string): Promise<WebPaymentOrder | undefined>;
  listSlice(merchantId: string, sel: OrderSelection & OrderSlice): Promise<{ items: WebPaymentOrder[]; cursor?: string }>;
  count(merchantId: string, sel: OrderSelection): Promise<Total>;
  /**
   * Writes the order if the stored one still has `readResult` (undefined: none stored) and, with `recharge`, in the
   * same transaction adds the amount to the media's cloud credit and stores the recharge's transaction and counters.
   */
  write(order: WebPaymentOrder, readResult: number | undefined, recharge?: CloudRecharge): Promise<OrderWriteOutcome>;
}

export interface PaymentServiceMerchant {
  /** SHA-256 of the merchant's API token, '' when none was issued. */
  apiTokenHash: string;
  currency: string;
  timezone: string;
}

/** What the callback checks of a merchant: undefined when there is none (or it never saved its settings: no token). */
export interface PaymentServiceMerchants {
  context(merchantId: string): Promise<PaymentServiceMerchant | undefined>;
}
