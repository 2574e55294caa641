/**
 * Firmware rules over HTTP against the embedded stack: the firmware must exist and fit the target's device type,
 * the rule counts as a use of it (delete → FirmwareInUseException until the rule is cancelled), pause / resume /
 * cancel, the feature FIRMWARE_UPDATE, and the bad input (400 naming the field, never 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newSerial } from './support/devices';
import { createFirmware } from './support/firmware';
import { api } from './support/http';
import { tokenFor } from './support/stack';

const ACME = 'acme-vending';
const ACME_PIN = '11223344';
let superAdmin = '';
let merchantAdmin = '';
let firmware: Record<string, any>;
let ceng = '';
let cuni = '';

const rules = (m = ACME) => `/merchants/${m}/firmware-rules`;
const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  firmwareId: firmware.id,
  target: { kind: 'machines', serials: [ceng] },
  startAt: new Date(Date.now() + 86_400_000).toISOString(),
  waves: { kind: 'count', count: 3 },
  minMachines: 5,
  failureThresholdPercent: 20,
  machineTimeoutSeconds: 1800,
  maintenanceWindow: { from: '02:00', to: '05:00' },
  ...overrides,
});
const create = async (token = merchantAdmin, body = ruleBody()) => api(rules(), { method: 'POST', token, body });

async function join(type: string) {
  const serial = newSerial(type);
  const res = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: ACME_PIN, name: `Rule target ${serial}` } });
  expect(res.status, res.text).toBe(201);
  return serial;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  firmware = await createFirmware(superAdmin, { deviceType: 'CENG' });
  ceng = await join('CENG');
  cuni = await join('CUNI');
});

describe('a firmware rule', () => {
  it('is made by a merchant admin for an existing firmware, uses it until cancelled, pauses and resumes', async () => {
    const res = await create();
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      merchantId: ACME,
      firmwareId: firmware.id,
      version: firmware.version,
      deviceType: 'CENG',
      status: 'scheduled',
      target: { kind: 'machines', serials: [ceng] },
      waves: { kind: 'count', count: 3 },
      maintenanceWindow: { from: '02:00', to: '05:00' },
      counts: {},
      createdBy: expect.stringContaining('@'),
    });
    const id = res.body.id as string;
    expect((await api(`/firmwares/${firmware.id}`, { token: superAdmin })).body.rules).toBe(1);
    const inUse = await api(`/firmwares/${firmware.id}`, { method: 'DELETE', token: superAdmin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('FirmwareInUseException');

    const paused = await api(`${rules()}/${id}/pause`, { method: 'POST', token: merchantAdmin });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect((await api(`${rules()}/${id}/pause`, { method: 'POST', token: merchantAdmin })).body.code).toBe('RuleStatusConflictException');
    expect((await api(`${rules()}/${id}/resume`, { method: 'POST', token: merchantAdmin })).body.status).toBe('scheduled');
    const listed = await api(`${rules()}?size=100&ordType=desc`, { token: await tokenFor('NEBULARMERCHANTUSER') });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toContain(id);

    const cancelled = await api(`${rules()}/${id}/cancel`, { method: 'POST', token: merchantAdmin });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await api(`${rules()}/${id}/resume`, { method: 'POST', token: merchantAdmin })).status).toBe(409);
    expect((await api(`/firmwares/${firmware.id}`, { token: superAdmin })).body.rules).toBe(0);
    const other = await createFirmware(superAdmin, { deviceType: 'CENG' });
    const made = await create(merchantAdmin, ruleBody({ firmwareId: other.id, target: { kind: 'deviceType' } }));
    expect(made.status, made.text).toBe(201);
    await api(`${rules()}/${made.body.id}/cancel`, { method: 'POST', token: merchantAdmin });
    expect((await api(`/firmwares/${other.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
  });

  it('needs the firmware to exist first (spec: add first)', async () => {
    const res = await create(merchantAdmin, ruleBody({ firmwareId: '000000000-000000000000' }));
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'FirmwareNotFoundException', details: [{ path: 'body.firmwareId' }] });
  });

  it('for a firmware of another device type than its machines → 400', async () => {
    const res = await create(merchantAdmin, ruleBody({ target: { kind: 'machines', serials: [ceng, cuni] } }));
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidRuleTargetException', details: [{ path: 'body.target.serials.1' }] });
    const foreignGroup = await create(merchantAdmin, ruleBody({ target: { kind: 'group', groupId: 'bravo-centro' } }));
    expect(foreignGroup.status).toBe(400);
    expect(foreignGroup.body.details).toEqual([expect.objectContaining({ path: 'body.target.groupId' })]);
    expect((await create(merchantAdmin, ruleBody({ target: { kind: 'group', groupId: 'acme-north' } }))).status).toBe(201);
  });

  it('is refused where FIRMWARE_UPDATE is off, and to roles that may only look', async () => {
    const off = await api(rules('bravo-distribucion'), { method: 'POST', token: superAdmin, body: ruleBody() });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('FirmwareNotEnabledException');
    for (const role of ['NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      const token = await tokenFor(role);
      expect((await create(token)).status).toBe(403);
      expect((await api(rules(), { token })).status).toBe(200);
    }
  });
});

describe('bad input → 400 naming the field', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a wave count of zero', { waves: { kind: 'count', count: 0 } }, 'body.waves.count'],
    ['a rate of zero per hour', { waves: { kind: 'rate', perHour: 0 } }, 'body.waves.perHour'],
    ['an abort threshold over 100 %', { failureThresholdPercent: 101 }, 'body.failureThresholdPercent'],
    ['an abort threshold under 0 %', { failureThresholdPercent: -1 }, 'body.failureThresholdPercent'],
    ['a timeout of zero', { machineTimeoutSeconds: 0 }, 'body.machineTimeoutSeconds'],
    ['a maintenance window that ends before it starts', { maintenanceWindow: { from: '05:00', to: '02:00' } }, 'body.maintenanceWindow.to'],
    ['a maintenance window time that is no time', { maintenanceWindow: { from: '25:00', to: '26:00' } }, 'body.maintenanceWindow.from'],
    ['a serial not in the CENG-00000001 form', { target: { kind: 'machines', serials: ['CENG-1'] } }, 'body.target.serials.0'],
    ['a start that is no date', { startAt: 'tomorrow' }, 'body.startAt'],
    ['a negative minimum of machines', { minMachines: -1 }, 'body.minMachines'],
  ];
  for (const [what, change, path] of cases)
    it(what, async () => {
      const res = await create(merchantAdmin, ruleBody(change));
      expect(res.status, res.text).toBe(400);
      expect(res.body.details).toContainEqual(expect.objectContaining({ path }));
    });
});
