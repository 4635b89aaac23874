import { BoundedMap } from './bounded-map';

/**
 * One holder at a time per key, in this process, in arrival order; each holder may hand over what it learnt (the
 * state it wrote) to the holders after it. Nothing is shared between processes: a Lambda container serves one request
 * at a time, so there no one ever waits; where one process serves many requests at once (the local runtime, a
 * container host) the holders of a key don't race each other. What was handed over may be outdated by another process:
 * the holder must still write conditionally.
 */
export type KeyedLane<S> = <T>(
  key: string,
  /** `latest`: the last thing a holder of this key handed over in this process, if any (maybe outdated). */
  hold: (latest: S | undefined, handOver: (latest: S) => void) => Promise<T>,
) => Promise<T>;

/** Keys whose last hand-over is remembered once nobody holds them (the oldest are forgotten first). */
const REMEMBERED = 500;

export function keyedLane<S>(): KeyedLane<S> {
  const tails = new Map<string, { tail: Promise<void>; holders: number }>();
  const latest = new BoundedMap<string, S>(REMEMBERED);
  return async (key, hold) => {
    let lane = tails.get(key);
    if (!lane) {
      lane = { tail: Promise.resolve(), holders: 0 };
      tails.set(key, lane);
    }
    const current = lane;
    current.holders++;
    const before = current.tail;
    let leave!: () => void;
    current.tail = new Promise<void>((resolve) => (leave = resolve));
    await before;
    try {
      return await hold(latest.get(key), (value) => latest.set(key, value));
    } finally {
      if (--current.holders === 0) tails.delete(key);
      leave();
    }
  };
}
