import type { Merchant, MerchantInput } from '../../../schemas/merchant';
import type { Page } from '../../../schemas/paging';

export interface MerchantPageRequest {
  page: number;
  size: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Storage of merchants. Names are unique case-insensitively; implementations enforce it atomically. */
export interface MerchantRepository {
  get(id: string): Promise<Merchant | undefined>;
  /** Several merchants by id, in one round trip; unknown ids are left out. */
  getMany(ids: string[]): Promise<Merchant[]>;
  /** Sorted by name case-insensitively. */
  listPage(req: MerchantPageRequest): Promise<Page<Merchant>>;
  listAll(): Promise<Merchant[]>;
  /** Throws DuplicateMerchantNameException when the name is taken. */
  create(merchant: Merchant): Promise<void>;
  /** Throws MerchantNotFoundException / DuplicateMerchantNameException. */
  update(id: string, input: MerchantInput, updatedAt: string): Promise<Merchant>;
}
