/**
 * A Map that remembers at most `max` keys, forgetting the least recently set first: per-process memory (a Lambda
 * container's, the local runtime's) that must not grow with every key ever seen.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    // Re-inserted, so the Map's order is the order of setting.
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
