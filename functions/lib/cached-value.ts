/** A value read through a per-container cache: `current()` reads again once `ttlMs` has passed. */
export interface CachedValue<T> {
  current(): Promise<T>;
  /** Drops this container's copy (after its own save, so the saver reads what it wrote). */
  forget(): void;
}

/**
 * One read per container per `ttlMs` (decision 063): concurrent misses share one read, and a failed read keeps
 * nothing, so the next call reads again.
 */
export function cachedValue<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now): CachedValue<T> {
  let held: { value: T; until: number } | null = null;
  let reading: Promise<T> | null = null;
  return {
    async current() {
      if (held && now() < held.until) return held.value;
      reading ??= read()
        .then((value) => {
          held = { value, until: now() + ttlMs };
          return value;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    forget() {
      held = null;
    },
  };
}
