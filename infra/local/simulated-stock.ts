/**
 * How a simulated machine with a planogram sells (issue 19 item 8): from its planogram's lines, which it counts
 * itself, starting full (each line at its refill value) and refilled by "read audit plus product refill" (remote
 * command 11, an audit of origin 4); it never sells from an empty line. Popular selections sell more, so a week
 * empties some lines and leaves others full. A sale names its selection as the stock rules read it
 * (core/stock/model.ts lineIndexOfSale): the transaction's line is the selection's number and its product code is
 * the selection, which the audit's PA101 then carries too (simulator.ts DexBook).
 */
import type { SaleTransaction } from '#schemas/iot';

export interface SimulatedLine {
  selection: string;
  refillValue: number;
}

/** The line number and product code a sale of this selection reports. */
export const saleOfSelection = (selection: string): Pick<SaleTransaction, 'line' | 'productCode'> => ({
  line: Number(selection.replace(/\D/g, '') || '0') % 10_000,
  productCode: selection,
});

export class SimulatedStock {
  private readonly left: number[];

  constructor(private readonly lines: readonly SimulatedLine[]) {
    this.left = lines.map((l) => l.refillValue);
  }

  /** Takes one from a line that still holds something (the first lines more often); undefined when every line is empty. */
  sell(random: () => number = Math.random): Pick<SaleTransaction, 'line' | 'productCode'> | undefined {
    const full = this.lines.map((_, i) => i).filter((i) => this.left[i]! > 0);
    if (!full.length) return undefined;
    const i = full[Math.floor(random() ** 1.6 * full.length)]!;
    this.left[i]!--;
    return saleOfSelection(this.lines[i]!.selection);
  }

  refill(): void {
    this.lines.forEach((l, i) => (this.left[i] = l.refillValue));
  }
}

/** The demo planograms' lines by the serial of each machine that runs them. */
export function simulatedPlanograms(
  planograms: ReadonlyArray<{ merchantId: string; lines: readonly SimulatedLine[]; machines: readonly string[] }>,
  machines: ReadonlyArray<{ merchantId: string; name: string; serial: string }>,
): Map<string, readonly SimulatedLine[]> {
  const out = new Map<string, readonly SimulatedLine[]>();
  for (const p of planograms) for (const m of machines) if (m.merchantId === p.merchantId && p.machines.includes(m.name)) out.set(m.serial, p.lines);
  return out;
}
