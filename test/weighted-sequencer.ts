import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Seconds each test file took in a whole-suite run (`node test/record-file-weights.mjs` after `npm test` rewrites it). */
const WEIGHTS_FILE = new URL('./file-weights.json', import.meta.url);

/**
 * Splits `--shard` runs by the files' recorded durations instead of vitest's equal file counts: the API and browser
 * halves each run their files one after another, so the suite ends with the slower half, and one file (the
 * authorization matrix) weighs as much as a dozen others. Longest first, each to the half with the least so far
 * (deterministic, so every shard process computes the same split); a file not recorded yet counts as the median.
 */
export class WeightedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const weights = readWeights();
    const known = Object.values(weights).sort((a, b) => a - b);
    const fallback = known.length ? known[Math.floor(known.length / 2)]! : 1;
    const weighed = files
      .map((spec) => ({ spec, path: relative(this.ctx.config.root, spec.moduleId) }))
      .map((f) => ({ ...f, weight: weights[f.path] ?? fallback }))
      .sort((a, b) => b.weight - a.weight || (a.path < b.path ? -1 : 1));
    const load = Array.from({ length: count }, () => 0);
    const mine: TestSpecification[] = [];
    for (const file of weighed) {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest]! += file.weight;
      if (lightest === index - 1) mine.push(file.spec);
    }
    return mine;
  }
}

function readWeights(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
