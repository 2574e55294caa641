/**
 * Customers (issue 20 item 5; spec §3 customer): the people who pay with the merchant's media, not users of this
 * console. They are registered by the payment service's callback (schemas/webpayment-order.ts) by their user id at
 * that service or app; a media is associated to at most one customer.
 *
 * Every route names the merchant in the query (`merchantId`, as GET /stock/manage), the customer's id being unique
 * within its merchant only.
 * Routes (group `customers`; super admin, merchant admin and group admin read; changes NOT_MERCHANT_USER, which is
 * the same three roles; the merchant needs CUSTOMERS_MEDIA, else 403 CustomersMediaNotEnabledException; another
 * merchant's customer → 404 CustomerNotFoundException):
 * - GET    /customers                          CustomerListQuery → CustomerPage
 * - GET    /customers/csv                      CustomerExportQuery → text/csv (more than MAX_EXPORT_CUSTOMERS → 400 ExportTooLargeException)
 * - GET    /customers/{id}                     → Customer
 * - GET    /customers/{id}/transactions        CustomerTransactionsQuery → TransactionPage (schemas/transaction.ts)
 *          (the transactions of its medias, newest first; a group admin: those at its groups' machines and the cloud ones)
 * - GET    /customers/{id}/medias              → CustomerMedias
 * - PUT    /customers/{id}/privacy             CustomerConsentsInput → Customer (a consent's date changes when it does)
 * - POST   /customers/{id}/medias              CustomerMediaAssociation → Customer (404 MediaNotFoundException; the media
 *          already another customer's → 409 MediaAlreadyAssociatedException; already this customer's → 200 unchanged;
 *          more than MAX_CUSTOMER_MEDIAS → 409 TooManyCustomerMediasException)
 * - DELETE /customers/{id}/medias/{mediaId}    → Customer (a media not this customer's → 404 MediaNotFoundException)
 *
 * Figures of the last 30 days are the sums of the customer's medias' day buckets (UTC days, today included),
 * kept by ingestion and refunds on each media: no transaction is read for them.
 */
import * as z from 'zod/mini';
import { MediaFigures, MediaIdValue } from './media';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, rangeInOrder, searchText } from './paging';
import { queryFlag } from './query';

/** Spec §3 privacy consents 1–3. */
export const CUSTOMER_CONSENTS = ['analysis', 'commercial', 'quality'] as const;
export type CustomerConsent = (typeof CUSTOMER_CONSENTS)[number];
/** A customer holds at most this many medias (its figures are one BatchGetItem of them). */
export const MAX_CUSTOMER_MEDIAS = 20;
/** Most rows GET /customers/csv answers (spec §5: exports are capped). */
export const MAX_EXPORT_CUSTOMERS = 5_000;

/** A customer's id: derived from its user id at the service (so a repeated registration finds it). */
export const CustomerId = z.string().check(z.regex(/^[a-f0-9]{24}$/, 'invalid customer id'));
export const CustomerParams = z.strictObject({ id: CustomerId });
export const CustomerMediaParams = z.strictObject({ id: CustomerId, mediaId: MediaIdValue });

/** A card number as it may be stored and shown: at most the first 6 and the last 4 digits, the rest masked (`*`, `X` or `•`). */
export const MASKED_CARD_PATTERN = /^\d{0,6}[*X•]{2,13}\d{0,4}$/;
export const MaskedCardNumber = z
  .string()
  .check(z.regex(MASKED_CARD_PATTERN, 'maskedNumber must be masked: at most the first 6 and the last 4 digits, the others as * or X'), z.maxLength(19));

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** Payment info as the service sends it: never a whole card number. */
export const PaymentInfoInput = z.strictObject({
  cardType: text(32),
  maskedNumber: MaskedCardNumber,
  /** MM/YY. */
  expiry: z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'expiry must be MM/YY')),
  /** The card is saved at the service for later payments. */
  saved: z.boolean(),
});
export type PaymentInfoInput = z.infer<typeof PaymentInfoInput>;

const consentFlags = {
  analysis: z.optional(z.boolean()),
  commercial: z.optional(z.boolean()),
  quality: z.optional(z.boolean()),
};

