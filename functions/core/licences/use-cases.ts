/** The service manager's licence actions (spec §7 /service-manager), each one move of the state machine. */
import {
  DEMO_LICENSE_DAYS,
  DEMO_LICENSE_TYPE,
  LICENSE_STATUS,
  type License,
  type LicenseClient,
  type LicenseInput,
  type LicenseListQuery,
  type LicenseStatus,
  type UnassignCase,
} from '#schemas/licence';
import type { Page } from '#schemas/paging';
import { recordChange } from '../audit/change-recorder';
import type { Client } from '#schemas/client';
import { ClientNotFoundException } from '../clients/errors';
import { PosNotFoundException } from '../devices/errors';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { DemoLicenseExpiryException, LicenseDoesNotExistException } from './errors';
import { shownLicense, type StoredLicense } from './model';
import type { LicenseClients, LicenseMachine, LicenseMachines, LicenseRepository } from './ports';
import { nextStatus, type LicenseEvent } from './state-machine';

export interface LicenseDeps {
  licenses: LicenseRepository;
  machines: LicenseMachines;
  clients: LicenseClients;
  now: () => string;
}

const DAY_MS = 86_400_000;

/** The machine, when the caller may see its merchant (404 otherwise: a foreign serial is not told apart from none). */
async function visibleMachine(deps: LicenseDeps, principal: Principal, serial: string): Promise<LicenseMachine> {
  const machine = await deps.machines.machine(serial);
  if (!machine || !canSeeMerchant(principal, machine.merchantId)) throw new PosNotFoundException();
  return machine;
}

async function licenseOf(deps: LicenseDeps, principal: Principal, serial: string): Promise<{ machine: LicenseMachine; license: StoredLicense }> {
  const machine = await visibleMachine(deps, principal, serial);
  const license = await deps.licenses.get(machine.merchantId, serial);
  if (!license) throw new LicenseDoesNotExistException();
  return { machine, license };
}

async function clientData(deps: LicenseDeps, merchantId: string, clientId: string): Promise<LicenseClient> {
  const client: Client | undefined = await deps.clients.get(merchantId, clientId);
  if (!client) throw new ClientNotFoundException();
  const { name, companyName, vat, address, city, postalCode, province, country } = client;
  return { clientId, name, companyName, vat, address, city, postalCode, province, country };
}

/** Moves the licence by `event` (or refuses with the state machine's exception), writes it and records the change. */
export async function moveLicense(
  deps: Pick<LicenseDeps, 'licenses' | 'now'>,
  current: StoredLicense,
  event: LicenseEvent,
  change: (status: LicenseStatus, now: string) => Partial<StoredLicense>,
): Promise<StoredLicense> {
  const status = nextStatus(current.status as LicenseStatus, event);
  const now = deps.now();
  const next: StoredLicense = { ...current, status, ...change(status, now), updatedAt: now };
  await deps.licenses.save(current, next);
  recordChange('license', current.serial, current, next);
  return next;
}

/** A demo runs from today to at most DEMO_LICENSE_DAYS on; other types have no expiry. */
function expiryOf(input: LicenseInput, now: string): string | null {
  if (input.type !== DEMO_LICENSE_TYPE) return null;
  const today = now.slice(0, 10);
  const last = new Date(Date.parse(today) + DEMO_LICENSE_DAYS * DAY_MS).toISOString().slice(0, 10);
  if (!input.expiresOn || input.expiresOn < today || input.expiresOn > last) throw new DemoLicenseExpiryException(DEMO_LICENSE_DAYS);
  return input.expiresOn;
}

export async function listLicenses(deps: LicenseDeps, principal: Principal, q: LicenseListQuery): Promise<Page<License>> {
  requireVisibleMerchant(principal, q.merchantId);
  const slice = { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor };
  const [page, total] = await Promise.all([
    deps.licenses.list(q.merchantId, q.status as LicenseStatus | undefined, slice),
    deps.licenses.count(q.merchantId, q.status as LicenseStatus | undefined),
  ]);
  return pageOf(q, { ...page, items: page.items.map(shownLicense) }, total);
}

export async function getLicense(deps: LicenseDeps, principal: Principal, serial: string): Promise<License> {
  return shownLicense((await licenseOf(deps, principal, serial)).license);
}

/** Assigns a licence to a machine without one (or whose licence was unassigned): status 0 pending. */
export async function assignLicense(deps: LicenseDeps, principal: Principal, input: LicenseInput): Promise<License> {
  const machine = await visibleMachine(deps, principal, input.serial);
  const current = await deps.licenses.get(machine.merchantId, input.serial);
  const status = nextStatus(current ? (current.status as LicenseStatus) : null, { kind: 'assign' });
  const now = deps.now();
  const next: StoredLicense = {
    serial: input.serial,
    merchantId: machine.merchantId,
    posName: machine.name,
    status,
    type: input.type,
    features: input.features,
    organisation: input.organisation,
    client: await clientData(deps, machine.merchantId, input.clientId),
    email: input.email,
    maintenanceType: input.maintenanceType,
    operationMode: input.operationMode,
    expiresOn: expiryOf(input, now),
    unassignCase: null,
    report: null,
    createdAt: now,
    sentAt: null,
    confirmedAt: null,
    activatedAt: null,
    endedAt: null,
    updatedAt: now,
    tokenHash: null,
    tokenExpiresAt: null,
    mailDue: false,
    warnedAt: null,
  };
  await deps.licenses.save(current, next);
  recordChange('license', input.serial, current, next);
  return shownLicense(next);
}

/** Sends the licence to its client (0 or 1 → 1): the licence sweep e-mails a new single-use link; an earlier link stops working. */
export async function sendLicense(deps: LicenseDeps, principal: Principal, serial: string): Promise<License> {
  const { license } = await licenseOf(deps, principal, serial);
  return shownLicense(await moveLicense(deps, license, { kind: 'send' }, (_, now) => ({ sentAt: now, mailDue: true, tokenHash: null, tokenExpiresAt: null })));
}

/** Another client for the licence: it confirms again (back to 0), unless the licence already runs (3 stays 3). */
export async function changeLicenseClient(
  deps: LicenseDeps,
  principal: Principal,
  input: { serial: string; clientId: string; organisation: string; email: string },
): Promise<License> {
  const { machine, license } = await licenseOf(deps, principal, input.serial);
  const client = await clientData(deps, machine.merchantId, input.clientId);
  return shownLicense(
    await moveLicense(deps, license, { kind: 'changeClient' }, (status) => ({
      client,
      organisation: input.organisation,
      email: input.email,
      ...(status === LICENSE_STATUS.pending ? { sentAt: null, confirmedAt: null, mailDue: false, tokenHash: null, tokenExpiresAt: null } : {}),
    })),
  );
}

/** Unassigns by one of the four cases (spec §4): 0 and 1 free the machine (5), 2 ends a demo (6), 3 ends the licence (4). */
export async function unassignLicense(deps: LicenseDeps, principal: Principal, serial: string, unassignCase: UnassignCase): Promise<License> {
  const { license } = await licenseOf(deps, principal, serial);
  return shownLicense(
    await moveLicense(deps, license, { kind: 'unassign', case: unassignCase, type: license.type }, (_, now) => ({
      unassignCase,
      endedAt: now,
      mailDue: false,
      tokenHash: null,
      tokenExpiresAt: null,
    })),
  );
}
