/**
 * A machine's firmware version as it reports it in its telemetry: a new version (after an update and its restart) is
 * stored at once, even within the online bucket that otherwise holds a ping's write back (what a rollout's "updated"
 * waits for), while a steady ping with the same version still costs no write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryMessage } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { stackIdle, tokenFor } from './support/stack';

const { connect, closeAll } = simulatedDevices();
let superAdmin = '';
const pos = async (serial: string) => (await api(`/pos/${serial}`, { token: superAdmin })).body as Record<string, any>;
const at = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});
afterAll(async () => {
  await closeAll();
});

describe('the reported firmware version', () => {
  it('is stored at once when it changes, within the same online bucket', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const [serial] = serials as [string];
    const d = await connect(serial);
    const t = Date.now();
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t), signalLevel: 70, temperature: 5, firmwareVersion: '3.4.1+112' }));
    await waitFor(async () => (await pos(serial)).firmwareVersion === '3.4.1+112', 'the first version');
    // The same values a second later: nothing new, so the machine's state is not written again.
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t + 1000), signalLevel: 70, temperature: 5, firmwareVersion: '3.4.1+112' }));
    await stackIdle();
    expect((await pos(serial)).lastPingAt).toBe(at(t));
    // Restarted on a new firmware, same signal and temperature, same bucket: the new version shows at once.
    await d.publish('telemetry', telemetryMessage(serial, { sentAt: at(t + 2000), signalLevel: 70, temperature: 5, firmwareVersion: '4.0.0+7' }));
    await waitFor(async () => (await pos(serial)).firmwareVersion === '4.0.0+7', 'the new version at once', 5000);
    expect((await pos(serial)).lastPingAt).toBe(at(t + 2000));
  });
});
