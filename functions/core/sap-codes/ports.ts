import type { SapCode } from '#schemas/sap-code';

export interface SapCodeSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A merchant's SAP codes, unique per merchant case-insensitively (implementations enforce it atomically); each addressable by its id alone. */
export interface SapCodeRepository {
  get(id: string): Promise<SapCode | undefined>;
  /** The merchant's code equal to this one case-insensitively. */
  byCode(merchantId: string, code: string): Promise<SapCode | undefined>;
  listSlice(merchantId: string, slice: SapCodeSlice): Promise<{ items: SapCode[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** Throws DuplicateSapCodeException, MerchantNotFoundException. */
  create(sapCode: SapCode): Promise<void>;
  /** Throws SapCodeNotFoundException, DuplicateSapCodeException. */
  update(current: SapCode, next: SapCode): Promise<void>;
}
