import { describe, expect, it } from 'vitest';
import type { MerchantDashboardRow } from '#schemas/merchants-dashboard';
import { countsBy } from '../../functions/core/admin-stats/use-cases';
import { pageOfRows, sortRows } from '../../frontend/src/features/merchants-dashboard/rows';

const row = (name: string, month: number, ticket: number | null): MerchantDashboardRow => ({
  merchantId: name.toLowerCase(),
  name,
  country: 'IT',
  currency: 'EUR',
  timezone: 'Europe/Rome',
  today: '2026-12-07',
  sales: { today: { count: 0, value: 0 }, week: { count: 0, value: 0 }, month: { count: 1, value: month } },
  machines: { visible: 1, online: 1, offline: 0, blocking: 0 },
  alarmsActive: 0,
  kpis: { salesPerMachineDay: null, averageTicket: ticket, cashlessShare: null },
});

describe('the distributors dashboard rows', () => {
  const rows = [row('Bravo', 500, 120), row('acme', 500, null), row('Colibrí', 900, 80)];

  it('sort by a figure either way, ties by name, "not enough data" last both ways', () => {
    expect(sortRows(rows, { ord: 'month', ordType: 'desc' }).map((r) => r.name)).toEqual(['Colibrí', 'acme', 'Bravo']);
    expect(sortRows(rows, { ord: 'month', ordType: 'asc' }).map((r) => r.name)).toEqual(['acme', 'Bravo', 'Colibrí']);
    expect(sortRows(rows, { ord: 'averageTicket', ordType: 'desc' }).map((r) => r.name)).toEqual(['Bravo', 'Colibrí', 'acme']);
    expect(sortRows(rows, { ord: 'averageTicket', ordType: 'asc' }).map((r) => r.name)).toEqual(['Colibrí', 'Bravo', 'acme']);
    expect(sortRows(rows, null).map((r) => r.name)).toEqual(['acme', 'Bravo', 'Colibrí']);
  });

  it('cut into the table’s pages', () => {
    expect(pageOfRows(sortRows(rows, null), 2, 2)).toMatchObject({ page: 2, size: 2, total: 3, items: [{ name: 'Colibrí' }] });
  });

  it('platform counts by key: largest first, never a key moved below zero', () => {
    expect(countsBy({ count: 4, country_IT: 2, country_ES: 3, country_FR: 0, country_PT: -1, feature_NETWORK: 1 }, 'country_')).toEqual([
      { key: 'ES', count: 3 },
      { key: 'IT', count: 2 },
    ]);
  });
});
