/** A value built on first use and kept for the warm function; `reset` forgets it. */
export interface Lazy<T> {
  (): T;
  reset(): void;
}

const every = new Set<Lazy<unknown>>();

/**
 * Builds `build()` once per process, on first use (module-scope clients, reused across invocations). Every
 * route group's and trigger's dependencies are made with it, so `resetAll` can forget them together.
 */
export function lazy<T>(build: () => T): Lazy<T> {
  let built: { value: T } | undefined;
  const get = (() => (built ??= { value: build() }).value) as Lazy<T>;
  get.reset = () => {
    built = undefined;
  };
  every.add(get);
  return get;
}

/** Forgets every built value: a local stack started again in the same process has new endpoints. */
export function resetAll(): void {
  for (const value of every) value.reset();
}
