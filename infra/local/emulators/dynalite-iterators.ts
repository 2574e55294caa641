/**
 * dynalite reads a Query or Scan through a stream over an abstract-level iterator and, when the stream ends or
 * is destroyed (a Limit reached), closes the iterator with `iterator.return()`. abstract-level 3's iterators have
 * no `return()` (only `close()`), so none was ever closed: the database keeps every open iterator (to close them
 * when it closes) with what each holds (memory-level: a snapshot of the whole tree, so every overwritten version
 * stays reachable; classic-level: a LevelDB snapshot). The emulator's memory grew with every list request and was
 * never given back (bench (g), 20,000 list pages through the API after the demo week: 170 → 1,246 MiB, still
 * climbing; with this: 165 → 178 MiB). Giving the iterators the `return()` dynalite calls closes each one when its
 * stream ends.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface LevelIterator {
  close(): Promise<void>;
  return?: () => Promise<void>;
}

/** The abstract-level copy dynalite's stores (memory-level, classic-level) are built on. */
export function dynaliteAbstractLevel(): Record<string, { prototype: object }> {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  return createRequire(fromDynalite.resolve('memory-level'))('abstract-level') as Record<string, { prototype: object }>;
}

/** Makes dynalite close the store iterators it opens (idempotent). */
export function closeDynaliteIteratorsOnEnd(): void {
  const abstractLevel = dynaliteAbstractLevel();
  for (const name of ['AbstractIterator', 'AbstractKeyIterator', 'AbstractValueIterator']) {
    const prototype = abstractLevel[name]!.prototype as LevelIterator;
    prototype.return ??= function (this: LevelIterator) {
      return this.close();
    };
  }
}
