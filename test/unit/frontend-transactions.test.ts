import { describe, expect, it } from 'vitest';
import { menuFor } from '../../frontend/src/app/menu';
import { choiceFromSearch, periodLabel, searchOfChoice, totalCount, totalValue } from '../../frontend/src/features/transactions/stats';
import { orderDetailPath, readableDetails } from '../../frontend/src/features/webpayment-orders/order-labels';
import { CATEGORY_MESSAGES } from '../../frontend/src/lib/transaction-labels';
import { STAT_CATEGORIES } from '#schemas/transaction-constants';
import type { StatsFigures } from '#schemas/transaction';

const figures = (values: Partial<Record<keyof StatsFigures, [number, number]>>): StatsFigures =>
  Object.fromEntries(STAT_CATEGORIES.map((c) => [c, { count: values[c]?.[0] ?? 0, value: values[c]?.[1] ?? 0 }])) as StatsFigures;

describe('transaction statistics screen', () => {
  it('reads its choice from the address, the last 7 days by day when missing or unreadable', () => {
    const now = new Date(2026, 10, 28, 12);
    expect(choiceFromSearch(new URLSearchParams(), now)).toEqual({ period: 'day', from: '2026-11-22', to: '2026-11-28', groupId: '' });
    expect(choiceFromSearch(new URLSearchParams('period=month&from=2026-01-01&to=2026-06-30&groupId=g1'), now)).toEqual({
      period: 'month',
      from: '2026-01-01',
      to: '2026-06-30',
      groupId: 'g1',
    });
    // An inverted or malformed range, an unknown period: the defaults.
    expect(choiceFromSearch(new URLSearchParams('period=year&from=2026-06-30&to=2026-01-01'), now)).toMatchObject({ period: 'day', from: '2026-11-22' });
    const choice = { period: 'week', from: '2026-11-02', to: '2026-11-29', groupId: '' } as const;
    expect(choiceFromSearch(searchOfChoice(choice), now)).toEqual(choice);
  });

  it('names periods DD/MM (days, weeks by their Monday) and months by name', () => {
    expect(periodLabel('2026-11-02', 'day', 'it')).toBe('02/11');
    expect(periodLabel('2026-11-02', 'week', 'en')).toBe('02/11');
    expect(periodLabel('2026-11-01', 'month', 'en')).toBe('Nov 2026');
  });

  it('totals every category’s count and every value but other’s (which counts only)', () => {
    const f = figures({ cash: [2, 300], media: [1, 120], error: [1, 90], other: [5, 0] });
    expect([totalCount(f), totalValue(f)]).toEqual([9, 510]);
  });

  it('names every statistics category', () => {
    expect(Object.keys(CATEGORY_MESSAGES).sort()).toEqual([...STAT_CATEGORIES].sort());
  });
});

describe('web payment orders screens', () => {
  it('show a service’s JSON indented and any other text as it came', () => {
    expect(readableDetails('{"a":1,"b":{"c":"x"}}')).toBe('{\n  "a": 1,\n  "b": {\n    "c": "x"\n  }\n}');
    expect(readableDetails('status=OK; code=00')).toBe('status=OK; code=00');
    expect([readableDetails(null), readableDetails('  ')]).toEqual(['', '']);
  });

  it('carry the order and its merchant in the detail’s address', () => {
    expect(orderDetailPath('abc123', 'acme-vending')).toBe('/transactions/webpayment-order-details?id=abc123&merchantId=acme-vending');
  });

  it('are in the menu for merchants with WEBPAYMENTS only; transactions for every role', () => {
    const ids = (features: string[], role = 'NEBULARMERCHANTUSER' as const) => menuFor(role, { id: 'm1', features }).map((e) => e.id);
    expect(ids([])).toEqual(expect.arrayContaining(['transactions-data', 'transactions-stats']));
    expect(ids([])).not.toContain('transactions-webpayment-orders');
    expect(ids(['WEBPAYMENTS'])).toContain('transactions-webpayment-orders');
  });
});
