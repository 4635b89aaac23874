import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../../functions/lib/bounded-map';
import { keyedLane } from '../../../functions/lib/keyed-lane';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('keyedLane', () => {
  it('lets one holder per key in at a time, in arrival order, and other keys alongside', async () => {
    const lane = keyedLane<number>();
    const log: string[] = [];
    const hold = (key: string, name: string) =>
      lane(key, async () => {
        log.push(`${name} in`);
        await tick();
        log.push(`${name} out`);
      });
    await Promise.all([hold('a', 'a1'), hold('a', 'a2'), hold('b', 'b1'), hold('a', 'a3')]);
    expect(log.filter((l) => l.startsWith('a'))).toEqual(['a1 in', 'a1 out', 'a2 in', 'a2 out', 'a3 in', 'a3 out']);
    expect(log.indexOf('b1 in')).toBeLessThan(log.indexOf('a1 out'));
  });

  it('hands the latest state over to the holders after, also once the lane was empty, and survives a throw', async () => {
    const lane = keyedLane<number>();
    const seen: (number | undefined)[] = [];
    await Promise.allSettled([
      lane('a', async (latest, handOver) => {
        seen.push(latest);
        handOver(1);
      }),
      lane('a', async (latest) => {
        seen.push(latest);
        throw new Error('refused');
      }),
      lane('a', async (latest, handOver) => {
        seen.push(latest);
        handOver(2);
      }),
    ]);
    await lane('a', async (latest) => void seen.push(latest));
    await lane('b', async (latest) => void seen.push(latest));
    expect(seen).toEqual([undefined, 1, 1, 2, undefined]);
  });
});

describe('BoundedMap', () => {
  it('forgets the least recently set key past its size', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3);
    m.set('c', 4);
    expect([m.get('a'), m.get('b'), m.get('c'), m.size]).toEqual([3, undefined, 4, 2]);
  });
});
