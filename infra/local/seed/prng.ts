import { ulid } from 'ulid';

/** A small seeded generator (mulberry32): the same seed gives the same demo data on every run and machine. */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(length: number): Uint8Array;
  /** A ULID whose time part is `timeMs` and whose randomness comes from this generator. */
  ulid(timeMs: number): string;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    bytes: (length) => Uint8Array.from({ length }, () => int(0, 255)),
    ulid: (timeMs) => ulid(timeMs, next),
  };
}
