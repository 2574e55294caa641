/**
 * Customers (issue 20 item 5): the stored record, the rules of consents and registration, and the figures read
 * from the customer's medias (media-api's records: their 30 day buckets, kept on each media by ingestion).
 */
import { createHash } from 'node:crypto';
import { creditOf, last30Days, type MediaRecord } from '../medias/model';
import {
  CUSTOMER_CONSENTS,
  type Customer,
  type CustomerConsents,
  type CustomerMedia,
  type CustomerRegistration,
  type Last30Days,
  type PaymentInfo,
} from '#schemas/customer';

export interface CustomerRecord {
  id: string;
  merchantId: string;
  userId: string;
  name: string | null;
  email: string | null;
  registeredAt: string;
  consents: CustomerConsents;
  paymentInfo: PaymentInfo | null;
  /** Its medias' ids (kept by the association's transaction with the media's `customerId`). */
  mediaIds: string[];
  /** +1 on every change of the record (not of its medias), for conditional writes. */
  version: number;
  updatedAt: string;
}

/** A customer's id: the first 96 bits of the SHA-256 of its user id at the service, so a repeated registration finds it. */
export const customerIdOf = (userId: string) => createHash('sha256').update(userId, 'utf8').digest('hex').slice(0, 24);

const NO_CONSENT = { granted: false, changedAt: null };
export const noConsents = (): CustomerConsents => ({ analysis: { ...NO_CONSENT }, commercial: { ...NO_CONSENT }, quality: { ...NO_CONSENT } });

/** The consents after a change: a consent's date moves only when it changes (or is answered the first time). */
export function consentsAfter(current: CustomerConsents, change: Partial<Record<(typeof CUSTOMER_CONSENTS)[number], boolean>>, now: string): CustomerConsents {
  const next = { ...current };
  for (const c of CUSTOMER_CONSENTS) {
    const granted = change[c];
    if (granted === undefined) continue;
    if (granted !== current[c].granted || current[c].changedAt === null) next[c] = { granted, changedAt: now };
  }
  return next;
}

/** A new customer, or the known one with what the service sent (fields it left out stay). */
export function registered(
  current: CustomerRecord | undefined,
  merchantId: string,
  reg: CustomerRegistration,
  serviceName: string,
  now: string,
): CustomerRecord {
  const base: CustomerRecord = current ?? {
    id: customerIdOf(reg.userId),
    merchantId,
    userId: reg.userId,
    name: null,
    email: null,
    registeredAt: now,
    consents: noConsents(),
    paymentInfo: null,
    mediaIds: [],
    version: 0,
    updatedAt: now,
  };
  const paymentInfo: PaymentInfo | null = reg.paymentInfo ? { service: serviceName, ...reg.paymentInfo, lastUsedAt: now } : base.paymentInfo;
  return {
    ...base,
    name: reg.name ?? base.name,
    email: reg.email ?? base.email,
    consents: reg.consents ? consentsAfter(base.consents, reg.consents, now) : base.consents,
    paymentInfo,
    updatedAt: now,
  };
}

/** The sum of the medias' figures over the last 30 days. */
export function sumLast30Days(medias: readonly MediaRecord[], today: string): Last30Days {
  const sum: Last30Days = { sales: 0, salesValue: 0, recharges: 0, rechargesValue: 0 };
  for (const m of medias) {
    const d = last30Days(m, today);
    sum.sales += d.sales;
    sum.salesValue += d.salesValue;
    sum.recharges += d.recharges;
    sum.rechargesValue += d.rechargesValue;
  }
  return sum;
}

const latest = (dates: ReadonlyArray<string | null>) => dates.reduce<string | null>((a, d) => (d !== null && (a === null || d > a) ? d : a), null);

/** The customer as the API shows it, from its record and its medias (those of the record only). */
export function customerView(r: CustomerRecord, medias: ReadonlyMap<string, MediaRecord>, today: string): Customer {
  const own = r.mediaIds.flatMap((id) => medias.get(id) ?? []);
  return {
    id: r.id,
    merchantId: r.merchantId,
    userId: r.userId,
    name: r.name,
    email: r.email,
    registeredAt: r.registeredAt,
    lastUsedAt: latest([...own.map((m) => m.lastUsedAt), r.paymentInfo?.lastUsedAt ?? null]),
    medias: r.mediaIds.length,
    credit: own.reduce((a, m) => a + creditOf(m), 0),
    last30Days: sumLast30Days(own, today),
    consents: r.consents,
    paymentInfo: r.paymentInfo,
    updatedAt: r.updatedAt,
  };
}

export const customerMediaView = (m: MediaRecord, today: string): CustomerMedia => ({
  mediaId: m.mediaId,
  serial: m.serial,
  mediaType: m.mediaType,
  status: m.status,
  credit: creditOf(m),
  cloudCredit: m.cloudCredit,
  lastUsedAt: m.lastUsedAt,
  last30Days: last30Days(m, today),
});

/** Columns of GET /customers/csv. */
export const CUSTOMER_CSV_COLUMNS = [
  'id',
  'userId',
  'name',
  'email',
  'registeredAt',
  'lastUsedAt',
  'medias',
  'credit',
  'sales30Days',
  'salesValue30Days',
  'recharges30Days',
  'rechargesValue30Days',
  'consentAnalysis',
  'consentAnalysisAt',
  'consentCommercial',
  'consentCommercialAt',
  'consentQuality',
  'consentQualityAt',
  'paymentService',
  'cardType',
  'maskedNumber',
  'cardExpiry',
  'cardSaved',
  'cardLastUsedAt',
] as const;

export const customerCsvRow = (c: Customer) => ({
  id: c.id,
  userId: c.userId,
  name: c.name,
  email: c.email,
  registeredAt: c.registeredAt,
  lastUsedAt: c.lastUsedAt,
  medias: c.medias,
  credit: c.credit,
  sales30Days: c.last30Days.sales,
  salesValue30Days: c.last30Days.salesValue,
  recharges30Days: c.last30Days.recharges,
  rechargesValue30Days: c.last30Days.rechargesValue,
  consentAnalysis: c.consents.analysis.granted,
  consentAnalysisAt: c.consents.analysis.changedAt,
  consentCommercial: c.consents.commercial.granted,
  consentCommercialAt: c.consents.commercial.changedAt,
  consentQuality: c.consents.quality.granted,
  consentQualityAt: c.consents.quality.changedAt,
  paymentService: c.paymentInfo?.service,
  cardType: c.paymentInfo?.cardType,
  maskedNumber: c.paymentInfo?.maskedNumber,
  cardExpiry: c.paymentInfo?.expiry,
  cardSaved: c.paymentInfo?.saved,
  cardLastUsedAt: c.paymentInfo?.lastUsedAt,
});
