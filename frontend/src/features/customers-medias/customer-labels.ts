import type { Customer, CustomerConsent } from '#schemas/customer';

/** Spec §3 privacy consents 1–3. */
export const CONSENT_MESSAGES: Record<CustomerConsent, string> = {
  analysis: 'customers.consent.analysis',
  commercial: 'customers.consent.commercial',
  quality: 'customers.consent.quality',
};

/** How a customer is named in lists and titles: its name, else its e-mail, else its user id at the service. */
export const customerName = (c: Pick<Customer, 'name' | 'email' | 'userId'>) => c.name ?? c.email ?? c.userId;
