import type { MerchantInput } from '../../schemas/merchant';
import type { DemoUser } from './stack-info';

/** Demo merchants: fixed ids so a second start finds them again. */
export const DEMO_MERCHANTS: Array<{ id: string; input: MerchantInput }> = [
  {
    id: 'acme-vending',
    input: {
      name: 'Acme Vending', screenConfigurationManagement: true, country: 'IT', language: 'it', timezone: 'Europe/Rome', currency: 'EUR',
      legalInfo: 'Acme Vending S.r.l., Via Roma 1, 20121 Milano', contactPerson: 'Giulia Bianchi', contactEmail: 'ops@acme-vending.example',
      licence: 'ENTERPRISE', defaultWarranty: 24, extendedWarranty: 12,
      features: ['ADVANCED_ALARMS', 'NEBULAR_VENDING', 'PRODUCTS_STOCK', 'REMOTE_CONFIGURATIONS', 'TRANSACTIONS_DETAILS', 'FIRMWARE_UPDATE', 'NETWORK'],
    },
  },
  {
    id: 'bravo-distribucion',
    input: {
      name: 'Bravo Distribución', screenConfigurationManagement: false, country: 'ES', language: 'es', timezone: 'Europe/Madrid', currency: 'EUR',
      legalInfo: 'Bravo Distribución S.L., Calle Mayor 5, 28001 Madrid', contactPerson: 'Lucía Martín', contactEmail: 'soporte@bravo.example',
      licence: 'STANDARD', defaultWarranty: 24, extendedWarranty: 0, features: ['NEBULAR_VENDING', 'CUSTOMERS_MEDIA'],
    },
  },
  {
    id: 'colibri-cash',
    input: {
      name: 'Colibrí Cash', screenConfigurationManagement: false, country: 'CO', language: 'es', timezone: 'America/Bogota', currency: 'COP',
      legalInfo: 'Colibrí Cash S.A.S., Bogotá', contactPerson: 'Andrés Gómez', contactEmail: 'contacto@colibri.example',
      licence: 'STANDARD', defaultWarranty: 12, extendedWarranty: 0, features: ['NEBULAR_CASH', 'CASHDB_UPDATE'],
    },
  },
];

/** Demo groups: fixed ids (the demo group admin has `acme-north`). */
export const DEMO_GROUPS: Array<{ merchantId: string; id: string; name: string; description: string }> = [
  { merchantId: 'acme-vending', id: 'acme-north', name: 'Acme North', description: 'Machines north of the river' },
  { merchantId: 'acme-vending', id: 'acme-south', name: 'Acme South', description: 'Machines south of the river' },
  { merchantId: 'bravo-distribucion', id: 'bravo-centro', name: 'Bravo Centro', description: 'Madrid centre' },
];

export type DemoUserSeed = Omit<DemoUser, 'password'>;

/** One demo user per role, plus an admin of a second merchant (the "foreign" tenant in tests). */
export const DEMO_USERS: DemoUserSeed[] = [
  { role: 'NEBULARSUPERADMIN', email: 'superadmin@demo.local', merchantIds: [], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'merchant.admin@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'it' },
  { role: 'NEBULARGROUPADMIN', email: 'group.admin@demo.local', merchantIds: ['acme-vending'], groupIds: ['acme-north'], language: 'es' },
  { role: 'NEBULARMERCHANTUSER', email: 'merchant.user@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'bravo.admin@demo.local', merchantIds: ['bravo-distribucion'], groupIds: [], language: 'es' },
];
