import type { NoVendProfile } from '#schemas/no-vend-profile';

export interface NoVendProfileSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** No-vend profiles of a merchant. Names are unique per merchant case-insensitively; implementations enforce it atomically. */
export interface NoVendProfileRepository {
  get(merchantId: string, id: string): Promise<NoVendProfile | undefined>;
  listSlice(merchantId: string, req: NoVendProfileSliceRequest): Promise<{ items: NoVendProfile[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** Throws DuplicateNoVendProfileNameException, MerchantNotFoundException. */
  create(profile: NoVendProfile): Promise<void>;
  /** Throws NoVendProfileNotFoundException, DuplicateNoVendProfileNameException. */
  update(current: NoVendProfile, next: NoVendProfile): Promise<void>;
  /** Throws NoVendProfileNotFoundException, NoVendProfileInUseException (machines still associated). */
  delete(current: NoVendProfile): Promise<void>;
}
