import { describe, expect, it } from 'vitest';
import type { Principal } from '../../functions/core/shared/principal';
import type { TransactionRepository, TransactionSelection } from '../../functions/core/transactions/ports';
import { byPeriod, emptyFigures, statsIncrements, type CountedTransaction } from '../../functions/core/transactions/stats';
import { allTransactions, transactionsCsv, type TransactionDeps } from '../../functions/core/transactions/use-cases';
import { monthsOf } from '../../functions/adapters/dynamodb/transaction-repository';
import { SALES_STATS_SHARDS, statsCounterUpdates, statsShardOf } from '../../functions/adapters/dynamodb/transaction-records';
import type { Transaction } from '#schemas/transaction';
import { MAX_TRANSACTION_CSV_ROWS, MAX_TRANSACTION_RESULTS, transactionCategory } from '#schemas/transaction-constants';

describe('statistics category of a transaction', () => {
  it('error first, then free, then by type; refunds (type 12) are recharges', () => {
    const cases: Array<[number, string]> = [
      [2, 'cash'],
      [3, 'media'],
      [1, 'cashless'],
      [11, 'cashless'],
      [13, 'cashless'],
      [4, 'recharges'],
      [12, 'recharges'],
      [5, 'bonus'],
      [6, 'bonus'],
      [7, 'other'],
      [8, 'other'],
      [10, 'other'],
      [14, 'other'],
      [17, 'other'],
      [107, 'other'],
      [110, 'other'],
    ];
    for (const [type, category] of cases) expect(transactionCategory({ type }), `type ${type}`).toBe(category);
    expect(transactionCategory({ type: 3, freeSale: true })).toBe('free');
    expect(transactionCategory({ type: 3, freeSale: true, errorSale: true })).toBe('error');
    expect(transactionCategory({ type: 7, errorSale: true })).toBe('error');
  });
});

describe('statistics counters of transactions', () => {
  const tx = (o: Partial<CountedTransaction>): CountedTransaction => ({
    type: 2,
    value: 100,
    createdAt: '2026-03-28T10:00:00.000Z',
    serial: 'CENG-00000001',
    posName: 'A',
    groupId: 'g1',
    ...o,
  });

  it('counts each transaction on its day in the merchant’s time zone, for the merchant, its group and its machine', () => {
    const incs = statsIncrements(
      [
        tx({ createdAt: '2026-03-28T22:30:00.000Z' }), // Rome: 23:30 on the 28th (winter time)
        tx({ createdAt: '2026-03-28T23:30:00.000Z', value: 50 }), // Rome: 00:30 on the 29th
        tx({ createdAt: '2026-03-29T22:30:00.000Z', type: 7, value: 30 }), // Rome (summer time since 02:00): 00:30 on the 30th; other: value 0
        tx({ serial: null, groupId: null, type: 12, value: 500, createdAt: '2026-03-28T12:00:00.000Z' }), // a cloud refund
      ],
      'Europe/Rome',
    );
    const of = (scope: string, day: string, category: string) => incs.find((i) => i.scope === scope && i.day === day && i.category === category);
    expect(of('merchant', '2026-03-28', 'cash')).toMatchObject({ count: 1, value: 100 });
    expect(of('merchant', '2026-03-29', 'cash')).toMatchObject({ count: 1, value: 50 });
    expect(of('merchant', '2026-03-30', 'other')).toMatchObject({ count: 1, value: 0 });
    expect(of('merchant', '2026-03-28', 'recharges')).toMatchObject({ count: 1, value: 500 });
    expect(of('group', '2026-03-29', 'cash')).toMatchObject({ groupId: 'g1', count: 1 });
    expect(of('machine', '2026-03-29', 'cash')).toMatchObject({ serial: 'CENG-00000001', posName: 'A', groupId: 'g1' });
    expect(incs.filter((i) => i.category === 'recharges').map((i) => i.scope)).toEqual(['merchant']);
    expect(statsIncrements([tx({ createdAt: '2026-03-28T23:30:00.000Z' })], 'America/Bogota')[0]!.day).toBe('2026-03-28');
  });

  it('sums days into weeks from Monday and months, the first period starting at the range', () => {
    const days = new Map([
      ['2026-03-01', { ...emptyFigures(), cash: { count: 1, value: 10 } }],
      ['2026-03-02', { ...emptyFigures(), cash: { count: 2, value: 20 } }],
      ['2026-04-01', { ...emptyFigures(), media: { count: 1, value: 5 } }],
    ]);
    const weeks = byPeriod(days, '2026-03-01', '2026-04-01', 'week');
    expect(weeks[0]).toMatchObject({ start: '2026-03-01', figures: { cash: { count: 1, value: 10 } } });
    expect(weeks[1]).toMatchObject({ start: '2026-03-02', figures: { cash: { count: 2, value: 20 } } });
    expect(weeks.at(-1)).toMatchObject({ start: '2026-03-30', figures: { media: { count: 1, value: 5 } } });
    expect(byPeriod(days, '2026-03-01', '2026-04-01', 'month').map((p) => [p.start, p.figures.cash.count, p.figures.media.count])).toEqual([
      ['2026-03-01', 3, 0],
      ['2026-04-01', 0, 1],
    ]);
    expect(byPeriod(days, '2026-03-01', '2026-03-03', 'day')).toHaveLength(3);
  });

  it('writes a machine’s sales to its serial’s shard of the day, with the local hour on the day’s hour item', () => {
    const shards = new Set(Array.from({ length: 200 }, (_, i) => statsShardOf(`CENG-${10_000_000 + i}`)));
    expect([...shards].sort()).toEqual(Array.from({ length: SALES_STATS_SHARDS }, (_, i) => i));
    expect(statsShardOf(null)).toBe(0);
    const serial = 'CENG-00000001';
    const updates = statsCounterUpdates('t', 'm1', 'Europe/Rome', [tx({ createdAt: '2026-03-28T09:15:00.000Z', value: 120 })]);
    const byKey = Object.fromEntries(updates.map((u) => [`${u.Update!.Key!.pk}|${u.Update!.Key!.sk}`, u.Update!]));
    const shard = statsShardOf(serial);
    expect(Object.keys(byKey).sort()).toEqual(
      [
        `TXSTATS#m1#2026|DAY#2026-03-28#${shard}`,
        `TXSTATS#m1#2026|HOUR#2026-03-28#${shard}`,
        `TXSTATS#m1#GROUP#g1#2026|DAY#2026-03-28#${shard}`,
        `TXSTATS#m1#GROUP#g1#2026|HOUR#2026-03-28#${shard}`,
        `TXSTATS#m1#POS#2026-03|${serial}`,
      ].sort(),
    );
    // Rome is UTC+1 on 28 March before 02:00 of the 29th: 09:15Z is 10h.
    expect(Object.values(byKey[`TXSTATS#m1#2026|HOUR#2026-03-28#${shard}`]!.ExpressionAttributeNames!)).toEqual(expect.arrayContaining(['cashN10', 'cashV10']));
    // Another shard when the writer asks (a conflict's retry).
    expect(statsCounterUpdates('t', 'm1', 'Europe/Rome', [tx({})], (shard + 1) % SALES_STATS_SHARDS)[0]!.Update!.Key!.sk).toBe(
      `DAY#2026-03-28#${(shard + 1) % SALES_STATS_SHARDS}`,
    );
  });

  it('reads the UTC month partitions a range touches, `to` exclusive', () => {
    expect(monthsOf('2025-12-31T10:00:00.000Z', '2026-02-01T00:00:00.000Z')).toEqual(['2025-12', '2026-01']);
    expect(monthsOf('2025-01-15T00:00:00.000Z', '2026-01-15T00:00:00.000Z')).toHaveLength(13);
  });
});

