/** Thinned telemetry samples (core/ingestion/rules.ts) and what a chart draws from them (core/devices/sensors.ts). */
import { describe, expect, it } from 'vitest';
import { drawnReadings } from '../../functions/core/devices/sensors';
import { SAMPLE_HEARTBEAT_SECONDS, samplesToStore, type SampledPing } from '../../functions/core/ingestion/rules';

const T = Date.parse('2026-12-07T10:00:00.000Z');
const at = (minute: number) => new Date(T + minute * 60_000).toISOString();
const ping = (minute: number, signalLevel: number, temperature = 4.5): SampledPing => ({ at: at(minute), messageId: `m${minute}`, signalLevel, temperature });

describe('sample thinning', () => {
  // An hour of pings a minute: the signal changes at minutes 20 and 41, the temperature by less than the tolerance at 30.
  const hour = Array.from({ length: 61 }, (_, m) => ping(m, m < 20 ? 60 : m < 41 ? 64 : 61, m === 30 ? 4.54 : 4.5));

  it('stores the first ping, every change beyond the tolerance at once, and a sample every heartbeat', () => {
    const { store, newest } = samplesToStore(undefined, hour);
    expect([...store]).toEqual(['m0', 'm15', 'm20', 'm35', 'm41', 'm56']);
    expect(newest).toEqual({ at: at(56), signalLevel: 61, temperature: 4.5 });
    expect(SAMPLE_HEARTBEAT_SECONDS).toBe(900);
  });

  it('gives the same samples whether the pings come in one batch or one a batch', () => {
    let last: ReturnType<typeof samplesToStore>['newest'];
    const stored: string[] = [];
    for (const p of hour) {
      const r = samplesToStore(last, [p]);
      stored.push(...r.store);
      last = r.newest;
    }
    expect(stored).toEqual([...samplesToStore(undefined, hour).store]);
  });

  it('stores a ping older than the last stored sample (its neighbours are unknown) without moving the newest back', () => {
    const last = { at: at(30), signalLevel: 60, temperature: 4.5 };
    const { store, newest } = samplesToStore(last, [ping(10, 60), ping(31, 60), ping(32, 70)]);
    expect([...store]).toEqual(['m10', 'm32']);
    expect(newest).toEqual({ at: at(32), signalLevel: 70, temperature: 4.5 });
  });

  it('the chart drawn from the stored samples has the first, the last ping and every change, and a flat hour is flat', () => {
    const { store } = samplesToStore(undefined, hour);
    const stored = hour.filter((p) => store.has(p.messageId));
    const drawn = drawnReadings(stored, 'signal', at(0), at(60), at(60));
    expect(drawn[0]).toEqual({ at: at(0), value: 60 });
    expect(drawn.at(-1)).toEqual({ at: at(60), value: 61 });
    // Each change is drawn where it was stored, the earlier value held until just before it.
    const value = (iso: string) => drawn.filter((r) => r.at <= iso).at(-1)!.value;
    for (const p of hour) expect(value(p.at), p.at).toBe(p.signalLevel);
    expect(drawn).toContainEqual({ at: new Date(T + 20 * 60_000 - 1).toISOString(), value: 60 });

    // A range inside an unchanged stretch: drawn from its start to its end at the held value.
    expect(drawnReadings(stored, 'signal', at(1), at(14), at(60))).toEqual([
      { at: at(1), value: 60 },
      { at: at(14), value: 60 },
    ]);
  });

  it('draws nothing where the machine was silent', () => {
    const stored = [ping(0, 60), ping(300, 60)];
    expect(drawnReadings(stored, 'signal', at(60), at(200), at(300))).toEqual([]);
    expect(drawnReadings(stored, 'signal', at(0), at(200), at(300))).toEqual([{ at: at(0), value: 60 }]);
  });
});
