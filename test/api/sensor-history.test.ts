/** Signal and temperature charts: readings published over MQTT come back through the history routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, telemetryMessage, type SimulatedDevice } from '../../infra/local/simulator';
import { newMerchantWithMachines, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, tokenFor } from './support/stack';

let admin = '';
let device: SimulatedDevice | undefined;
beforeAll(async () => {
  admin = await tokenFor('NEBULARSUPERADMIN');
});
afterAll(async () => {
  await device?.client.endAsync();
});

describe('sensor history', () => {
  it('answers the readings between two instants, oldest first, for signal and temperature', async () => {
    const { serials } = await newMerchantWithMachines(admin, 1);
    const serial = serials[0]!;
    device = await connectDevice(stack.mqtt, serial);
    const day = Date.parse('2026-11-02T10:00:00Z');
    const readings = [3, 1, 2].map((d) => ({ sentAt: new Date(day + d * 86_400_000).toISOString(), signalLevel: 40 + d, temperature: 4 + d / 10 }));
    for (const r of readings) await device.publish('telemetry', telemetryMessage(serial, r));
    const week = `from=2026-11-02T00:00:00Z&to=2026-11-09T00:00:00Z`;
    const signal = await waitFor(async () => {
      const res = await api(`/pos/${serial}/historical-signal?${week}`, { token: admin });
      return res.status === 200 && res.body.length === 3 && res.body;
    }, 'three signal readings');
    expect(signal.map((r: { value: number }) => r.value)).toEqual([41, 42, 43]);
    const temperature = await api(`/pos/${serial}/historical-temperature?${week}`, { token: admin });
    expect(temperature.body.map((r: { value: number }) => r.value)).toEqual([4.1, 4.2, 4.3]);
    const narrow = await api(`/pos/${serial}/historical-signal?from=2026-11-03T12:00:00Z&to=2026-11-04T12:00:00Z`, { token: admin });
    expect(narrow.body).toEqual([{ at: '2026-11-04T10:00:00.000Z', value: 42 }]);
  });

  it('refuses reversed or over-long ranges', async () => {
    const reversed = await api('/pos/CENG-00000001/historical-signal?from=2026-11-09T00:00:00Z&to=2026-11-02T00:00:00Z', { token: admin });
    expect(reversed.status).toBe(400);
    const long = await api('/pos/CENG-00000001/historical-signal?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', { token: admin });
    expect(long.status).toBe(400);
    expect(long.body.details).toContainEqual({ path: 'query.to', message: 'at most 31 days' });
  });
});
