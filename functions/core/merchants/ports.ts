import type { MerchantSettings, SuperAdminSettings } from '#schemas/merchant-settings';
import type { Merchant, MerchantInput } from '#schemas/merchant';

export interface MerchantSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  /** Opaque position returned by the previous slice. */
  cursor?: string;
}

/** Storage of merchants. Names are unique case-insensitively; implementations enforce it atomically. */
export interface MerchantRepository {
  get(id: string): Promise<Merchant | undefined>;
  /** Several merchants by id, in one round trip; unknown ids are left out. */
  getMany(ids: string[]): Promise<Merchant[]>;
  /** Sorted by name case-insensitively; `cursor` opens the slice that follows. */
  listSlice(req: MerchantSliceRequest): Promise<{ items: Merchant[]; cursor?: string }>;
  /** Number of merchants, from a counter maintained on write. */
  count(): Promise<number>;
  listAll(): Promise<Merchant[]>;
  /** Throws DuplicateMerchantNameException when the name is taken. */
  create(merchant: Merchant): Promise<void>;
  /** Throws MerchantNotFoundException / DuplicateMerchantNameException. */
  update(id: string, input: MerchantInput, updatedAt: string): Promise<Merchant>;
}

/** Per-merchant settings; writes fail with MerchantNotFoundException when the merchant does not exist. */
/** Merchant settings as stored: the API token only as its SHA-256 hash (hex; '' while none was issued). */
export type StoredMerchantSettings = Omit<MerchantSettings, 'apiTokenIssued'> & { apiTokenHash: string };

export interface MerchantSettingsRepository {
  getSettings(merchantId: string): Promise<StoredMerchantSettings | undefined>;
  /** Also moves the PIN guard from `previousPin` to the new PIN (DuplicateDevicePinException when another merchant has it). */
  putSettings(settings: StoredMerchantSettings, previousPin: string): Promise<void>;
  /** The merchant whose device-association PIN this is. */
  merchantOfPin(pin: string): Promise<string | undefined>;
  getSuperAdminSettings(merchantId: string): Promise<SuperAdminSettings | undefined>;
  putSuperAdminSettings(settings: SuperAdminSettings): Promise<void>;
}