/** Who paid an order, as the payment service knows them (registers the customer, or updates what is given). */
export const CustomerRegistration = z.strictObject({
  /** The customer's user id at the app or partner service. */
  userId: z.string().check(z.regex(/^[A-Za-z0-9_.@:+-]{1,128}$/, 'userId: 1–128 letters, digits or _ . @ : + -')),
  name: z.optional(text(100)),
  email: z.optional(z.email('invalid email')),
  consents: z.optional(z.strictObject(consentFlags)),
  paymentInfo: z.optional(PaymentInfoInput),
});
export type CustomerRegistration = z.infer<typeof CustomerRegistration>;

/** A consent and when it was last given or withdrawn (null: never answered). */
export const ConsentState = z.object({ granted: z.boolean(), changedAt: z.nullable(z.string()) });
export const CustomerConsents = z.object({ analysis: ConsentState, commercial: ConsentState, quality: ConsentState });
export type CustomerConsents = z.infer<typeof CustomerConsents>;

export const PaymentInfo = z.object({
  /** The web service that holds the card (spec §3 web service types), by name. */
  service: z.string(),
  cardType: z.string(),
  maskedNumber: z.string(),
  expiry: z.string(),
  saved: z.boolean(),
  lastUsedAt: z.nullable(z.string()),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

/** Counts and values (minor units) over the last 30 UTC days, today included: the media's figures summed. */
export type Last30Days = MediaFigures;

export const Customer = z.object({
  id: z.string(),
  merchantId: z.string(),
  userId: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  registeredAt: z.string(),
  /** The latest use of one of its medias (or of its card at the service). */
  lastUsedAt: z.nullable(z.string()),
  medias: z.number(),
  /** The credit its medias hold now (minor units of the merchant's currency). */
  credit: z.number(),
  last30Days: MediaFigures,
  consents: CustomerConsents,
  paymentInfo: z.nullable(PaymentInfo),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof Customer>;
export const CustomerPage = page(Customer);

const isoInstant = z.iso.datetime({ offset: true });
const customerFilters = {
  merchantId: MerchantId,
  /** At least 3 letters, found in the user id, name or email (case-insensitive). */
  search: searchText,
  /** Customers who gave this consent. */
  consent: z.optional(z.enum(CUSTOMER_CONSENTS)),
  hasMedias: z.optional(queryFlag),
  /** Registered at or after / before. */
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
};

/** A merchant's customers by registration, newest first unless ordType=asc. */
export const CustomerListQuery = z.strictObject({ ...newestFirstPaging('registeredAt'), ...customerFilters }).check(rangeInOrder());
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export const CustomerExportQuery = z.strictObject({ ordType: z._default(z.enum(['asc', 'desc']), 'desc'), ...customerFilters }).check(rangeInOrder());
export type CustomerExportQuery = z.infer<typeof CustomerExportQuery>;

/** The merchant of a customer or order route (`?merchantId=`), as the transactions routes take it. */
export { MerchantScopeQuery } from './transaction';

/** A customer's transactions: newest first unless ordType=asc; `from` inclusive, `to` exclusive. */
export const CustomerTransactionsQuery = z
  .strictObject({ merchantId: MerchantId, ...newestFirstPaging('createdAt'), from: z.optional(isoInstant), to: z.optional(isoInstant) })
  .check(rangeInOrder());
export type CustomerTransactionsQuery = z.infer<typeof CustomerTransactionsQuery>;

/** One of a customer's medias as its tab shows it (from the media record). */
export const CustomerMedia = z.object({
  mediaId: z.string(),
  serial: z.string(),
  mediaType: z.number(),
  status: z.number(),
  credit: z.number(),
  cloudCredit: z.number(),
  lastUsedAt: z.nullable(z.string()),
  last30Days: MediaFigures,
});
export type CustomerMedia = z.infer<typeof CustomerMedia>;
export const CustomerMedias = z.array(CustomerMedia);

/** PUT /customers/{id}/privacy: the consents to set (at least one). */
export const CustomerConsentsInput = z
  .strictObject(consentFlags)
  .check(
    z.refine((b) => CUSTOMER_CONSENTS.some((c) => b[c] !== undefined), { message: 'give at least one of analysis, commercial, quality', path: ['analysis'] }),
  );
export type CustomerConsentsInput = z.infer<typeof CustomerConsentsInput>;

/** POST /customers/{id}/medias. */
export const CustomerMediaAssociation = z.strictObject({ mediaId: MediaIdValue });
export type CustomerMediaAssociation = z.infer<typeof CustomerMediaAssociation>;
