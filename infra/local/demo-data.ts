import type { MasterAlarmCreate } from '#schemas/alarm';
import { FEATURE_FLAGS } from '#schemas/features';
import type { MerchantInput } from '#schemas/merchant';
import type { CustomParameter, ProductType } from '#schemas/product';
import type { DemoUser } from './stack-info';

/** Demo merchants: fixed ids so a second start finds them again. */
export const DEMO_MERCHANTS: Array<{ id: string; input: MerchantInput }> = [
  {
    id: 'acme-vending',
    input: {
      name: 'Acme Vending',
      screenConfigurationManagement: true,
      country: 'IT',
      language: 'it',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      legalInfo: 'Acme Vending S.r.l., Via Roma 1, 20121 Milano',
      contactPerson: 'Giulia Bianchi',
      contactEmail: 'ops@acme-vending.example',
      licence: 'ENTERPRISE',
      defaultWarranty: 24,
      extendedWarranty: 12,
      // Acme has bought everything; Bravo vending with customers and web payments only (no stock, network, remote
      // configurations, transaction details, advanced alarms, firmware); Colibrí the cash-handling product only.
      features: [...FEATURE_FLAGS],
    },
  },
  {
    id: 'bravo-distribucion',
    input: {
      name: 'Bravo Distribución',
      screenConfigurationManagement: false,
      country: 'ES',
      language: 'es',
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      legalInfo: 'Bravo Distribución S.L., Calle Mayor 5, 28001 Madrid',
      contactPerson: 'Lucía Martín',
      contactEmail: 'soporte@bravo.example',
      licence: 'STANDARD',
      defaultWarranty: 24,
      extendedWarranty: 0,
      features: ['NEBULAR_VENDING', 'CUSTOMERS_MEDIA', 'WEBPAYMENTS'],
    },
  },
  {
    id: 'colibri-cash',
    input: {
      name: 'Colibrí Cash',
      screenConfigurationManagement: false,
      country: 'CO',
      language: 'es',
      timezone: 'America/Bogota',
      currency: 'COP',
      legalInfo: 'Colibrí Cash S.A.S., Bogotá',
      contactPerson: 'Andrés Gómez',
      contactEmail: 'contacto@colibri.example',
      licence: 'STANDARD',
      defaultWarranty: 12,
      extendedWarranty: 0,
      features: ['NEBULAR_CASH', 'CASHDB_UPDATE'],
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
/** The demo merchants' maximum refund (merchant settings, minor units of their currency: 50 €, 50 €, 200,000 COP), so refunds work on `npm start`. */
export const DEMO_MAXIMUM_REFUNDS: Record<string, number> = { 'acme-vending': 5000, 'bravo-distribucion': 5000, 'colibri-cash': 200_000 };

export interface DemoMachine {
  serial: string;
  merchantId: string;
  name: string;
  groupId: string | null;
  hidden?: boolean;
  /** Stopped reporting two days before the demo history's end: the simulator leaves it silent, so it stays offline. */
  offline?: boolean;
  /** Online but stopped selling SILENT_SINCE before the demo history's end (the simulator pings it, sells nothing): the no-sales anomaly. */
  silent?: boolean;
}

const serial = (type: string, n: number) => `${type}-${String(n).padStart(8, '0')}`;

/**
 * Demo machines (20): Acme's in acme-north (4, the demo group admin's), acme-south (4, Bari Porto offline) and no
 * group (4, one hidden); Bravo's (5, two in bravo-centro); Colibrí's cash machines (3). The device simulator plays
 * these serials (SIMULATED_SERIALS).
 */
export const DEMO_MACHINES: DemoMachine[] = [
  ...['Milano Centrale', 'Milano Garibaldi', 'Monza Ospedale', 'Bergamo Fiera'].map((name, i) => ({
    serial: serial('CENG', i + 1),
    merchantId: 'acme-vending',
    name,
    groupId: 'acme-north',
    ...(name === 'Monza Ospedale' ? { silent: true } : {}),
  })),
  ...['Roma Termini', 'Napoli Centrale', 'Bari Porto', 'Palermo Università'].map((name, i) => ({
    serial: serial('CENG', i + 5),
    merchantId: 'acme-vending',
    name,
    groupId: 'acme-south',
    ...(name === 'Bari Porto' ? { offline: true } : {}),
  })),
  ...['Torino Lingotto', 'Genova Brignole', 'Bologna Fiera'].map((name, i) => ({
    serial: serial('CUNI', i + 9),
    merchantId: 'acme-vending',
    name,
    groupId: null,
  })),
  { serial: serial('CUNI', 12), merchantId: 'acme-vending', name: 'Magazzino (dismessa)', groupId: null, hidden: true },
  ...['Madrid Atocha', 'Madrid Chamartín'].map((name, i) => ({
    serial: serial('CHEX', i + 13),
    merchantId: 'bravo-distribucion',
    name,
    groupId: 'bravo-centro',
  })),
  ...['Barcelona Sants', 'Valencia Nord', 'Sevilla Santa Justa'].map((name, i) => ({
    serial: serial('CHEX', i + 15),
    merchantId: 'bravo-distribucion',
    name,
    groupId: null,
  })),
  ...['Bogotá Andino', 'Medellín Centro', 'Cali Norte'].map((name, i) => ({ serial: serial('C100', i + 18), merchantId: 'colibri-cash', name, groupId: null })),
];

/** The demo machines the device simulator plays: neither hidden (decommissioned) nor offline. */
export const SIMULATED_SERIALS = DEMO_MACHINES.filter((m) => !m.hidden && !m.offline).map((m) => m.serial);
/** Of those, the ones it plays without sales (the silent machine). */
export const SILENT_SERIALS: ReadonlySet<string> = new Set(DEMO_MACHINES.filter((m) => m.silent).map((m) => m.serial));

export type DemoUserSeed = Omit<DemoUser, 'password'>;

/** One demo user per role, plus an admin of a second merchant (the "foreign" tenant in tests). */
export const DEMO_USERS: DemoUserSeed[] = [
  { role: 'NEBULARSUPERADMIN', email: 'superadmin@demo.local', merchantIds: [], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'merchant.admin@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'it' },
  { role: 'NEBULARGROUPADMIN', email: 'group.admin@demo.local', merchantIds: ['acme-vending'], groupIds: ['acme-north'], language: 'es' },
  { role: 'NEBULARMERCHANTUSER', email: 'merchant.user@demo.local', merchantIds: ['acme-vending'], groupIds: [], language: 'en' },
  { role: 'NEBULARMERCHANTADMIN', email: 'bravo.admin@demo.local', merchantIds: ['bravo-distribucion'], groupIds: [], language: 'es' },
];

/** Alarm settings: Acme's admin is told about every alarm its machines raise, so `npm start` shows e-mails in the outbox. */
export const DEMO_ALARM_SETTINGS = [
  {
    merchantId: 'acme-vending',
    id: 'acme-every-alarm',
    name: 'Tutti gli allarmi',
    alarmCodes: [],
    recipients: ['merchant.admin@demo.local'],
    criticities: [],
    groupIds: [],
    notifyRepaired: false,
  },
];

/** The troubleshooting catalogue's entries for the codes the simulated machines raise (SIMULATED_ALARMS). */
export const DEMO_MASTER_ALARMS: MasterAlarmCreate[] = [
  {
    code: 'E-SENSOR-CRITICAL',
    criticity: 4,
    machineType: 'Nebular Cash',
    source: 'machine',
    group: 'alarm',
    message: 'A sensor is critically dirty',
    category: 'maintenance',
    mcbf: 'no',
    level1: '<p>Open the machine and clean the submodule the alarm names (the detail lists the sensors).</p>',
    level2: '<p>If the readings stay past the threshold after cleaning, replace the sensor or its submodule.</p>',
  },
  {
    code: 'E-COIN-JAM',
    criticity: 4,
    machineType: 'Nebular Vending',
    source: 'coinChanger',
    group: 'alarm',
    message: 'Coin mechanism jammed',
    category: 'jam',
    mcbf: 'yes',
    level1: '<p>Open the coin mechanism and remove the blocked coins.</p>',
    level2: '<p>Clean the tube sensors; replace the changer if it jams again within a week.</p>',
  },
  {
    code: 'E-DOOR-OPEN',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'machine',
    group: 'alarm',
    message: 'Service door open',
    category: 'usability',
    mcbf: '',
    level1: '<p>Close the service door.</p>',
    level2: '<p>Check the door switch wiring.</p>',
  },
  {
    code: 'W-LOW-CHANGE',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'coinChanger',
    group: 'alarm',
    message: 'Low change',
    category: 'maintenance',
    mcbf: 'no',
    level1: '<p>Refill the change tubes.</p>',
    level2: '',
  },
  {
    code: 'E-COOLING',
    criticity: 4,
    machineType: 'Nebular Vending',
    source: 'machine',
    group: 'alarm',
    message: 'Cooling failure',
    category: 'fault',
    mcbf: 'yes',
    level1: '<p>Check that the condenser is not obstructed.</p>',
    level2: '<p>Measure the compressor current; call the manufacturer service.</p>',
  },
  {
    code: 'N-FILTER',
    criticity: 0,
    machineType: 'Nebular Vending',
    source: 'product',
    group: 'notification',
    message: 'Water filter due',
    category: 'maintenance',
    mcbf: '',
    level1: '<p>Replace the water filter at the next visit.</p>',
    level2: '',
  },
  // The anomaly alerts' codes (schemas/anomaly-constants.ts): raised by the anomaly sweep, not by a machine.
  {
    code: 'ANOMALY_NO_SALES',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'machine',
    group: 'alarm',
    message: 'No sales for improbably long',
    category: 'usability',
    mcbf: '',
    level1: '<p>Check that the machine vends: a blocked payment system, an empty or jammed product, a switched-off display.</p>',
    level2: '<p>The alarm detail gives the sales its last weeks predicted for the silence and the probability of none.</p>',
  },
  {
    code: 'ANOMALY_OFFLINE',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'controlSystem',
    group: 'alarm',
    message: 'Offline for too long',
    category: 'fault',
    mcbf: '',
    level1: '<p>Check the power supply and the modem of the machine.</p>',
    level2: '<p>Check the SIM and the signal on site; the threshold is in the distributor settings.</p>',
  },
  {
    code: 'ANOMALY_CASHLESS_DROP',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'cashless',
    group: 'alarm',
    message: 'Cashless sales dropped',
    category: 'fault',
    mcbf: '',
    level1: '<p>Try a card payment: the card reader may be off or disconnected.</p>',
    level2: '<p>Check the cashless device configuration and its connection to the payment service.</p>',
  },
  {
    code: 'ANOMALY_REJECTION',
    criticity: 2,
    machineType: 'Nebular Vending',
    source: 'machine',
    group: 'alarm',
    message: 'Coins or bills rejected too often',
    category: 'maintenance',
    mcbf: '',
    level1: '<p>Clean the coin and bill validators: dirt makes them refuse good money.</p>',
    level2: '<p>The alarm detail gives the day’s rejection rate; the KPI screens show its trend and the rejection reasons.</p>',
  },
];

/** Acme's own extra product fields (custom parameters). */
export const DEMO_PRODUCT_PARAMETERS: Record<string, CustomParameter[]> = {
  'acme-vending': [
    { name: 'Allergens', type: 'text', required: false },
    { name: 'Weight g', type: 'number', required: false },
    { name: 'Organic', type: 'boolean', required: false },
  ],
};

type DemoProduct = {
  merchantId: string;
  id: string;
  code: string;
  name: string;
  description: string;
  productType: ProductType;
  vat: number;
  customParameters?: Record<string, string | number | boolean>;
};
const acme = (
  id: string,
  code: string,
  name: string,
  productType: ProductType,
  vat: number,
  description: string,
  customParameters: DemoProduct['customParameters'] = {},
): DemoProduct => ({
  merchantId: 'acme-vending',
  id: `acme-${id}`,
  code,
  name,
  description,
  productType,
  vat,
  customParameters,
});

/** A realistic catalogue: Acme's hot drinks, cold drinks, snacks and a few non-food items; a few of Bravo's. Ids are stable for planograms to name. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  acme('espresso', 'HOT-001', 'Espresso', 'A', 10, 'Caffè espresso, 7 g Arabica/Robusta blend', { 'Weight g': 7 }),
  acme('espresso-decaf', 'HOT-002', 'Espresso decaffeinato', 'A', 10, 'Decaffeinated espresso, 7 g', { 'Weight g': 7 }),
  acme('lungo', 'HOT-003', 'Caffè lungo', 'A', 10, 'Long coffee, 9 g', { 'Weight g': 9 }),
  acme('cappuccino', 'HOT-004', 'Cappuccino', 'A', 10, 'Espresso with milk foam', { Allergens: 'milk', 'Weight g': 19 }),
  acme('macchiato', 'HOT-005', 'Caffè macchiato', 'A', 10, 'Espresso with a drop of milk', { Allergens: 'milk' }),
  acme('latte', 'HOT-006', 'Latte macchiato', 'A', 10, 'Hot milk with espresso', { Allergens: 'milk' }),
  acme('chocolate', 'HOT-007', 'Cioccolata calda', 'A', 10, 'Hot chocolate, 28 g cocoa mix', { Allergens: 'milk, soy', 'Weight g': 28 }),
  acme('ginseng', 'HOT-008', 'Caffè al ginseng', 'A', 10, 'Ginseng coffee drink', { Allergens: 'milk' }),
  acme('tea-lemon', 'HOT-009', 'Tè al limone', 'A', 10, 'Instant lemon tea', { 'Weight g': 15 }),
  acme('water-still', 'COLD-001', 'Acqua naturale 50 cl', 'B', 10, 'Still mineral water, PET bottle'),
  acme('water-sparkling', 'COLD-002', 'Acqua frizzante 50 cl', 'B', 10, 'Sparkling mineral water, PET bottle'),
  acme('cola', 'COLD-003', 'Cola 33 cl', 'B', 22, 'Cola, can'),
  acme('cola-zero', 'COLD-004', 'Cola Zero 33 cl', 'B', 22, 'Sugar-free cola, can'),
  acme('orange-soda', 'COLD-005', 'Aranciata 33 cl', 'B', 22, 'Orange soda, can'),
  acme('iced-tea-peach', 'COLD-006', 'Tè freddo pesca 50 cl', 'B', 22, 'Peach iced tea, PET bottle'),
  acme('energy', 'COLD-007', 'Energy drink 25 cl', 'B', 22, 'Energy drink, can'),
  acme('juice-ace', 'COLD-008', 'Succo ACE 20 cl', 'B', 22, 'Orange, carrot and lemon juice, brick'),
  acme('crisps', 'SNK-001', 'Patatine classiche 45 g', 'C', 10, 'Salted potato crisps', { 'Weight g': 45 }),
  acme('crisps-paprika', 'SNK-002', 'Patatine paprika 45 g', 'C', 10, 'Paprika potato crisps', { 'Weight g': 45 }),
  acme('crackers', 'SNK-003', 'Crackers integrali', 'C', 10, 'Wholemeal crackers, 2 × 20 g', { Allergens: 'gluten', 'Weight g': 40, Organic: true }),
  acme('wafer', 'SNK-004', 'Wafer nocciola', 'C', 10, 'Hazelnut wafer', { Allergens: 'gluten, milk, nuts', 'Weight g': 45 }),
  acme('chocolate-bar', 'SNK-005', 'Barretta cioccolato', 'C', 10, 'Milk chocolate bar', { Allergens: 'milk, soy', 'Weight g': 50 }),
  acme('protein-bar', 'SNK-006', 'Barretta proteica', 'C', 10, 'Protein bar, 20 g protein', { Allergens: 'milk, soy, nuts', 'Weight g': 55 }),
  acme('croissant', 'SNK-007', 'Cornetto albicocca', 'C', 10, 'Apricot croissant, packaged', { Allergens: 'gluten, egg, milk', 'Weight g': 50 }),
  acme('tarallini', 'SNK-008', 'Tarallini pugliesi', 'C', 10, 'Olive oil taralli', { Allergens: 'gluten', 'Weight g': 40 }),
  acme('tissues', 'NF-001', 'Fazzoletti', 'D', 22, 'Paper tissues, pack of 10'),
  acme('mask', 'NF-002', 'Mascherina FFP2', 'D', 22, 'FFP2 face mask'),
  { merchantId: 'bravo-distribucion', id: 'bravo-cafe-solo', code: 'BR-C01', name: 'Café solo', description: 'Espresso', productType: 'A', vat: 10 },
  {
    merchantId: 'bravo-distribucion',
    id: 'bravo-cafe-leche',
    code: 'BR-C02',
    name: 'Café con leche',
    description: 'Coffee with milk',
    productType: 'A',
    vat: 10,
  },
  {
    merchantId: 'bravo-distribucion',
    id: 'bravo-agua',
    code: 'BR-B01',
    name: 'Agua mineral 50 cl',
    description: 'Still mineral water',
    productType: 'B',
    vat: 10,
  },
  {
    merchantId: 'bravo-distribucion',
    id: 'bravo-refresco-cola',
    code: 'BR-B02',
    name: 'Refresco de cola 33 cl',
    description: 'Cola, can',
    productType: 'B',
    vat: 21,
  },
  {
    merchantId: 'bravo-distribucion',
    id: 'bravo-patatas',
    code: 'BR-S01',
    name: 'Patatas fritas 40 g',
    description: 'Salted crisps',
    productType: 'C',
    vat: 10,
  },
];

type DemoLine = { selection: string; productId: string; capacity: number; warningLevel: number; refillValue: number };
/** Lines of Acme's products (`acme(…)` ids). */
const lines = (productIds: string[], selection: (i: number) => string, capacity: number, warningLevel: number, refillValue: number): DemoLine[] =>
  productIds.map((productId, i) => ({ selection: selection(i), productId: `acme-${productId}`, capacity, warningLevel, refillValue }));

/** Acme's planograms (a coffee machine, a snack spiral machine, a can machine) and the demo machines that run them (with stock management on). */
export const DEMO_PLANOGRAMS = [
  {
    merchantId: 'acme-vending',
    id: 'acme-coffee',
    name: 'Caffetteria 9 selezioni',
    description: 'Hot drinks machine: doses per canister',
    planogramType: 'A' as const,
    lines: lines(
      ['espresso', 'espresso-decaf', 'lungo', 'cappuccino', 'macchiato', 'latte', 'chocolate', 'ginseng', 'tea-lemon'],
      (i) => String(i + 1),
      150,
      30,
      150,
    ),
    machines: ['Milano Centrale', 'Monza Ospedale', 'Roma Termini'],
  },
  {
    merchantId: 'acme-vending',
    id: 'acme-snacks',
    name: 'Snack a spirale 3×6',
    description: 'Spiral machine, three trays of six spirals',
    planogramType: 'B' as const,
    lines: lines(
      [
        'crisps',
        'crisps-paprika',
        'crackers',
        'wafer',
        'chocolate-bar',
        'protein-bar',
        'croissant',
        'tarallini',
        'crisps',
        'wafer',
        'chocolate-bar',
        'crackers',
        'tissues',
        'mask',
        'protein-bar',
        'tarallini',
        'croissant',
        'crisps',
      ],
      (i) => `${Math.floor(i / 6) + 1}${(i % 6) + 1}`,
      12,
      3,
      10,
    ),
    machines: ['Milano Garibaldi', 'Torino Lingotto'],
  },
  {
    merchantId: 'acme-vending',
    id: 'acme-cans',
    name: 'Lattine e bottiglie',
    description: 'Can and bottle machine, eight columns',
    planogramType: 'B' as const,
    lines: lines(
      ['water-still', 'water-sparkling', 'cola', 'cola-zero', 'orange-soda', 'iced-tea-peach', 'energy', 'juice-ace'],
      (i) => `C${i + 1}`,
      24,
      4,
      20,
    ),
    machines: ['Bergamo Fiera', 'Genova Brignole', 'Bologna Fiera'],
  },
];
