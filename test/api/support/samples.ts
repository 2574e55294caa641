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

export const settingsBody = () => ({
  deviceAssociationPin: '87654321',
  maximumRefund: 1000,
  peripheralEventsFrequencyMinutes: 60,
  scheduledAuditFrequencyHours: 24,
  minimumSignalLevel: 45,
  auditControlHours: 48,
  unlockCloudCreditHours: 24,
  pricesSync: 'IMMEDIATE',
});

export const superAdminSettingsBody = () => ({
  demo: false,
  demoExpiration: null,
  sapCode: '',
  webPortal: false,
  webSocketUrl: '',
  creditCardPmtUrl: '',
  erpApi: false,
  cogesKeyPortal: false,
  screenConfigurationWhitelistExpiryDays: 30,
  mobileApp: false,
  externalOcfService: 'NONE',
  creditBackup: false,
});
