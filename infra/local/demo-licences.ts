/**
 * Demo licences of the cash-handling connector (service manager), one in every status (spec §4): Colibrí's cash
 * machines and a few of Acme's (Acme has every feature). The sent one is due for its e-mail, so the licence sweep
 * mails it at start and its link works from the local outbox. Written once: a machine that has a licence keeps it.
 */
import { DynamoLicenseRepository } from '../../functions/adapters/dynamodb/licence-repository';
import type { StoredLicense } from '../../functions/core/licences/model';
import type { Client } from '#schemas/client';
import { DEMO_MACHINES } from './demo-data';
import type { LocalRepositories } from './repositories';

const DAY_MS = 86_400_000;

const DEMO_LICENSE_CLIENTS: Record<string, Omit<Client, 'merchantId' | 'machines' | 'createdAt' | 'updatedAt'>> = {
  'acme-vending': {
    id: 'demo-bar-centrale',
    code: 'BC-001',
    name: 'Bar Centrale',
    companyName: 'Bar Centrale S.n.c.',
    vat: 'IT01234567897',
    address: 'Piazza Duomo 3',
    city: 'Milano',
    province: 'MI',
    postalCode: '20122',
    country: 'IT',
    phone: '',
    website: '',
  },
  'colibri-cash': {
    id: 'demo-banco-andino',
    code: 'BA-001',
    name: 'Banco Andino',
    companyName: 'Banco Andino S.A.',
    vat: '',
    address: 'Carrera 11 # 82-71',
    city: 'Bogotá',
    province: 'Cundinamarca',
    postalCode: '110221',
    country: 'CO',
    phone: '',
    website: '',
  },
};

/** Machine name → the licence it shows: status, type, and days from today of its demo's last day. */
const DEMO_LICENSES: Array<{ name: string; status: number; type: number; expiresInDays?: number; unassignCase?: number }> = [
  { name: 'Torino Lingotto', status: 0, type: 1 },
  { name: 'Cali Norte', status: 1, type: 1 },
  { name: 'Medellín Centro', status: 2, type: 1 },
  { name: 'Bogotá Andino', status: 3, type: 1 },
  { name: 'Genova Brignole', status: 3, type: 2, expiresInDays: 30 },
  { name: 'Bologna Fiera', status: 4, type: 1, unassignCase: 3 },
  { name: 'Magazzino (dismessa)', status: 5, type: 1, unassignCase: 0 },
  { name: 'Bari Porto', status: 6, type: 2, expiresInDays: -3 },
];

export async function seedDemoLicences(deps: LocalRepositories): Promise<void> {
  const licenses = new DynamoLicenseRepository(deps.doc, deps.config.tableName);
  const nowMs = Date.parse(deps.now());
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * DAY_MS).toISOString();
  for (const [merchantId, client] of Object.entries(DEMO_LICENSE_CLIENTS)) {
    if (!(await deps.clients.get(merchantId, client.id)))
      await deps.clients.create({ ...client, merchantId, machines: 0, createdAt: at(60), updatedAt: at(60) });
  }
  for (const demo of DEMO_LICENSES) {
    const machine = DEMO_MACHINES.find((m) => m.name === demo.name)!;
    if (await licenses.get(machine.merchantId, machine.serial)) continue;
    const client = DEMO_LICENSE_CLIENTS[machine.merchantId]!;
    const { status } = demo;
    const license: StoredLicense = {
      serial: machine.serial,
      merchantId: machine.merchantId,
      posName: machine.name,
      status,
      type: demo.type,
      features: demo.type === 2 ? ['Demo', 'Connector_Basic'] : ['Connector_Basic', 'CIT_Basic', 'CIT_CollectionMoney'],
      organisation: machine.merchantId === 'colibri-cash' ? 'Colibrí Servicio Técnico' : 'Acme Assistenza',
      client: {
        clientId: client.id,
        name: client.name,
        companyName: client.companyName,
        vat: client.vat,
        address: client.address,
        city: client.city,
        postalCode: client.postalCode,
        province: client.province,
        country: client.country,
      },
      email: `licences+${machine.serial.toLowerCase()}@demo.local`,
      maintenanceType: 2,
      operationMode: 0,
      expiresOn: demo.expiresInDays === undefined ? null : new Date(nowMs + demo.expiresInDays * DAY_MS).toISOString().slice(0, 10),
      unassignCase: demo.unassignCase ?? null,
      report: status === 3 ? { licenseId: `LIC-${machine.serial.slice(-4)}`, features: ['Connector_Basic'], reportedAt: at(5) } : null,
      createdAt: at(40),
      sentAt: status >= 1 ? at(30) : null,
      confirmedAt: status >= 2 && status !== 5 ? at(25) : null,
      activatedAt: status >= 3 && status !== 5 ? at(20) : null,
      endedAt: status >= 4 ? at(2) : null,
      updatedAt: at(status >= 4 ? 2 : 5),
      tokenHash: null,
      tokenExpiresAt: null,
      // The sent one is mailed by the sweep at start: its link then works from the local outbox.
      mailDue: status === 1,
      warnedAt: null,
    };
    await licenses.save(undefined, license);
  }
}
