/** The bench's cost model (test/bench/cost-model.ts) from known counts, against a computation by hand. */
import { describe, expect, it } from 'vitest';
import { AWS_PRICES } from '../bench/aws-prices';
import { machineMonthCost, type KindCounts } from '../bench/cost-model';

const kind = (o: Partial<KindCounts>): KindCounts => ({
  messages: 0,
  messageUnits: 0,
  sqsChunks: 0,
  invocations: 0,
  billedMs: 0,
  writeUnits: 0,
  readUnits: 0,
  itemWrites: 0,
  storedBytes: 0,
  ...o,
});

describe('cost per machine-month', () => {
  // Two machines for one day: 2,880 pings (one 5 KB unit each), 100 sales; 300 invocations of 20 ms.
  const run = {
    machines: 2,
    days: 1,
    lambdaMemoryMb: 512,
    basicIngest: false,
    kinds: {
      telemetry: kind({
        messages: 2880,
        messageUnits: 2880,
        sqsChunks: 2880,
        invocations: 200,
        billedMs: 4000,
        writeUnits: 1440,
        readUnits: 1440,
        storedBytes: 96_000,
      }),
      sales: kind({
        messages: 100,
        messageUnits: 100,
        sqsChunks: 100,
        invocations: 100,
        billedMs: 2000,
        writeUnits: 800,
        readUnits: 200,
        storedBytes: 204_800,
      }),
    },
  };

  it('equals the hand computation, item by item', () => {
    const { lines, total } = machineMonthCost(run, AWS_PRICES);
    const by = Object.fromEntries(lines.map((l) => [l.item, l.perMonth]));
    // Per machine-month: ×30 days ÷ 2 machines = ×15.
    const messages = (2880 + 100) * 15; // 44,700
    expect(by['IoT messaging']).toBeCloseTo((44_700 / 1e6) * 1.0, 10); // $0.0447
    expect(by['IoT connectivity']).toBeCloseTo((43_200 / 1e6) * 0.08, 10); // $0.003456
    expect(by['IoT rules and actions']).toBeCloseTo((messages / 1e6) * 0.3, 10); // $0.01341
    // SQS: 44,700 sends + 2 × 44,700 / 10 receives and deletes = 53,640 requests.
    expect(by['SQS requests']).toBeCloseTo((53_640 / 1e6) * 0.4, 10); // $0.021456
    expect(by['Lambda requests']).toBeCloseTo((4500 / 1e6) * 0.2, 10); // $0.0009
    // 6,000 ms × 15 = 90 s at 0.5 GB = 45 GB-s.
    expect(by['Lambda GB-seconds']).toBeCloseTo(45 * 0.0000133334, 10); // $0.00060
    expect(by['DynamoDB write units']).toBeCloseTo((2240 * 15 * 0.625) / 1e6, 10); // $0.021
    expect(by['DynamoDB read units']).toBeCloseTo((1640 * 15 * 0.125) / 1e6, 10); // $0.003075
    // 300,800 B × 15 = 4,512,000 B = 0.0042021 GB at $0.25.
    expect(by['DynamoDB storage growth']).toBeCloseTo((4_512_000 / 1024 ** 3) * 0.25, 10);
    expect(total).toBeCloseTo(0.0447 + 0.003456 + 0.01341 + 0.021456 + 0.0009 + 45 * 0.0000133334 + 0.021 + 0.003075 + (4_512_000 / 1024 ** 3) * 0.25, 10);
    // 0.0447 + 0.003456 + 0.01341 + 0.021456 + 0.0009 + 0.0006 + 0.021 + 0.003075 + 0.00105
    expect(total).toBeCloseTo(0.10965, 4);
  });

  it('charges no messaging with Basic Ingest, and nothing else changes', () => {
    const direct = machineMonthCost(run, AWS_PRICES);
    const basic = machineMonthCost({ ...run, basicIngest: true }, AWS_PRICES);
    expect(basic.lines.find((l) => l.item.startsWith('IoT messaging'))!.perMonth).toBe(0);
    expect(direct.total - basic.total).toBeCloseTo(0.0447, 10);
  });
});
