import type { Total } from '#schemas/paging';
import type { WebPaymentConfig, WebPaymentService } from '#schemas/webpayment-service';

export interface WebPaymentServiceSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** The catalogue of web payment services (not a merchant's). */
export interface WebPaymentServiceRepository {
  get(id: string): Promise<WebPaymentService | undefined>;
  listSlice(slice: WebPaymentServiceSlice): Promise<{ items: WebPaymentService[]; cursor?: string }>;
  count(): Promise<Total>;
  create(service: WebPaymentService): Promise<void>;
  /** Conditioned on the version read (updatedAt); throws WebPaymentServiceChangedConcurrentlyException. */
  update(service: WebPaymentService, previousUpdatedAt: string): Promise<void>;
}

/** A merchant's configurations, one per service (a handful: read whole). */
export interface WebPaymentConfigRepository {
  list(merchantId: string): Promise<WebPaymentConfig[]>;
  get(merchantId: string, serviceId: string): Promise<WebPaymentConfig | undefined>;
  /** Throws MerchantNotFoundException. */
  put(config: WebPaymentConfig): Promise<void>;
  /** Throws WebPaymentConfigNotFoundException. */
  delete(merchantId: string, serviceId: string): Promise<void>;
}
