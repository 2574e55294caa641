import { describe, expect, it } from 'vitest';
import {
  availability,
  averageTicket,
  cashlessShare,
  machineDays,
  meanTimeToRepairHours,
  potentialLostSales,
  ratio,
  refunds,
  rejectionRate,
  rejectionTone,
  salesPerMachineDay,
  kpisFrom,
} from '../../functions/core/kpis/kpis';
import { kpiAddsAt, machineDaysBack, mergeKpiDays, noKpiFigures, saleRatePerHour, spreadHours, sumKpiDays } from '../../functions/core/kpis/counters';
import { emptyFigures, type Figures } from '../../functions/core/transactions/stats';

const figures = (o: Partial<Figures>): Figures => ({ ...emptyFigures(), ...o });
const sales = figures({
  cash: { count: 6, value: 600 },
  cashless: { count: 3, value: 450 },
  media: { count: 1, value: 150 },
  recharges: { count: 2, value: 5000 },
});

describe('KPIs from counters', () => {
  it('sales per machine-day, average ticket and cashless share count what was paid (not recharges)', () => {
    expect(salesPerMachineDay(sales, 12)).toBe(100);
    expect(averageTicket(sales)).toBe(120);
    expect(cashlessShare(sales)).toBe(0.5);
  });

  it('no sales, no machines, nothing repaired: not enough data (null), never NaN or Infinity', () => {
    const none = emptyFigures();
    for (const value of [
      salesPerMachineDay(none, 0),
      averageTicket(none),
      cashlessShare(none),
      availability(0, 0),
      availability(null, 240),
      meanTimeToRepairHours(0, 0),
      rejectionRate(0, 0),
      rejectionRate(null, null),
      potentialLostSales([]),
      ratio(Number.NaN, 3),
    ])
      expect(value).toBeNull();
    expect(salesPerMachineDay(none, 30)).toBe(0);
    expect(refunds(null, 0)).toBeNull();
  });

  it('a machine added mid-interval counts only its days; one added after the interval none', () => {
    expect(machineDays(['2026-01-01', '2026-03-20', '2026-04-10'], '2026-03-01', '2026-03-30')).toBe(30 + 11 + 0);
    expect(salesPerMachineDay(sales, machineDays(['2026-03-29'], '2026-03-01', '2026-03-30'))).toBe(600);
  });

  it('availability and mean time to repair', () => {
    expect(availability(228, 240)).toBe(0.95);
    expect(meanTimeToRepairHours(30, 4)).toBe(7.5);
  });

  it('potential lost sales: each machine’s own 90-day rate × its lost hours; a machine without history adds nothing', () => {
    expect(
      potentialLostSales([
        { value90d: 9000, sellingHours90d: 900, lostHours: 5 },
        { value90d: 0, sellingHours90d: 0, lostHours: 48 },
        { value90d: 100, sellingHours90d: 10, lostHours: -1 },
      ]),
    ).toBe(50);
  });

  it('rejection rates in percent with the spec’s colours: green below 15, yellow 15 to 20, red above 20', () => {
    expect(rejectionRate(3, 20)).toBe(15);
    expect([14.9, 15, 20, 20.1].map(rejectionTone)).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect(rejectionTone(null)).toBeNull();
  });
});

describe('KPIs from the counters kept on write', () => {
  const at = (iso: string) => Date.parse(iso);

  it('an offline period is spread over the UTC days it covers, priced at the machine’s own rate', () => {
    const days = spreadHours('offlineHours', at('2026-03-01T20:00:00Z'), at('2026-03-03T06:00:00Z'), 100);
    expect([...days]).toEqual([
      ['2026-03-01', { offlineHours: 4, lostValue: 400 }],
      ['2026-03-02', { offlineHours: 24, lostValue: 2400 }],
      ['2026-03-03', { offlineHours: 6, lostValue: 600 }],
    ]);
    expect(spreadHours('offlineHours', at('2026-03-03T06:00:00Z'), at('2026-03-01T20:00:00Z')).size).toBe(0);
    const sum = sumKpiDays(mergeKpiDays(days, kpiAddsAt('2026-03-02T10:00:00Z', { alarmsRaised: 2 })), '2026-03-02', '2026-03-03');
    expect(sum).toMatchObject({ offlineHours: 30, lostValue: 3000, alarmsRaised: 2, refunds: 0 });
  });

  it('a machine’s rate of sale: its last 90 days from its first day with a sale; none without sales', () => {
    const now = at('2026-03-11T00:00:00Z');
    expect(
      saleRatePerHour(
        new Map([
          ['2026-03-01', 2400],
          ['2025-11-01', 99_999],
        ]),
        now,
      ),
    ).toBe(10);
    expect(saleRatePerHour(new Map(), now)).toBeNull();
  });

  it('machine-days are counted back from the machines there now (a join mid-interval, a machine deleted)', () => {
    // 3 machines today; one joined on the 9th, one deleted on the 8th (counted from the next day back).
    const days = new Map([
      ['2026-03-09', { joined: 1 }],
      ['2026-03-08', { left: 1 }],
    ]);
    // 10th: 3, 9th: 3, 8th: 2, 7th: 3, 6th: 3
    expect(machineDaysBack(3, days, '2026-03-06', '2026-03-10')).toBe(14);
    expect(machineDaysBack(0, new Map(), '2026-03-06', '2026-03-10')).toBe(0);
  });

  it('every KPI of an interval from known counters; zero denominators are null, never NaN', () => {
    const counters = {
      ...noKpiFigures(),
      offlineHours: 12,
      blockingHours: 12,
      alarmsRaised: 4,
      repaired: 2,
      repairHours: 5,
      silentHours: 3,
      lostValue: 900,
      refunds: 1,
      refundValue: 250,
    };
    const k = kpisFrom({ sales, machineDays: 10, counters, acceptance: { coinAccepted: 75, coinRejected: 25, noteAccepted: 90, noteRejected: 10 } });
    expect(k).toMatchObject({
      sales: { count: 10, value: 1200 },
      salesPerMachineDay: 120,
      averageTicket: 120,
      cashlessShare: 0.5,
      availability: 0.9,
      alarmsRaised: 4,
      alarmsRepaired: 2,
      meanTimeToRepairHours: 2.5,
      lostHours: 15,
      potentialLostSales: 900,
      refunds: { count: 1, value: 250 },
      coinRejectionRate: 25,
      coinRejectionTone: 'red',
      billRejectionRate: 10,
      billRejectionTone: 'green',
    });
    const none = kpisFrom({ sales: emptyFigures(), machineDays: 0, counters: noKpiFigures(), acceptance: null });
    for (const v of Object.values(none)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    expect(none).toMatchObject({ salesPerMachineDay: null, averageTicket: null, cashlessShare: null, availability: null, meanTimeToRepairHours: null });
    expect(none).toMatchObject({ potentialLostSales: null, coinRejectionRate: null, coinRejectionTone: null, billRejectionRate: null });
    // More unavailable hours than machine-hours (an hour both offline and blocked counts twice): 0, not negative.
    expect(kpisFrom({ sales, machineDays: 1, counters: { ...noKpiFigures(), offlineHours: 30 }, acceptance: null }).availability).toBe(0);
  });
});
