import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CashAcceptancePayload, CashMovementsPayload } from '#schemas/cash-messages';
import { readRuleEvent } from '../../functions/core/ingestion/validation';
import { acceptanceCounts, movementCounts } from '../../functions/core/cash/counters';

const example = (file: string) => JSON.parse(readFileSync(new URL(`../../events/iot/${file}`, import.meta.url), 'utf8')) as Record<string, any>;
const ruleEvent = (kind: string, body: Record<string, any>) => ({ ...body, topic: `vend/${body.serial}/${kind}`, receivedAt: 1_795_000_000_000 });
const verdict = (kind: 'sensors' | 'cash-acceptance' | 'cash-movements' | 'device-errors', body: Record<string, any>) => {
  const r = readRuleEvent(kind, ruleEvent(kind, body));
  return r.ok ? 'ok' : `${r.value.reason}: ${r.value.detail}`;
};

describe('cash machines’ messages: bad input is kept aside, never stored', () => {
  const sensors = example('sensors.json');
  const acceptance = example('cash-acceptance.json');
  const movements = example('cash-movements.json');
  const errors = example('device-errors.json');
  const withPayload = (m: Record<string, any>, payload: Record<string, unknown>) => ({ ...m, payload: { ...m.payload, ...payload } });

  it('refuses sensor values that are not numbers and sensor names the submodule does not have', () => {
    expect(verdict('sensors', sensors)).toBe('ok');
    expect(verdict('sensors', withPayload(sensors, { submodules: [{ submodule: 'hopper', values: { hopperExitGain: '22' } }] }))).toMatch(/^invalid-envelope/);
    expect(verdict('sensors', withPayload(sensors, { submodules: [{ submodule: 'hopper', values: { hopperExitGain: null } }] }))).toMatch(/^invalid-envelope/);
    expect(verdict('sensors', withPayload(sensors, { submodules: [{ submodule: 'hopper', values: { coinOpticalLevel: 3 } }] }))).toMatch(/unknown sensor name/);
    expect(verdict('sensors', withPayload(sensors, { submodules: [{ submodule: 'hopper', values: { dustSensor: 3 } }] }))).toMatch(/unknown sensor name/);
  });

  it('refuses negative amounts and counts, and denominations that are not the currency’s', () => {
    expect(verdict('cash-acceptance', acceptance)).toBe('ok');
    expect(verdict('cash-movements', movements)).toBe('ok');
    expect(verdict('device-errors', errors)).toBe('ok');
    const movement = movements.payload.movements[3];
    expect(verdict('cash-movements', withPayload(movements, { movements: [{ ...movement, amount: -500 }] }))).toMatch(/^invalid-envelope/);
    expect(verdict('cash-acceptance', withPayload(acceptance, { accepted: [{ medium: 'coin', denomination: 100, count: -1 }] }))).toMatch(/^invalid-envelope/);
    // A 3-euro coin, a 25-cent euro coin, a 20-euro "coin".
    for (const accepted of [
      { medium: 'coin', denomination: 300, count: 1 },
      { medium: 'coin', denomination: 25, count: 1 },
      { medium: 'coin', denomination: 2000, count: 1 },
    ])
      expect(verdict('cash-acceptance', withPayload(acceptance, { accepted: [accepted] }))).toMatch(/not one of the currency/);
    // 25 cents are a US coin: the same message in USD is fine.
    expect(
      verdict('cash-acceptance', withPayload(acceptance, { currency: 'USD', accepted: [{ medium: 'coin', denomination: 25, count: 1 }], rejected: [] })),
    ).toBe('ok');
    expect(
      verdict(
        'cash-movements',
        withPayload(movements, { movements: [{ ...movement, amount: 300, breakdown: [{ medium: 'coin', denomination: 300, count: 1 }] }] }),
      ),
    ).toMatch(/not one of the currency/);
    expect(
      verdict(
        'cash-movements',
        withPayload(movements, { movements: [{ ...movement, amount: 400, breakdown: [{ medium: 'coin', denomination: 200, count: 1 }] }] }),
      ),
    ).toMatch(/add up/);
    expect(verdict('device-errors', withPayload(errors, { errors: [{ ...errors.payload.errors[0], resultCode: 99 }] }))).toMatch(/OPOS result code/);
  });
});

describe('cash counters', () => {
  it('counts acceptance by medium, denomination and reason on the merchant’s day the period ends', () => {
    const p = example('cash-acceptance.json').payload as CashAcceptancePayload;
    const r = readRuleEvent('cash-acceptance', ruleEvent('cash-acceptance', example('cash-acceptance.json')));
    if (!r.ok) throw new Error(r.value.detail);
    const days = acceptanceCounts((r.value.message.payload as CashAcceptancePayload) ?? p, 'Europe/Rome');
    expect(Object.keys(days)).toEqual(['2026-11-20']);
    expect(days['2026-11-20']).toMatchObject({
      acc_coin: 45,
      acc_note: 8,
      rej_coin: 3,
      rej_note: 2,
      acc_coin_100: 22,
      rej_coin_x: 2,
      rejr_coin_unrecognised: 2,
      rejd_coin_200_jam: 1,
      rejr_note_unspecified: 1,
    });
  });

  it('counts movements per kind on their days and the balance they leave (in − out)', () => {
    const p = example('cash-movements.json').payload as CashMovementsPayload;
    const { days, balance } = movementCounts(p, 'America/Bogota');
    expect(balance).toBe(5000 + 2000 - 150 - 12000);
    // 07:45 UTC is still the 20th in Bogotá (UTC−5), 02:45.
    expect(days['2026-11-20']).toMatchObject({ mv_refill: 5000, mvn_refill: 1, mv_collection: 12000, net: -5150 });
  });
});
