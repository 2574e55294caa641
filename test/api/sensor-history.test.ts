/** Signal and temperature charts: readings published over MQTT come back through the history routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, telemetryMessage, type SimulatedDevice } from '../../infra/local/simulator';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { countPrefix, newMerchantWithMachines, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';

const deps = stackDeps();

let admin = '';
let device: SimulatedDevice | undefined;
beforeAll(async () => {
  admin = await tokenFor('NEBULARSUPERADMIN');
});
afterAll(async () => {
  await device?.client.endAsync();
  deps.doc.destroy();
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

  it('an hour whose values did not change is drawn flat from a few stored samples; a changed value is stored and drawn at once', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(admin, 1);
    const serial = serials[0]!;
    const d = await connectDevice(stack.mqtt, serial);
    try {
      const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000;
      const minute = (m: number) => new Date(t0 + m * 60_000).toISOString();
      // A ping a minute for an hour, the same values each time.
      for (let m = 0; m <= 60; m++) await d.publish('telemetry', telemetryMessage(serial, { sentAt: minute(m), signalLevel: 66, temperature: 4.2 }));
      const hour = `from=${minute(0)}&to=${minute(60)}`;
      const flat = await waitFor(async () => {
        const res = await api(`/pos/${serial}/historical-signal?${hour}`, { token: admin });
        return res.status === 200 && res.body.at(-1)?.at === minute(60) && res.body;
      }, 'the hour drawn to its last ping');
      expect(flat[0]).toEqual({ at: minute(0), value: 66 });
      expect(new Set(flat.map((r: { value: number }) => r.value))).toEqual(new Set([66]));
      // Inside the hour, away from any stored sample, the chart still draws the held value from start to end.
      const inside = await api(`/pos/${serial}/historical-temperature?from=${minute(16)}&to=${minute(29)}`, { token: admin });
      expect(inside.body).toEqual([
        { at: minute(16), value: 4.2 },
        { at: minute(29), value: 4.2 },
      ]);
      // Far fewer samples than pings were stored.
      const stored = await countPrefix(deps.doc, merchantId, serial, keys.historyPrefix.sensor);
      expect(stored).toBeLessThan(15);

      // The next ping's signal changed: stored at once, drawn at its time.
      await d.publish('telemetry', telemetryMessage(serial, { sentAt: minute(61), signalLevel: 48, temperature: 4.2 }));
      const changed = await waitFor(async () => {
        const res = await api(`/pos/${serial}/historical-signal?from=${minute(0)}&to=${minute(62)}`, { token: admin });
        return res.body.at(-1)?.value === 48 && res.body;
      }, 'the changed value');
      expect(changed.at(-1)).toEqual({ at: minute(61), value: 48 });
      expect(await countPrefix(deps.doc, merchantId, serial, keys.historyPrefix.sensor)).toBe(stored + 1);
    } finally {
      await d.client.endAsync();
    }
  });

  it('refuses reversed or over-long ranges', async () => {
    const reversed = await api('/pos/CENG-00000001/historical-signal?from=2026-11-09T00:00:00Z&to=2026-11-02T00:00:00Z', { token: admin });
    expect(reversed.status).toBe(400);
    const long = await api('/pos/CENG-00000001/historical-signal?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', { token: admin });
    expect(long.status).toBe(400);
    expect(long.body.details).toContainEqual({ path: 'query.to', message: 'at most 31 days' });
  });
});
