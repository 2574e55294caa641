import type { Group, GroupInput } from '#schemas/group';

export interface GroupSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Groups of a merchant. Names are unique per merchant case-insensitively; implementations enforce it atomically. */
export interface GroupRepository {
  get(merchantId: string, id: string): Promise<Group | undefined>;
  /** Groups of one merchant by id; ids of other merchants or unknown ids are left out. */
  getMany(merchantId: string, ids: readonly string[]): Promise<Group[]>;
  /** The groups among `ids` that belong to one of `merchantIds`. */
  findInMerchants(merchantIds: readonly string[], ids: readonly string[]): Promise<Group[]>;
  /** By name case-insensitively; `cursor` opens the slice that follows. */
  listSlice(merchantId: string, req: GroupSliceRequest): Promise<{ items: Group[]; cursor?: string }>;
  /** Number of the merchant's groups, from a counter maintained on write. */
  count(merchantId: string): Promise<number>;
  /** Throws DuplicateGroupNameException, MerchantNotFoundException. */
  create(group: Group): Promise<void>;
  /** Throws GroupNotFoundException, DuplicateGroupNameException. */
  update(merchantId: string, id: string, input: GroupInput, updatedAt: string): Promise<Group>;
  /** Throws GroupNotFoundException. */
  delete(merchantId: string, id: string): Promise<void>;
}
