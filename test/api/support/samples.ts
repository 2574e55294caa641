import { MERCHANT_SETTINGS_DEFAULTS, SUPER_ADMIN_SETTINGS_DEFAULTS } from '#schemas/merchant-settings';
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

/** A valid master alarm (troubleshooting catalogue) body. */
export const masterAlarmBody = (code: string) => ({
  code,
  criticity: 2,
  machineType: 'Nebular Vending',
  source: 'machine',
  group: 'alarm',
  message: `Test alarm ${code}`,
  category: 'fault',
  mcbf: '',
  level1: '<p>Level 1</p>',
  level2: '<p>Level 2</p>',
});
