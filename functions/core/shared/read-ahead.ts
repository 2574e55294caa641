/** What one source has read and not yet handed over, and the read that fills it. */
interface Reader<T> {
  next(): Promise<IteratorResult<T, undefined>>;
  /** Stops reading (after the read in flight) and lets the source clean up. */
  close(): Promise<void>;
}

function reader<T>(iterable: AsyncIterable<T>, pagesAhead: number): Reader<T> {
  const iterator = iterable[Symbol.asyncIterator]();
  const queue: T[] = [];
  let finished = false;
  let closed = false;
  let failure: { error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  const wake = (which: 'consumer' | 'reader') => {
    const resume = which === 'consumer' ? wakeConsumer : wakeReader;
    if (which === 'consumer') wakeConsumer = undefined;
    else wakeReader = undefined;
    resume?.();
  };
  const reading = (async () => {
    try {
      while (!closed) {
        if (queue.length >= pagesAhead) {
          await new Promise<void>((resolve) => (wakeReader = resolve));
          continue;
        }
        const step = await iterator.next();
        if (step.done) break;
        queue.push(step.value);
        wake('consumer');
      }
    } catch (error) {
      // Kept for the consumer: it surfaces when the consumer reaches this source, in order.
      failure = { error };
    }
    finished = true;
    wake('consumer');
  })();
  return {
    async next() {
      while (!queue.length && !finished) await new Promise<void>((resolve) => (wakeConsumer = resolve));
      if (queue.length) {
        const value = queue.shift()!;
        wake('reader');
        return { done: false, value };
      }
      if (failure) throw failure.error;
      return { done: true, value: undefined };
    },
    async close() {
      closed = true;
      wake('reader');
      await reading;
      await iterator.return?.();
    },
  };
}

/**
 * The items of several sources, one whole source after another in the given order, while the next sources are
 * already being read: at most `sources` sources are read at once, each at most `pagesAhead` items ahead of the
 * consumer, so reading overlaps with what the consumer does without holding more than that. A source's error
 * surfaces when the consumer reaches it; a consumer that stops early stops every read.
 */
export async function* readAhead<T>(sources: ReadonlyArray<() => AsyncIterable<T>>, opts: { sources: number; pagesAhead: number }): AsyncGenerator<T> {
  const readers = new Map<number, Reader<T>>();
  try {
    for (let i = 0; i < sources.length; i++) {
      for (let j = i; j < Math.min(sources.length, i + Math.max(1, opts.sources)); j++) {
        if (!readers.has(j)) readers.set(j, reader(sources[j]!(), Math.max(1, opts.pagesAhead)));
      }
      const current = readers.get(i)!;
      for (let step = await current.next(); !step.done; step = await current.next()) yield step.value;
      readers.delete(i);
    }
  } finally {
    await Promise.all([...readers.values()].map((r) => r.close()));
  }
}
