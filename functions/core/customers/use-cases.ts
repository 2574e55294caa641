/**
 * Customers of a merchant (issue 20 item 5): list, CSV, detail, their medias, consents, association of medias.
 * Every use case first checks the merchant is visible (CUSTOMERS_MEDIA is the route's, checked by the manifest's feature
 * gate before); a customer of another merchant is 404.
 */
import {
  MAX_CUSTOMER_MEDIAS,
  MAX_EXPORT_CUSTOMERS,
  type Customer,
  type CustomerConsentsInput,
  type CustomerExportQuery,
  type CustomerListQuery,
  type CustomerMedia,
  type CustomerTransactionsQuery,
} from '#schemas/customer';
import type { Transaction } from '#schemas/transaction';
import type { Page } from '#schemas/paging';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import { toCsv } from '../shared/csv';
import { emptyPage, pageOf } from '../shared/page';
import { groupScope } from '../shared/scope';
import type { Principal } from '../shared/principal';
import { canonicalInstant } from '../shared/zoned-time';
import {
  CustomerChangedConcurrentlyException,
  CustomerExportTooLargeException,
  CustomerNotFoundException,
  MediaAlreadyAssociatedException,
  TooManyCustomerMediasException,
} from './errors';
import { MediaNotFoundException } from '../medias/errors';
import type { MediaRecord } from '../medias/model';
import { CUSTOMER_CSV_COLUMNS, consentsAfter, customerCsvRow, customerMediaView, customerView, type CustomerRecord } from './model';
import type { MediaRepository } from '../medias/ports';
import type { CustomerRepository, CustomerSelection, CustomerTransactions } from './ports';
import { recordChange } from '../audit/change-recorder';

export interface CustomerDeps {
  customers: CustomerRepository;
  /** The medias' records (media-api's), never their transactions. */
  medias: Pick<MediaRepository, 'getMany'>;
  transactions: CustomerTransactions;
  now: () => string;
}

const today = (deps: Pick<CustomerDeps, 'now'>) => deps.now().slice(0, 10);

async function visibleCustomer(deps: CustomerDeps, principal: Principal, merchantId: string, id: string): Promise<CustomerRecord> {
  requireVisibleMerchant(principal, merchantId);
  const record = await deps.customers.get(merchantId, id);
  if (!record) throw new CustomerNotFoundException();
  return record;
}

/** The customers with their medias' figures (one BatchGetItem of every media of the list). */
async function views(deps: CustomerDeps, merchantId: string, records: readonly CustomerRecord[]): Promise<Customer[]> {
  const ids = records.flatMap((r) => r.mediaIds);
  const medias = ids.length ? await deps.medias.getMany(merchantId, ids) : new Map<string, MediaRecord>();
  return records.map((r) => customerView(r, medias, today(deps)));
}

const selectionOf = (q: Omit<CustomerExportQuery, 'ordType' | 'merchantId'>): CustomerSelection => ({
  search: q.search?.toLowerCase(),
  consent: q.consent,
  hasMedias: q.hasMedias,
  from: canonicalInstant(q.from),
  to: canonicalInstant(q.to),
});

