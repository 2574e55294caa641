import { MERCHANT_SETTINGS_DEFAULTS, SUPER_ADMIN_SETTINGS_DEFAULTS } from '../../../schemas/merchant-settings';
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

export const settingsBody = () => ({ ...MERCHANT_SETTINGS_DEFAULTS, deviceAssociationPin: '87654321', maximumRefund: 1000 });

export const superAdminSettingsBody = () => ({ ...SUPER_ADMIN_SETTINGS_DEFAULTS });
