import type { Total } from '../../../schemas/paging';
import type { WebPaymentOrder } from '../../../schemas/webpayment-order';

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

/** The cloud recharge transaction a successful recharge order makes (type 12), with the media it credits. */
export interface CloudRecharge {
  id: string;
  merchantId: string;
  mediaId: string;
  mediaSerial: string;
  amount: number;
  currency: string;
  createdAt: string;
  /** Where the customer paid: 3 mobile app, 4 web portal (transaction source types). */
  sourceType: number;
  /** The customer's user id at the service (the transaction's externalServiceInfo.userId). */
  externalUserId: string | null;
}

export type OrderWriteOutcome = 'written' | 'changedMeanwhile' | 'mediaNotFound';

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

/** What the callback checks of a merchant: undefined when there is none (or it never saved its settings: no token). */
export interface PaymentServiceMerchants {
  context(merchantId: string): Promise<{ apiToken: string; features: readonly string[]; currency: string } | undefined>;
}
