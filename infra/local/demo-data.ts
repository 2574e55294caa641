import type { MasterAlarmCreate } from '../../schemas/alarm';
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

/** Device-association PINs of the demo merchants (merchant settings; a device joins with one). */
export const DEMO_PINS: Record<string, string> = { 'acme-vending': '11223344', 'bravo-distribucion': '22334455', 'colibri-cash': '33445566' };

export interface DemoMachine {
  serial: string;
  merchantId: string;
  name: string;
  groupId: string | null;
  hidden?: boolean;
  /** Stopped reporting two days before the demo history's end: the simulator leaves it silent, so it stays offline. */
  offline?: boolean;
}

const serial = (type: string, n: number) => `${type}-${String(n).padStart(8, '0')}`;

/**
 * Demo machines (20): Acme's in acme-north (4, the demo group admin's), acme-south (4, Bari Porto offline) and no
 * group (4, one hidden); Bravo's (5, two in bravo-centro); Colibrí's cash machines (3). The device simulator plays
 * these serials (SIMULATED_SERIALS).
 */
export const DEMO_MACHINES: DemoMachine[] = [
  ...['Milano Centrale', 'Milano Garibaldi', 'Monza Ospedale', 'Bergamo Fiera'].map((name, i) => ({ serial: serial('CENG', i + 1), merchantId: 'acme-vending', name, groupId: 'acme-north' })),
  ...['Roma Termini', 'Napoli Centrale', 'Bari Porto', 'Palermo Università'].map((name, i) => ({
    serial: serial('CENG', i + 5), merchantId: 'acme-vending', name, groupId: 'acme-south', ...(name === 'Bari Porto' ? { offline: true } : {}),
  })),
  ...['Torino Lingotto', 'Genova Brignole', 'Bologna Fiera'].map((name, i) => ({ serial: serial('CUNI', i + 9), merchantId: 'acme-vending', name, groupId: null })),
  { serial: serial('CUNI', 12), merchantId: 'acme-vending', name: 'Magazzino (dismessa)', groupId: null, hidden: true },
  ...['Madrid Atocha', 'Madrid Chamartín'].map((name, i) => ({ serial: serial('CHEX', i + 13), merchantId: 'bravo-distribucion', name, groupId: 'bravo-centro' })),
  ...['Barcelona Sants', 'Valencia Nord', 'Sevilla Santa Justa'].map((name, i) => ({ serial: serial('CHEX', i + 15), merchantId: 'bravo-distribucion', name, groupId: null })),
  ...['Bogotá Andino', 'Medellín Centro', 'Cali Norte'].map((name, i) => ({ serial: serial('C100', i + 18), merchantId: 'colibri-cash', name, groupId: null })),
];

/** The demo machines the device simulator plays: neither hidden (decommissioned) nor offline. */
export const SIMULATED_SERIALS = DEMO_MACHINES.filter((m) => !m.hidden && !m.offline).map((m) => m.serial);

export type DemoUserSeed = Omit<DemoUser, 'password'>;

/** One demo user per role, plus an admin of a second merchant (the "foreign" tenant in tests). */
export const DEMO_USERS: DemoUserSeed[] = [
  { role: 'NEBULARSUPERADMIN', email: 'superadmin@demo.local', merchantIds: [], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'merchant.admin@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'it' },
  { role: 'NEBULARGROUPADMIN', email: 'group.admin@demo.local', merchantIds: ['acme-vending'], groupIds: ['acme-north'], language: 'es' },
  { role: 'NEBULARMERCHANTUSER', email: 'merchant.user@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'bravo.admin@demo.local', merchantIds: ['bravo-distribucion'], groupIds: [], language: 'es' },
];

/** The troubleshooting catalogue's entries for the codes the simulated machines raise (SIMULATED_ALARMS). */
export const DEMO_MASTER_ALARMS: MasterAlarmCreate[] = [
  { code: 'E-COIN-JAM', criticity: 4, machineType: 'Nebular Vending', source: 'coinChanger', group: 'alarm', message: 'Coin mechanism jammed', category: 'jam', mcbf: 'yes',
    level1: '<p>Open the coin mechanism and remove the blocked coins.</p>', level2: '<p>Clean the tube sensors; replace the changer if it jams again within a week.</p>' },
  { code: 'E-DOOR-OPEN', criticity: 2, machineType: 'Nebular Vending', source: 'machine', group: 'alarm', message: 'Service door open', category: 'usability', mcbf: '',
    level1: '<p>Close the service door.</p>', level2: '<p>Check the door switch wiring.</p>' },
  { code: 'W-LOW-CHANGE', criticity: 2, machineType: 'Nebular Vending', source: 'coinChanger', group: 'alarm', message: 'Low change', category: 'maintenance', mcbf: 'no',
    level1: '<p>Refill the change tubes.</p>', level2: '' },
  { code: 'E-COOLING', criticity: 4, machineType: 'Nebular Vending', source: 'machine', group: 'alarm', message: 'Cooling failure', category: 'fault', mcbf: 'yes',
    level1: '<p>Check that the condenser is not obstructed.</p>', level2: '<p>Measure the compressor current; call the manufacturer service.</p>' },
  { code: 'N-FILTER', criticity: 0, machineType: 'Nebular Vending', source: 'product', group: 'notification', message: 'Water filter due', category: 'maintenance', mcbf: '',
    level1: '<p>Replace the water filter at the next visit.</p>', level2: '' },
];
