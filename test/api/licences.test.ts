/**
 * Licences through the service manager (spec §7 /service-manager, /license/confirm-license/{token}): each call and
 * role, the e-mailed single-use link from the local outbox, the machine's licence report over MQTT, the demo's expiry.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoLicenseRepository } from '../../functions/adapters/dynamodb/licence-repository';
import { sweepLicenses } from '../../functions/core/licences/sweep';
import { newMerchantWithMachines, newSerial, waitFor } from './support/devices';
import { api } from './support/http';
import { licenseBody } from './support/licences';
import { runSchedule, stack, stackDeps, tokenFor } from './support/stack';

interface OutboxMessage {
  source: string;
  subject?: string;
  message: string;
}
const mailsTo = async (email: string) =>
  ((await (await fetch(`${stack.cognito.endpoint}/__local/messages?email=${encodeURIComponent(email)}`)).json()) as OutboxMessage[]).filter(
    (m) => m.source === 'SES',
  );
const linkIn = (mail: OutboxMessage) => /\/confirm-client-data\/([A-Za-z0-9_-]+)/.exec(mail.message)?.[1];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let superAdmin = '';
let merchantId = '';
let serials: string[] = [];
let clientId = '';
let otherClientId = '';

const call = (path: string, body: unknown, token = superAdmin) => api(path, { method: 'POST', token, body });
const licenseOf = async (serial: string) => (await api(`/service-manager/license/${serial}`, { token: superAdmin })).body;

async function newClient(name: string) {
  const res = await call(`/merchants/${merchantId}/clients`, { name, companyName: `${name} S.r.l.`, vat: '', country: 'IT', city: 'Milano' });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin, 6));
  clientId = await newClient(`Licence client ${randomUUID().slice(0, 6)}`);
  otherClientId = await newClient(`Other client ${randomUUID().slice(0, 6)}`);
});

describe('assigning a licence', () => {
  it('a demo needs its expiry date (400), within 90 days; a product licence starts pending', async () => {
    const noExpiry = await call('/service-manager/license', licenseBody(serials[0]!, clientId, { type: 2 }));
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.details).toContainEqual({ path: 'body.expiresOn', message: 'Demo licence needs an expiry date' });
    const tooLong = await call('/service-manager/license', licenseBody(serials[0]!, clientId, { type: 2, expiresOn: day(91) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('DemoLicenseExpiryException');

    const made = await call('/service-manager/license', licenseBody(serials[0]!, clientId));
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ serial: serials[0], merchantId, status: 0, type: 1, organisation: 'Service Co', client: { clientId } });
    expect(made.body).not.toHaveProperty('tokenHash');
    const again = await call('/service-manager/license', licenseBody(serials[0]!, clientId));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('LicenseAlreadyAssignedException');
  });

  it('a machine without a licence → 404 LicenseDoesNotExistException; an unknown machine or client → 404', async () => {
    const none = await api(`/service-manager/license/${serials[5]}`, { token: superAdmin });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('LicenseDoesNotExistException');
    expect((await call('/service-manager/send-license', { serial: serials[5] })).body.code).toBe('LicenseDoesNotExistException');
    expect((await call('/service-manager/license', licenseBody(newSerial(), clientId))).body.code).toBe('PosNotFoundException');
    expect((await call('/service-manager/license', licenseBody(serials[5]!, clientId, { clientId: 'no-such-client' }))).body.code).toBe(
      'ClientNotFoundException',
    );
  });
});

describe('send, confirm, activate', () => {
  it('the client gets a single-use link; confirming moves 1 → 2; the link used twice → TokenNotFoundException; the machine’s report activates it', async () => {
    const serial = serials[1]!;
    const body = licenseBody(serial, clientId);
    expect((await call('/service-manager/license', body)).status).toBe(201);
    const sent = await call('/service-manager/send-license', { serial });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.status).toBe(1);

    await runSchedule('licence-sweep');
    const [mail] = await waitFor(async () => (await mailsTo(body.email)).length > 0 && mailsTo(body.email), 'the licence e-mail');
    expect(mail!.message).toContain(serial);
    const token = linkIn(mail!)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Stored as its hash only.
    const stored = await new DynamoLicenseRepository(stackDeps().doc, stackDeps().config.tableName).get(merchantId, serial);
    expect(JSON.stringify(stored)).not.toContain(token);

    const shown = await api(`/license/confirm-license/${token}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ serial, organisation: 'Service Co', status: 1, client: { clientId } });
    const confirmed = await api(`/license/confirm-license/${token}`, { method: 'POST' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe(2);
    for (const method of ['POST', 'GET']) {
      const twice = await api(`/license/confirm-license/${token}`, { method });
      expect(twice.status, method).toBe(404);
      expect(twice.body.code).toBe('TokenNotFoundException');
    }
    expect((await api(`/license/confirm-license/${'x'.repeat(32)}`, { method: 'POST' })).body.code).toBe('TokenNotFoundException');
    expect((await licenseOf(serial)).status).toBe(2);

    await fetch(`${stack.iotData}/topics/${encodeURIComponent(`vend/${serial}/licenseinfos`)}?qos=1`, {
      method: 'POST',
      body: JSON.stringify({
        messageId: `lic-${randomUUID().slice(0, 12)}`,
        serial,
        sentAt: new Date().toISOString(),
        type: 'licenseinfos',
        payload: { licenseId: 'LIC-0001', features: ['Connector_Basic'] },
      }),
    });
    const active = await waitFor(async () => {
      const l = await licenseOf(serial);
      return l.status === 3 && l;
    }, 'the licence activated');
    expect(active.report).toMatchObject({ licenseId: 'LIC-0001', features: ['Connector_Basic'] });
  });

  it('sending again replaces the link: the first one stops working', async () => {
    const serial = serials[2]!;
    const body = licenseBody(serial, clientId);
    await call('/service-manager/license', body);
    await call('/service-manager/send-license', { serial });
    await runSchedule('licence-sweep');
    const first = linkIn((await waitFor(async () => (await mailsTo(body.email))[0], 'the first e-mail'))!)!;
    await call('/service-manager/send-license', { serial });
    await runSchedule('licence-sweep');
    const second = linkIn((await waitFor(async () => (await mailsTo(body.email))[1], 'the second e-mail'))!)!;
    expect((await api(`/license/confirm-license/${first}`, { method: 'POST' })).body.code).toBe('TokenNotFoundException');
    expect((await api(`/license/confirm-license/${second}`, { method: 'POST' })).status).toBe(200);
  });
});

describe('change client and unassign', () => {
  it('a new client confirms again; end licence → 4, then every action but removal is LicenseDeactivatedException; removal → 5', async () => {
    const serial = serials[3]!;
    await call('/service-manager/license', licenseBody(serial, clientId));
    await call('/service-manager/send-license', { serial });
    const changed = await call('/service-manager/change-client-license', { serial, clientId: otherClientId, organisation: 'New Co', email: 'new@example.com' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ status: 0, organisation: 'New Co', client: { clientId: otherClientId } });

    const notDemo = await call('/service-manager/unassign-license', { serial, case: 2 });
    expect(notDemo.status).toBe(409);
    expect(notDemo.body.code).toBe('NotADemoLicenseException');
    expect((await call('/service-manager/unassign-license', { serial, case: 3 })).body.status).toBe(4);
    for (const [path, body] of [
      ['/service-manager/send-license', { serial }],
      ['/service-manager/change-client-license', { serial, clientId, organisation: 'X', email: 'x@example.com' }],
      ['/service-manager/unassign-license', { serial, case: 1 }],
    ] as const) {
      const refused = await call(path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body.code).toBe('LicenseDeactivatedException');
    }
    expect((await call('/service-manager/unassign-license', { serial, case: 0 })).body).toMatchObject({ status: 5, unassignCase: 0 });
    expect((await call('/service-manager/send-license', { serial })).body.code).toBe('LicenseNotAssignedYetException');
    expect((await call('/service-manager/license', licenseBody(serial, clientId))).body.status).toBe(0);
  });

  it('lists a merchant’s licences by status', async () => {
    const pending = await api(`/service-manager/license?merchantId=${merchantId}&status=0`, { token: superAdmin });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.items.every((l: { status: number }) => l.status === 0)).toBe(true);
    expect(pending.body.items.map((l: { serial: string }) => l.serial)).toContain(serials[0]);
    const all = await api(`/service-manager/license?merchantId=${merchantId}`, { token: superAdmin });
    expect(all.body.total).toBeGreaterThanOrEqual(4);
  });
});

describe('a demo licence', () => {
  it('warns its client some days before its last day, once, and expires (→ 6) the day after', async () => {
    const serial = serials[4]!;
    const body = licenseBody(serial, clientId, { type: 2, features: ['Demo'], expiresOn: day(3) });
    expect((await call('/service-manager/license', body)).status).toBe(201);
    await call('/service-manager/send-license', { serial });
    const deps = stackDeps();
    const mails: Array<{ to: string; subject: string }> = [];
    const sweep = (now: string) =>
      sweepLicenses({
        licenses: new DynamoLicenseRepository(deps.doc, deps.config.tableName),
        mailer: { send: async (to, mail) => void mails.push({ to, subject: mail.subject }) },
        consoleUrl: 'http://console.example',
        now: () => now,
      });
    await sweep(new Date().toISOString());
    await sweep(new Date().toISOString());
    const warnings = mails.filter((m) => m.to === body.email && m.subject.includes('ends on'));
    expect(warnings).toHaveLength(1);
    expect((await licenseOf(serial)).status).toBe(1);
    await sweep(`${day(4)}T00:00:01.000Z`);
    expect((await licenseOf(serial)).status).toBe(6);
    const refused = await call('/service-manager/send-license', { serial });
    expect(refused.body.code).toBe('LicenseExpiredException');
  });
});

describe('roles', () => {
  it('merchant admin and user act on their merchant’s machines only; only admins unassign; a group admin has no service manager', async () => {
    const admin = await tokenFor('NEBULARMERCHANTADMIN');
    const user = await tokenFor('NEBULARMERCHANTUSER');
    const groupAdmin = await tokenFor('NEBULARGROUPADMIN');
    expect((await api(`/service-manager/license/${serials[0]}`, { token: admin })).status).toBe(404);
    expect((await api(`/service-manager/license?merchantId=${merchantId}`, { token: admin })).status).toBe(404);
    expect((await api('/service-manager/license?merchantId=acme-vending', { token: user })).status).toBe(200);
    expect((await api('/service-manager/license?merchantId=acme-vending', { token: groupAdmin })).status).toBe(403);
    expect((await call('/service-manager/unassign-license', { serial: serials[0], case: 0 }, user)).status).toBe(403);
    expect((await call('/service-manager/send-license', { serial: serials[0] }, user)).status).toBe(404);
  });
});
