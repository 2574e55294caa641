/**
 * The simulated machine's side of a firmware delivery (remote command 14 with a download link and the SHA-256): it
 * downloads through the link, checks the checksum, restarts onto the new firmware and reports it in its telemetry;
 * it refuses a firmware of another device type, a bad checksum and an expired link, and fails when told to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { createFirmware } from './support/firmware';
import { api } from './support/http';
import { stack, tokenFor } from './support/stack';

const { connect, closeAll } = simulatedDevices();
let superAdmin = '';
let firmware: Record<string, any>;
let sequence = 0;

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  firmware = await createFirmware(superAdmin, { deviceType: 'CENG' });
});
afterAll(async () => {
  await closeAll();
});

const pos = async (serial: string) => (await api(`/pos/${serial}`, { token: superAdmin })).body as Record<string, any>;
const link = async () => (await api(`/firmwares/${firmware.id}/download`, { token: superAdmin })).headers.get('location')!;

/** Sends command 14 straight to the machine's topic (as the cloud publishes it) and waits for its final acknowledgement. */
async function deliver(serial: string, params: Record<string, unknown>): Promise<{ result: number; message?: string }> {
  const listener = await connectMqtt(stack.mqtt, `listener-${serial}-${sequence}`, { reconnectPeriod: 0 });
  try {
    const acks: Array<Record<string, any>> = [];
    listener.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
    await listener.subscribeAsync(`vend/${serial}/commands/ack`, { qos: 1 });
    const commandId = `fw-${Date.now().toString(36)}-${sequence++}`;
    const res = await fetch(`${stack.iotData}/topics/${encodeURIComponent(`vend/${serial}/commands`)}?qos=1`, {
      method: 'POST',
      body: JSON.stringify({
        messageId: `${commandId}-a1`,
        serial,
        sentAt: new Date().toISOString(),
        type: 'command',
        payload: { commandId, commandType: 14, params, attempt: 1 },
      }),
    });
    expect(res.status).toBe(200);
    return await waitFor(async () => acks.find((a) => a.payload.commandId === commandId && a.payload.result !== undefined)?.payload, 'the result', 15_000);
  } finally {
    await listener.endAsync();
  }
}

describe('a simulated machine sent a firmware', () => {
  it('downloads it, checks its SHA-256, restarts and reports the new version', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    await connect(serial);
    const outcome = await deliver(serial, { version: firmware.version, url: await link(), sha256: firmware.file.sha256, deviceType: 'CENG' });
    expect(outcome).toMatchObject({ result: 0, message: `firmware ${firmware.version} installed` });
    await waitFor(async () => (await pos(serial)).firmwareVersion === firmware.version, 'the new version in its telemetry');
  });

  it('refuses another device type’s firmware, a bad checksum and an expired link, and fails when told to; its version stays', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const device = await connect(serial);
    const good = { version: firmware.version, url: await link(), sha256: firmware.file.sha256, deviceType: 'CENG' };
    expect(await deliver(serial, { ...good, deviceType: 'CUNI' })).toMatchObject({ result: 2, message: expect.stringContaining('wrong device type') });
    expect(await deliver(serial, { ...good, sha256: '0'.repeat(64) })).toMatchObject({ result: 2, message: 'checksum mismatch' });
    const expired = new URL(good.url);
    expired.searchParams.set('X-Amz-Date', '20260101T000000Z');
    expect(await deliver(serial, { ...good, url: expired.toString() })).toMatchObject({ result: 2, message: 'download link expired' });
    device.failFirmware = true;
    expect(await deliver(serial, good)).toMatchObject({ result: 2, message: expect.stringContaining('installation failed') });
    expect((await pos(serial)).firmwareVersion).not.toBe(firmware.version);
  });
});
