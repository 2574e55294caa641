import { randomUUID } from 'node:crypto';

/** A valid merchant body with a unique name. */
export function merchantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Test Merchant ${randomUUID().slice(0, 8)}`,
    country: 'IT',
    language: 'it',
    timezone: 'Europe/Rome',
    currency: 'EUR',
    contactEmail: 'contact@merchant.example',
    ...overrides,
  };
}