describe('capped reads', () => {
  const principal: Principal = { userId: 'u', email: 'a@b.c', role: 'NEBULARMERCHANTADMIN', merchantIds: ['m1'], groupIds: [], allMerchants: false };
  const row = (n: number) => ({ id: String(n), transactionId: `T${n}`, type: 2, value: 1, currency: 'EUR' }) as unknown as Transaction;
  const depsWith = (count: number, seen: TransactionSelection[] = []): TransactionDeps => ({
    now: () => '2026-03-10T00:00:00.000Z',
    merchants: { get: async () => undefined },
    transactions: {
      async *pages(sel: TransactionSelection) {
        seen.push(sel);
        for (let n = 0; n < count; n += 1000) yield Array.from({ length: Math.min(1000, count - n) }, (_, i) => row(n + i));
      },
    } as unknown as TransactionRepository,
  });
  const q = { merchantId: 'm1', ordType: 'desc' as const };

  it(`all answers up to ${MAX_TRANSACTION_RESULTS}, CSV up to ${MAX_TRANSACTION_CSV_ROWS} rows; one more is MaxResultsExceededException`, async () => {
    expect(await allTransactions(depsWith(MAX_TRANSACTION_RESULTS), principal, q)).toHaveLength(MAX_TRANSACTION_RESULTS);
    await expect(allTransactions(depsWith(MAX_TRANSACTION_RESULTS + 1), principal, q)).rejects.toMatchObject({ code: 'MaxResultsExceededException' });
    const text = async (pieces: AsyncIterable<string>) => {
      let out = '';
      for await (const piece of pieces) out += piece;
      return out;
    };
    expect((await text(transactionsCsv(depsWith(MAX_TRANSACTION_CSV_ROWS), principal, q))).split('\r\n')).toHaveLength(MAX_TRANSACTION_CSV_ROWS + 2);
    await expect(text(transactionsCsv(depsWith(MAX_TRANSACTION_CSV_ROWS + 1), principal, q))).rejects.toMatchObject({ code: 'MaxResultsExceededException' });
  }, 60_000);

  it('reads the last 30 days by default; a foreign merchant is MerchantNotFoundException', async () => {
    const seen: TransactionSelection[] = [];
    await allTransactions(depsWith(1, seen), principal, q);
    expect(seen[0]).toMatchObject({ from: '2026-02-08T00:00:00.000Z', to: '2026-03-10T00:00:00.000Z', source: { kind: 'merchant' } });
    await expect(allTransactions(depsWith(1), principal, { ...q, merchantId: 'm2' })).rejects.toMatchObject({ code: 'MerchantNotFoundException' });
  });
});
