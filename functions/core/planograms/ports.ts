import type { Planogram } from '#schemas/planogram';

export interface PlanogramSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/**
 * Planograms of a merchant. Names are unique per merchant case-insensitively; each save also keeps the index of
 * lines by product (which planograms use a product) in the same transaction.
 */
export interface PlanogramRepository {
  get(merchantId: string, id: string): Promise<Planogram | undefined>;
  listSlice(merchantId: string, req: PlanogramSliceRequest): Promise<{ items: Planogram[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** Throws DuplicatePlanogramNameException, MerchantNotFoundException. */
  create(planogram: Planogram): Promise<void>;
  /** Throws PlanogramNotFoundException, DuplicatePlanogramNameException. */
  update(current: Planogram, next: Planogram): Promise<void>;
  /** Throws PlanogramNotFoundException, PlanogramInUseException (machines still associated). */
  delete(current: Planogram): Promise<void>;
  /** Serials of the machines associated with the planogram, at most `max`. */
  machineSerials(merchantId: string, id: string, max: number): Promise<string[]>;
}

/** The merchant's product catalogue, as far as planograms need it. */
export interface ProductCatalogue {
  /** Which of `productIds` are products of the merchant. */
  existing(merchantId: string, productIds: readonly string[]): Promise<Set<string>>;
}