/** GET /customers: a page of the merchant's customers by registration. */
export async function listCustomers(deps: CustomerDeps, principal: Principal, q: CustomerListQuery): Promise<Page<Customer>> {
  requireVisibleMerchant(principal, q.merchantId);
  const sel = selectionOf(q);
  const [slice, total] = await Promise.all([
    deps.customers.listSlice(q.merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.customers.count(q.merchantId, sel),
  ]);
  return pageOf(q, { ...slice, items: await views(deps, q.merchantId, slice.items) }, total);
}

/** GET /customers/csv: the list's selection, at most MAX_EXPORT_CUSTOMERS rows (else 400). */
export async function customersCsv(deps: CustomerDeps, principal: Principal, q: CustomerExportQuery): Promise<string> {
  requireVisibleMerchant(principal, q.merchantId);
  const records = await deps.customers.listAll(q.merchantId, selectionOf(q), q.ordType, MAX_EXPORT_CUSTOMERS + 1);
  if (records.length > MAX_EXPORT_CUSTOMERS) throw new CustomerExportTooLargeException(MAX_EXPORT_CUSTOMERS);
  return toCsv(CUSTOMER_CSV_COLUMNS, (await views(deps, q.merchantId, records)).map(customerCsvRow));
}

export async function getCustomer(deps: CustomerDeps, principal: Principal, merchantId: string, id: string): Promise<Customer> {
  const record = await visibleCustomer(deps, principal, merchantId, id);
  return (await views(deps, merchantId, [record]))[0]!;
}

/** GET /customers/{id}/medias: its medias as their records say now. */
export async function customerMedias(deps: CustomerDeps, principal: Principal, merchantId: string, id: string): Promise<CustomerMedia[]> {
  const record = await visibleCustomer(deps, principal, merchantId, id);
  const medias = record.mediaIds.length ? await deps.medias.getMany(merchantId, record.mediaIds) : new Map<string, MediaRecord>();
  return record.mediaIds.flatMap((id) => medias.get(id) ?? []).map((m) => customerMediaView(m, today(deps)));
}

/**
 * GET /customers/{id}/transactions: its medias' transactions, newest first unless asc; a group admin sees those made
 * at its groups' machines and the cloud ones (refunds, web recharges) of those medias.
 */
export async function customerTransactions(
  deps: CustomerDeps,
  principal: Principal,
  q: CustomerTransactionsQuery & { id: string },
): Promise<Page<Transaction>> {
  const record = await visibleCustomer(deps, principal, q.merchantId, q.id);
  if (!record.mediaIds.length) return emptyPage(q);
  const scope = groupScope(principal, q.merchantId);
  const range = { from: canonicalInstant(q.from), to: canonicalInstant(q.to), ...(scope.kind === 'groups' ? { groupIds: scope.groupIds } : {}) };
  const [slice, total] = await Promise.all([
    deps.transactions.page(q.merchantId, record.mediaIds, {
      ...range,
      offset: (q.page - 1) * q.size,
      limit: q.size,
      forward: q.ordType === 'asc',
      cursor: q.cursor,
    }),
    deps.transactions.count(q.merchantId, record.mediaIds, range),
  ]);
  return pageOf(q, slice, total);
}

/** Reads, changes and writes a customer conditioned on the version read, again on a lost race (3 times). */
async function changeCustomer(deps: CustomerDeps, merchantId: string, id: string, change: (r: CustomerRecord) => CustomerRecord): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await deps.customers.get(merchantId, id);
    if (!current) throw new CustomerNotFoundException();
    const next = change(current);
    if (await deps.customers.save({ ...next, version: current.version + 1 }, current.version)) {
      recordChange('customer', id, current, next);
      return;
    }
  }
  throw new CustomerChangedConcurrentlyException();
}

/** PUT /customers/{id}/privacy: each consent given; its date changes only when it does. */
export async function updateConsents(deps: CustomerDeps, principal: Principal, merchantId: string, id: string, body: CustomerConsentsInput): Promise<Customer> {
  await visibleCustomer(deps, principal, merchantId, id);
  const now = deps.now();
  await changeCustomer(deps, merchantId, id, (r) => ({ ...r, consents: consentsAfter(r.consents, body, now), updatedAt: now }));
  return getCustomer(deps, principal, merchantId, id);
}

/** POST /customers/{id}/medias: associate a media of the merchant that has no customer (its own again: unchanged). */
export async function associateMedia(deps: CustomerDeps, principal: Principal, merchantId: string, id: string, mediaId: string): Promise<Customer> {
  await visibleCustomer(deps, principal, merchantId, id);
  const outcome = await deps.customers.associate(merchantId, id, mediaId, MAX_CUSTOMER_MEDIAS);
  if (outcome === 'mediaNotFound') throw new MediaNotFoundException();
  if (outcome === 'mediaTaken') throw new MediaAlreadyAssociatedException();
  if (outcome === 'customerNotFound') throw new CustomerNotFoundException();
  if (outcome === 'tooMany') throw new TooManyCustomerMediasException(MAX_CUSTOMER_MEDIAS);
  if (outcome === 'associated') recordChange('media', mediaId, { customerId: null }, { customerId: id });
  return getCustomer(deps, principal, merchantId, id);
}

/** DELETE /customers/{id}/medias/{mediaId}: the media has no customer any more. */
export async function dissociateMedia(deps: CustomerDeps, principal: Principal, merchantId: string, id: string, mediaId: string): Promise<Customer> {
  await visibleCustomer(deps, principal, merchantId, id);
  if ((await deps.customers.dissociate(merchantId, id, mediaId)) === 'notAssociated') throw new MediaNotFoundException();
  recordChange('media', mediaId, { customerId: id }, { customerId: null });
  return getCustomer(deps, principal, merchantId, id);
}
