import { describe, expect, it } from 'vitest';
import { readAhead } from '../../functions/core/shared/read-ahead';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** A source of `count` pages named `name:i`, recording when each page is read and whether it was cleaned up. */
function source(name: string, count: number, log: string[], opts: { failAt?: number } = {}) {
  const state = { read: 0, cleaned: false };
  const make = async function* () {
    try {
      for (let i = 0; i < count; i++) {
        await tick();
        if (i === opts.failAt) throw new Error(`${name} failed`);
        state.read++;
        log.push(`read ${name}:${i}`);
        yield `${name}:${i}`;
      }
    } finally {
      state.cleaned = true;
    }
  };
  return { make, state };
}

describe('readAhead', () => {
  it('hands every page over source by source, in order, while later sources are read ahead within the bounds', async () => {
    const log: string[] = [];
    const sources = ['a', 'b', 'c', 'd'].map((n) => source(n, 5, log));
    const got: string[] = [];
    for await (const page of readAhead(
      sources.map((s) => s.make),
      { sources: 2, pagesAhead: 2 },
    )) {
      await tick();
      await tick();
      got.push(page);
      if (page === 'a:0') {
        // While a is consumed, b (the next source) is read, never more than its bound ahead; c and d wait.
        expect(sources[1]!.state.read).toBeGreaterThan(0);
        expect(sources[1]!.state.read).toBeLessThanOrEqual(3);
        expect(sources[2]!.state.read).toBe(0);
      }
    }
    expect(got).toEqual(['a', 'b', 'c', 'd'].flatMap((n) => [0, 1, 2, 3, 4].map((i) => `${n}:${i}`)));
  });

  it("surfaces a source's error when the consumer reaches it, after the earlier sources' pages", async () => {
    const log: string[] = [];
    const sources = [source('a', 3, log), source('b', 3, log, { failAt: 1 }), source('c', 3, log)];
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(
          sources.map((s) => s.make),
          { sources: 3, pagesAhead: 1 },
        ))
          got.push(page);
      })(),
    ).rejects.toThrow('b failed');
    expect(got).toEqual(['a:0', 'a:1', 'a:2', 'b:0']);
    expect(sources.every((s) => s.state.cleaned)).toBe(true);
  });

  it('stops and cleans up every source being read when the consumer stops early', async () => {
    const log: string[] = [];
    const sources = ['a', 'b', 'c'].map((n) => source(n, 10, log));
    for await (const page of readAhead(
      sources.map((s) => s.make),
      { sources: 3, pagesAhead: 2 },
    ))
      if (page === 'a:1') break;
    await tick();
    const reads = log.length;
    await tick();
    await tick();
    expect(log.length).toBe(reads);
    expect(sources.every((s) => s.state.cleaned)).toBe(true);
  });
});
