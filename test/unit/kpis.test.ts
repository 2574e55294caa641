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
} from '../../functions/core/kpis/kpis';
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
