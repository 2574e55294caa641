/**
 * Visual programmer configurations and screen configurations over HTTP, and over MQTT: a configuration sent by
 * remote command 13 (a screen configuration by 7) reaches a simulated machine, which reports the version it runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { newMerchantWithMachines, newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { idToken, stack, tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
const { connect, closeAll } = simulatedDevices();
const ACME = '/merchants/acme-vending';
const unique = (tag: string) => `${tag} ${randomUUID().slice(0, 8)}`;
const CONTENT = {
  display: { language: 'it', brightness: 70 },
  telemetry: { pingSeconds: 30 },
  audit: { scheduledHours: 6 },
  parameters: { 'coffee.sugarDefault': '2' },
};
const vpBody = (over: Record<string, unknown> = {}) => ({ name: unique('VP'), deviceType: 'CENG', content: CONTENT, ...over });
const call = (path: string, token: string, method = 'GET', body?: unknown) => api(path, { token, method, ...(body === undefined ? {} : { body }) });

async function acmeMachine(type = 'CENG') {
  const joined = await api('/pos/join', {
    method: 'POST',
    token: superAdmin,
    body: { serial: newSerial(type), pin: DEMO_PINS['acme-vending'], name: unique('VP machine') },
  });
  expect(joined.status, joined.text).toBe(201);
  return joined.body.serial as string;
}

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser] = (await Promise.all(
    (['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const).map(tokenFor),
  )) as [string, string, string, string];
  bravoAdmin = await idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!);
});

afterAll(async () => {
  await closeAll();
});

describe('VP configurations', () => {
  it('every call and role: admins create, edit, send and list machines; a merchant user views only; a merchant without the feature is refused', async () => {
    const created = await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody());
    expect(created.status, created.text).toBe(201);
    const c = created.body;
    expect(c).toMatchObject({ merchantId: 'acme-vending', deviceType: 'CENG', version: 1, content: CONTENT, createdBy: 'merchant.admin@demo.local' });
    expect(c.createdAt).toBe(c.updatedAt);
    expect(c.bytes).toBeGreaterThan(100);
    const one = `${ACME}/vp/configurations/${c.id}`;

    for (const token of [superAdmin, merchantAdmin, groupAdmin, merchantUser]) {
      expect((await call(one, token)).body).toEqual(c);
      expect((await call(`${one}/historical`, token)).body).toMatchObject({ total: 1, items: [{ version: 1, content: CONTENT }] });
      expect((await call(`${one}/download`, token)).status).toBe(200);
      const list = await call(`${ACME}/vp/configurations?size=100`, token);
      expect(list.status).toBe(200);
      expect(list.body.items.map((x: { id: string }) => x.id)).toContain(c.id);
    }
    // A merchant user may not create, edit, send nor list the machines.
    for (const [path, method, body] of [
      [`${ACME}/vp/configurations`, 'POST', vpBody()],
      [one, 'PUT', vpBody()],
      [`${one}/send`, 'POST', { serials: ['CENG-00000001'] }],
      [`${one}/pos`, 'GET', undefined],
    ] as const)
      expect((await call(path, merchantUser, method, body)).status, `${method} ${path}`).toBe(403);
    expect((await call(`${one}/pos`, groupAdmin)).status).toBe(200);

    // Bravo has not got REMOTE_CONFIGURATIONS: the spec's SendVpConfigNotAllowed, for its admin and the super admin alike.
    for (const token of [bravoAdmin, superAdmin]) {
      const refused = await call('/merchants/bravo-distribucion/vp/configurations', token, 'POST', vpBody());
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SendVpConfigNotAllowed');
    }
    // Another merchant's configuration is not found.
    expect((await call(`/merchants/bravo-distribucion/vp/configurations/${c.id}`, bravoAdmin)).status).toBe(403);
    expect((await call(one, bravoAdmin)).status).toBe(404);
  });

  it('the demo: Acme’s configuration with three versions, sent to two machines of Milano', async () => {
    const demo = `${ACME}/vp/configurations/demo-vp-espresso-bar`;
    expect((await call(demo, merchantUser)).body).toMatchObject({ name: 'Espresso bar', version: 3 });
    expect((await call(`${demo}/historical`, merchantUser)).body.total).toBe(3);
    const pos = await call(`${demo}/pos`, groupAdmin);
    expect(pos.body.items.map((p: { serial: string; sentVersion: number }) => [p.serial, p.sentVersion])).toEqual([
      ['CENG-00000001', 3],
      ['CENG-00000002', 3],
    ]);
    expect((await call(`${ACME}/screen-configurations/demo-screen-welcome`, merchantAdmin)).body).toMatchObject({ name: 'Benvenuto', theme: 'dark' });
  });

  it('names are unique per merchant under concurrency (case and accents ignored)', async () => {
    const name = unique('Caffè');
    const variants = [name, name.toUpperCase(), name.replace('è', 'e'), name, name.toLowerCase(), name];
    const results = await Promise.all(variants.map((n) => call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody({ name: n }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body).toMatchObject({ code: 'DuplicateVpConfigNameException', message: 'A VP configuration with this name already exists' });
    const list = await call(`${ACME}/vp/configurations?size=100`, merchantAdmin);
    expect(
      list.body.items.filter((x: { name: string }) => x.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '') === name.toLowerCase().replace('è', 'e')),
    ).toHaveLength(1);
  });

  it('invalid content answers VpConfigNotValidException naming the fields; over 64 KB the spec’s message; never a 500', async () => {
    const invalid = await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', {
      ...vpBody(),
      content: { ...CONTENT, display: { language: 'xx', brightness: 140 }, parameters: { 'vp.version': '9' }, extra: 1 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VpConfigNotValidException');
    const paths = invalid.body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.content.display.language', 'body.content.display.brightness', 'body.content.parameters']));
    const missing = await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', { ...vpBody(), content: {} });
    expect(missing.body.code).toBe('VpConfigNotValidException');
    expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['body.content.display', 'body.content.telemetry']));
    // A device type that takes no VP configuration (a cash machine) and a missing name are the request's own 400s.
    const cash = await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody({ deviceType: 'CSAF', name: '' }));
    expect(cash.status).toBe(400);
    expect(cash.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['body.deviceType', 'body.name']));

    const big = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`param.${i}`, 'x'.repeat(900)]));
    const tooLarge = await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody({ content: { ...CONTENT, parameters: big } }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'MessageTooLargeException' });
    expect(tooLarge.body.message).toMatch(/exceeds 64 KB/);
  });

  it('each save is a version; earlier ones stay viewable; two saves of the same version: one wins', async () => {
    const c = (await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody())).body;
    const one = `${ACME}/vp/configurations/${c.id}`;
    const v2 = await call(one, groupAdmin, 'PUT', { name: c.name, deviceType: 'CENG', content: { ...CONTENT, display: { language: 'en', brightness: 40 } } });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, createdAt: c.createdAt, updatedBy: 'group.admin@demo.local', content: { display: { language: 'en' } } });
    const racing = await Promise.all(
      [0, 1, 2].map((i) => call(one, merchantAdmin, 'PUT', { name: c.name, deviceType: 'CENG', content: { ...CONTENT, audit: { scheduledHours: 10 + i } } })),
    );
    const won = racing.filter((r) => r.status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    for (const r of racing.filter((x) => x.status !== 200)) expect(r.body.code).toBe('VpConfigChangedConcurrentlyException');
    const versions = await call(`${one}/historical`, merchantUser);
    expect(versions.body.total).toBe(2 + won);
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual(Array.from({ length: 2 + won }, (_, i) => 2 + won - i));
    const first = await call(`${one}/historical/1`, merchantUser);
    expect(first.body).toMatchObject({ version: 1, content: CONTENT, savedBy: 'merchant.admin@demo.local' });
    expect((await call(`${one}/historical/99`, merchantUser)).body.code).toBe('VpConfigurationVersionNotFoundException');
    expect((await call(`${one}/historical/zero`, merchantUser)).status).toBe(400);
  });

  it('downloads a file with the spec’s options; a serial not in the CENG-00000001 form answers 400 naming the field', async () => {
    const c = (await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody({ name: unique('Download me') }))).body;
    const path = `${ACME}/vp/configurations/${c.id}/download`;
    const file = await call(`${path}?expiresOn=2099-12-31&deviceSerial=CENG-00000001&usbSerial=USB-1234&includeDeviceType=true`, merchantUser);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="download-me-[0-9a-f]{8}-v1\.vpc\.json"/);
    expect(file.body).toMatchObject({
      format: 'vp-configuration/1',
      name: c.name,
      version: 1,
      deviceType: 'CENG',
      expiresOn: '2099-12-31',
      deviceSerial: 'CENG-00000001',
      usbSerial: 'USB-1234',
      values: { 'display.language': 'it', 'display.brightness': '70', 'coffee.sugarDefault': '2', 'vp.id': c.id, 'vp.version': '1' },
    });
    expect((await call(`${path}?includeDeviceType=false`, merchantUser)).body.deviceType).toBeUndefined();
    for (const [query, field] of [
      ['deviceSerial=CENG-1', 'query.deviceSerial'],
      ['deviceSerial=ceng-00000001', 'query.deviceSerial'],
      ['deviceSerial=CUNI-00000001', 'query.deviceSerial'],
      ['expiresOn=2026-13-01', 'query.expiresOn'],
      ['expiresOn=2001-01-01', 'query.expiresOn'],
      ['usbSerial=a', 'query.usbSerial'],
      ['includeDeviceType=yes', 'query.includeDeviceType'],
    ]) {
      const bad = await call(`${path}?${query}`, merchantUser);
      expect(bad.status, query).toBe(400);
      expect(
        bad.body.details.map((d: { path: string }) => d.path),
        query,
      ).toContain(field);
    }
  });

  it('send: a machine of another device type is refused before anything is sent; a bad serial names the field; a machine elsewhere is not found', async () => {
    const c = (await call(`${ACME}/vp/configurations`, merchantAdmin, 'POST', vpBody())).body;
    const send = (serials: string[]) => call(`${ACME}/vp/configurations/${c.id}/send`, merchantAdmin, 'POST', { serials });
    const [ceng, cuni] = await Promise.all([acmeMachine('CENG'), acmeMachine('CUNI')]);
    const refused = await send([ceng, cuni]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SendVpConfigNotAllowed', details: [{ path: 'body.serials.1' }] });
    expect((await call(`${ACME}/vp/configurations/${c.id}/pos`, merchantAdmin)).body.total).toBe(0);
    // Sent to an ungrouped machine and one of acme-north: the group admin lists only the latter.
    const north = await acmeMachine('CENG');
    expect((await api(`/pos/${north}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId: 'acme-north' } })).status).toBe(200);
    expect((await send([ceng, north])).body.sent).toHaveLength(2);
    expect((await call(`${ACME}/vp/configurations/${c.id}/pos`, merchantAdmin)).body.total).toBe(2);
    const seen = await call(`${ACME}/vp/configurations/${c.id}/pos`, groupAdmin);
    expect(seen.body).toMatchObject({ total: 1, items: [{ serial: north }] });
    const bad = await send(['CENG-123']);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('body.serials.0');
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    expect((await send([serials[0]!])).body.code).toBe('RemoteCommandPosNotFoundException');
    expect((await send([])).status).toBe(400);
  });

  it('over MQTT: command 13 reaches the machine, which reports the version it runs; /pos shows it; another configuration takes the machine over', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 2);
    const base = `/merchants/${merchantId}/vp/configurations`;
    await Promise.all(serials.map((s) => connect(s)));
    const a = (await call(base, superAdmin, 'POST', vpBody())).body;
    const sent = await call(`${base}/${a.id}/send`, superAdmin, 'POST', { serials });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ version: 1, failed: [] });
    expect(sent.body.sent).toHaveLength(2);

    const runningAll = (configId: string, version: number, count: number) =>
      waitFor(async () => {
        const pos = await call(`${base}/${configId}/pos`, superAdmin);
        return pos.body.total === count && pos.body.items.every((p: { runningVersion: number | null }) => p.runningVersion === version) ? pos.body : undefined;
      }, `machines running version ${version}`);
    const v1 = await runningAll(a.id, 1, 2);
    expect(v1.items.map((p: { serial: string }) => p.serial)).toEqual([...serials].sort());
    expect(v1.items[0]).toMatchObject({ sentVersion: 1, sentBy: 'superadmin@demo.local', commandStatus: 2 });
    const command = await call(`/remote-commands/pos/${serials[0]}?size=5`, superAdmin);
    expect(command.body.items[0]).toMatchObject({ type: 13, result: 0, message: `VP configuration ${a.id} version 1 applied` });
    // The machine's own configuration shows the programmed values.
    const reported = await call(`/pos/${serials[0]}/configs`, superAdmin);
    expect(reported.body.values).toMatchObject({ 'display.brightness': '70', 'coffee.sugarDefault': '2', 'vp.id': a.id, 'vp.version': '1' });

    expect(
      (await call(`${base}/${a.id}`, superAdmin, 'PUT', { name: a.name, deviceType: 'CENG', content: { ...CONTENT, telemetry: { pingSeconds: 60 } } })).status,
    ).toBe(200);
    await call(`${base}/${a.id}/send`, superAdmin, 'POST', { serials: [serials[0]] });
    await waitFor(async () => {
      const pos = await call(`${base}/${a.id}/pos`, superAdmin);
      const first = pos.body.items.find((p: { serial: string }) => p.serial === serials[0]);
      return first?.runningVersion === 2 && first.sentVersion === 2;
    }, 'the first machine on version 2');

    const b = (await call(base, superAdmin, 'POST', vpBody())).body;
    await call(`${base}/${b.id}/send`, superAdmin, 'POST', { serials: [serials[1]] });
    await runningAll(b.id, 1, 1);
    const left = await call(`${base}/${a.id}/pos`, superAdmin);
    expect(left.body).toMatchObject({ total: 1, items: [{ serial: serials[0], runningVersion: 2 }] });
  });
});

describe('screen configurations', () => {
  const SCREEN = { orientation: 'portrait', theme: 'dark', idleSeconds: 60, welcomeText: 'Benvenuti', slides: [{ title: 'Espresso', durationSeconds: 8 }] };

  it('merchant admins of a merchant with screen configuration management create, edit and send them (command 7 reaches the machine); others are refused', async () => {
    const created = await call(`${ACME}/screen-configurations`, merchantAdmin, 'POST', { name: unique('Screen'), ...SCREEN });
    expect(created.status, created.text).toBe(201);
    const s = created.body;
    const one = `${ACME}/screen-configurations/${s.id}`;
    expect((await call(one, superAdmin)).body).toEqual(s);
    const edited = await call(one, merchantAdmin, 'PUT', { name: s.name, ...SCREEN, theme: 'light', slides: [] });
    expect(edited.body).toMatchObject({ theme: 'light', slides: [], createdAt: s.createdAt });
    expect((await call(`${ACME}/screen-configurations`, merchantAdmin, 'POST', { name: s.name.toUpperCase(), ...SCREEN })).body.code).toBe(
      'DuplicateScreenConfigurationNameException',
    );
    const invalid = await call(`${ACME}/screen-configurations`, merchantAdmin, 'POST', { name: unique('S'), ...SCREEN, idleSeconds: 0, orientation: 'round' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['body.idleSeconds', 'body.orientation']));

    for (const token of [groupAdmin, merchantUser]) expect((await call(one, token)).status).toBe(403);
    const notEnabled = await call('/merchants/bravo-distribucion/screen-configurations', bravoAdmin);
    expect(notEnabled.status).toBe(403);
    expect(notEnabled.body.code).toBe('ScreenConfigurationNotEnabledException');

    const serial = await acmeMachine();
    await connect(serial);
    const sent = await call(`${one}/send`, merchantAdmin, 'POST', { serials: [serial] });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.failed).toEqual([]);
    await waitFor(
      async () => (await call(`/pos/${serial}/configs`, merchantAdmin)).body.values?.['screen.configurationId'] === s.id,
      'the machine on the screen',
    );
    const command = await waitFor(async () => {
      const list = await call(`/remote-commands/pos/${serial}?size=5`, merchantAdmin);
      return list.body.items[0]?.result === 0 ? list.body.items[0] : undefined;
    }, 'command 7 done');
    expect(command).toMatchObject({ type: 7, params: { configurationId: s.id } });
  });
});
