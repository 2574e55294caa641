/** The pure stock rules (functions/core/stock/model.ts). */
import { describe, expect, it } from 'vitest';
import {
  applyAudit,
  applySales,
  dayOf,
  fullRefill,
  lineIndexOfSale,
  lineStatus,
  MAX_APPLIED_MESSAGES,
  quantityToBring,
  reconcile,
  sameStock,
  setValues,
  summarize,
  type StockRecord,
} from '../../functions/core/stock/model';

const NOW = '2026-03-10T12:00:00.000Z';
const machine = { merchantId: 'm', serial: 'CENG-00000001', name: 'M', groupId: 'g', clientId: null, planogramId: 'p' };
const planogram = {
  planogramType: 'B' as const,
  lines: [
    { selection: '11', productId: 'cola', capacity: 10, warningLevel: 3, refillValue: 8 },
    { selection: 'C2', productId: 'water', capacity: 6, warningLevel: 1, refillValue: 6 },
  ],
};
const fresh = () => reconcile(undefined, machine, planogram, NOW);
const REFILL = '2026-03-10T08:00:00.000Z';
const refilled = () => fullRefill(fresh(), REFILL);
const sale = (line: number, productCode = String(line), o: Partial<{ type: number; createdAt: string; errorSale: boolean }> = {}) => ({
  type: 2,
  line,
  productCode,
  createdAt: NOW,
  ...o,
});
const valuesOf = (r: StockRecord) => r.lines.map((l) => l.value);

describe('stock status and summary', () => {
  it('1 out at 0, 4 low at or below the warning level, 9 above', () => {
    expect([0, 1, 3, 4].map((value) => lineStatus({ value, warningLevel: 3 }))).toEqual([1, 4, 4, 9]);
  });

  it('fill % of capacities, lines out and low, the worst status, days to sell out at the sales rate', () => {
    const r = setValues(refilled(), [{ selection: '11', value: 2 }], NOW);
    expect(summarize(r, '2026-03-10')).toMatchObject({ fillPercent: 50, linesOut: 0, linesLow: 1, status: 4, daysToSellOut: null });
    // 10 sold over the 10 days tracked: 1 a day, 2 left → 2 days.
    const sold = { ...r, trackedSince: '2026-03-01', lines: r.lines.map((l, i) => (i === 0 ? { ...l, sold: { '2026-03-05': 10, '2026-01-01': 99 } } : l)) };
    expect(summarize(sold, '2026-03-10').daysToSellOut).toBe(2);
    expect(summarize(fresh(), '2026-03-10')).toMatchObject({ fillPercent: 0, linesOut: 2, status: 1, daysToSellOut: 0 });
  });

  it('a pick list brings refill value minus current, never less than 0', () => {
    expect([quantityToBring({ value: 3, refillValue: 8 }), quantityToBring({ value: 9, refillValue: 8 })]).toEqual([5, 0]);
  });
});

describe('sales', () => {
  it('take one from their line (by line number, else product code), once per message, never below 0', () => {
    const r = refilled();
    expect(lineIndexOfSale(r.lines, { line: 11, productCode: 'x' })).toBe(0);
    expect(lineIndexOfSale(r.lines, { line: 2, productCode: 'c2' })).toBe(1);
    expect(lineIndexOfSale(r.lines, { line: 99, productCode: 'X9' })).toBe(-1);
    const once = applySales(r, [{ messageId: 'a', transactions: [sale(11), sale(11)] }], NOW)!;
    expect(valuesOf(once)).toEqual([6, 6]);
    expect(once.lines[0]!.sold).toEqual({ '2026-03-10': 2 });
    expect(applySales(once, [{ messageId: 'a', transactions: [sale(11), sale(11)] }], NOW)).toBeUndefined();
    const many = applySales(once, [{ messageId: 'b', transactions: Array.from({ length: 9 }, () => sale(11)) }], NOW)!;
    expect(valuesOf(many)).toEqual([0, 6]);
  });

  it('a selection not in the planogram, a failed vend or a recharge change nothing', () => {
    const r = refilled();
    expect(
      applySales(r, [{ messageId: 'c', transactions: [sale(42, 'X'), sale(11, '11', { errorSale: true }), sale(11, '11', { type: 4 })] }], NOW),
    ).toBeUndefined();
  });

  it('remember only the last messages and the last 30 days of sales', () => {
    let r = refilled();
    r = { ...r, lines: r.lines.map((l) => ({ ...l, sold: { '2026-02-01': 5 } })) };
    for (let i = 0; i <= MAX_APPLIED_MESSAGES; i++) r = applySales(r, [{ messageId: `m${i}`, transactions: [sale(2, 'C2')] }], NOW) ?? r;
    expect(r.applied).toHaveLength(MAX_APPLIED_MESSAGES);
    expect(r.applied[0]).toBe('m1');
    expect(r.lines[1]!.sold).toEqual({ '2026-03-10': 101 });
  });
});

