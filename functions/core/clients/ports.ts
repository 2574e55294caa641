import type { Client } from '#schemas/client';

export interface ClientSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Clients of a merchant. Names are unique per merchant case-insensitively; implementations enforce it atomically. */
export interface ClientRepository {
  get(merchantId: string, id: string): Promise<Client | undefined>;
  listSlice(merchantId: string, req: ClientSliceRequest): Promise<{ items: Client[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** Throws DuplicateClientNameException, MerchantNotFoundException. */
  create(client: Client): Promise<void>;
  /** Throws ClientNotFoundException, DuplicateClientNameException. */
  update(current: Client, next: Client): Promise<void>;
  /** Throws ClientNotFoundException, ClientInUseException (machines still associated). */
  delete(current: Client): Promise<void>;
}
