import type { CustomerConsent } from '#schemas/customer';
import type { Total } from '#schemas/paging';
import type { Transaction } from '#schemas/transaction';
import type { TransactionSliceRequest } from '../medias/ports';
import type { CustomerRecord } from './model';

/** Which of a merchant's customers a list shows. */
export interface CustomerSelection {
  /** Lower-case text found in the user id, name or email. */
  search?: string;
  consent?: CustomerConsent;
  hasMedias?: boolean;
  /** Registered in [from, to). */
  from?: string;
  to?: string;
}

export interface CustomerSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

export type AssociationOutcome = 'associated' | 'already' | 'mediaNotFound' | 'mediaTaken' | 'customerNotFound' | 'tooMany';
export type DissociationOutcome = 'dissociated' | 'notAssociated';

export interface CustomerRepository {
  get(merchantId: string, id: string): Promise<CustomerRecord | undefined>;
  listSlice(merchantId: string, sel: CustomerSelection & CustomerSlice): Promise<{ items: CustomerRecord[]; cursor?: string }>;
  count(merchantId: string, sel: CustomerSelection): Promise<Total>;
  /** At most `max` customers of the selection, by registration (for the CSV). */
  listAll(merchantId: string, sel: CustomerSelection, ordType: 'asc' | 'desc', max: number): Promise<CustomerRecord[]>;
  /** Writes a new record (false: one exists already) or the record's own fields conditioned on the version read (false: changed meanwhile). */
  save(next: CustomerRecord, readVersion: number | undefined): Promise<boolean>;
  /** One transaction: the media's `customerId` (when it has none) and the customer's media ids and count. */
  associate(merchantId: string, customerId: string, mediaId: string, maxMedias: number): Promise<AssociationOutcome>;
  dissociate(merchantId: string, customerId: string, mediaId: string): Promise<DissociationOutcome>;
}

/** A customer's transactions: those of its medias (at the machines and in the cloud), by creation time. */
export interface CustomerTransactions {
  page(merchantId: string, mediaIds: readonly string[], req: TransactionSliceRequest): Promise<{ items: Transaction[]; cursor?: string }>;
  count(merchantId: string, mediaIds: readonly string[], req: Pick<TransactionSliceRequest, 'from' | 'to' | 'groupIds'>): Promise<Total>;
}