describe('audits', () => {
  const audit = (messageId: string, vends: number, readAt: string, origin = 2) => ({
    messageId,
    readAt,
    origin,
    vends: [{ product: '11', paid: vends, free: null }],
  });
  const at = (hour: number) => `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const soldAt = (messageId: string, hour: number) => ({ messageId, transactions: [sale(11, '11', { createdAt: at(hour) })] });

  it('the first sets the baseline; a later one takes off the vends the sales between them did not report', () => {
    const base = applyAudit(refilled(), audit('a1', 100, at(9)), NOW)!;
    expect(valuesOf(base)).toEqual([8, 6]);
    const sold = applySales(base, [soldAt('s', 10)], NOW)!;
    const reconciled = applyAudit(sold, audit('a2', 104, at(11)), NOW)!;
    expect(valuesOf(reconciled)).toEqual([4, 6]);
    expect(reconciled.lines[0]).toMatchObject({ auditVends: 104, auditAt: at(11), reported: [], reconciled: { from: at(9), through: at(11) } });
    expect(applyAudit(reconciled, audit('a2', 104, at(11)), NOW)).toBeUndefined();
    // A sale of the span the audit took off arrives late: it counts, but takes nothing more.
    const late = applySales(reconciled, [soldAt('late', 10)], NOW)!;
    expect(valuesOf(late)).toEqual([4, 6]);
    expect(late.lines[0]!.sold[dayOf(NOW)]).toBe(2);
  });

  it('the same stock whether the audits or the sales arrive first', () => {
    const sales = [soldAt('s1', 10), soldAt('s2', 12)];
    const audits = [audit('a1', 100, at(9)), audit('a2', 103, at(11)), audit('a3', 104, at(13))];
    let salesFirst = applySales(refilled(), sales, NOW)!;
    for (const a of audits) salesFirst = applyAudit(salesFirst, a, NOW)!;
    let auditsFirst = refilled();
    for (const a of audits) auditsFirst = applyAudit(auditsFirst, a, NOW)!;
    auditsFirst = applySales(auditsFirst, sales, NOW)!;
    expect(valuesOf(salesFirst)).toEqual([4, 6]);
    expect(valuesOf(auditsFirst)).toEqual([4, 6]);
  });

  it('more sales than vends take nothing back; a counter that went down and an audit after a refill only set the baseline', () => {
    const base = applyAudit(refilled(), audit('a1', 100, at(9)), NOW)!;
    const sold = applySales(base, [soldAt('s1', 10), soldAt('s2', 10)], NOW)!;
    expect(valuesOf(applyAudit(sold, audit('a2', 101, at(11)), NOW)!)).toEqual([6, 6]);
    expect(applyAudit(sold, audit('a3', 5, at(11)), NOW)!.lines[0]).toMatchObject({ value: 6, auditVends: 5 });
    const again = fullRefill(sold, at(10));
    expect(valuesOf(applyAudit(again, audit('a4', 150, at(11)), NOW)!)).toEqual([8, 6]);
  });

  it('origin 4 (remote plus refill) refills every line at its read time, less the sales after it already applied', () => {
    const base = applyAudit(refilled(), audit('a1', 100, at(9)), NOW)!;
    const empty = setValues(
      applySales(base, [soldAt('s', 12)], NOW)!,
      [
        { selection: '11', value: 0 },
        { selection: 'C2', value: 1 },
      ],
      NOW,
    );
    const r = applyAudit(empty, { messageId: 'r', readAt: at(11), origin: 4, vends: [] }, NOW)!;
    expect(valuesOf(r)).toEqual([7, 6]);
    expect(r.lastRefillAt).toBe(at(11));
    // A sale older than the refill takes nothing.
    expect(valuesOf(applySales(r, [soldAt('old', 10)], NOW)!)).toEqual([7, 6]);
  });
});

describe('edits and planogram changes', () => {
  it('edits name the lines that are not in the planogram or above capacity', () => {
    expect(() => setValues(refilled(), [{ selection: '99', value: 1 }], NOW)).toThrow(
      expect.objectContaining({ code: 'StockLineNotFoundException', details: [{ path: 'body.lines.0.selection', message: 'not a line of the planogram' }] }),
    );
    expect(() =>
      setValues(
        refilled(),
        [
          { selection: '11', value: 1 },
          { selection: 'c2', value: 7 },
        ],
        NOW,
      ),
    ).toThrow(
      expect.objectContaining({ code: 'StockValueAboveCapacityException', details: [{ path: 'body.lines.1.value', message: 'value must be at most 6' }] }),
    );
  });

  it('a planogram change keeps lines that stay, starts new ones at 0, drops removed ones and lowers values to a smaller capacity', () => {
    const r = refilled();
    const next = reconcile(
      r,
      machine,
      {
        planogramType: 'A',
        lines: [
          { ...planogram.lines[0]!, capacity: 5, refillValue: 5 },
          { selection: '12', productId: 'water', capacity: 4, warningLevel: 1, refillValue: 4 },
        ],
      },
      NOW,
    );
    expect(next.lines.map((l) => [l.selection, l.value, l.capacity])).toEqual([
      ['11', 5, 5],
      ['12', 0, 4],
    ]);
    const productChanged = reconcile(r, machine, { ...planogram, lines: [{ ...planogram.lines[0]!, productId: 'other' }, planogram.lines[1]!] }, NOW);
    expect(valuesOf(productChanged)).toEqual([0, 6]);
    expect(sameStock(r, reconcile(r, machine, planogram, '2026-03-11T00:00:00.000Z'))).toBe(true);
    expect(sameStock(r, reconcile(r, { ...machine, name: 'Renamed' }, planogram, NOW))).toBe(false);
  });
});
