import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToSketch,
  decodeSketch,
  emptySketch,
  encodeSketch,
  estimateSketch,
  mergeSketch,
} from '../../../../functions/core/analytics/hyperloglog';
import {
  BLOCK_DAYS,
  blockOf,
  packAmounts,
  rangePlan,
  unpackAmounts,
} from '../../../../functions/core/analytics/periods';
import { saleShares } from '../../../../functions/core/analytics/facts-of-events';
import { addDays, conversionPer100, dayOf, rangeDays } from '../../../../shared/domain/analytics';

describe('range maths', () => {
  it('gives the last n UTC days, today last, across month and year ends', () => {
    expect(rangeDays(7, '2030-03-02')).toEqual([
      '2030-02-24',
      '2030-02-25',
      '2030-02-26',
      '2030-02-27',
      '2030-02-28',
      '2030-03-01',
      '2030-03-02',
    ]);
    expect(rangeDays(90, '2031-01-15')[0]).toBe('2030-10-18');
    expect(dayOf('2030-12-31T23:59:59.999Z')).toBe('2030-12-31');
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
  });

  it('reads a range as its whole blocks and its other days, each day exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_650 }), fc.constantFrom(7, 30, 90), (offset, range) => {
        const days = rangeDays(range, addDays('2030-01-01', offset));
        const plan = rangePlan(days);
        const covered = [
          ...plan.blocks.flatMap((b) => Array.from({ length: BLOCK_DAYS }, (_, i) => addDays(b, i))),
          ...plan.days,
        ].sort();
        expect(covered).toEqual(days);
        for (const b of plan.blocks) expect(blockOf(b)).toBe(b);
        // At most the block-aligned middle and fewer than a block at each end.
        expect(plan.days.length).toBeLessThanOrEqual(2 * (BLOCK_DAYS - 1));
        expect(plan.blocks.length + plan.days.length).toBeLessThanOrEqual(range === 90 ? 27 : range);
      }),
    );
  });
});

describe('conversionPer100', () => {
  it('is sales per 100 views to two decimals, rounded half up with integers, none without views', () => {
    expect(conversionPer100(0, 0)).toBeNull();
    expect(conversionPer100(0, 250)).toBe('0.00');
    expect(conversionPer100(1, 80)).toBe('1.25');
    expect(conversionPer100(1, 3)).toBe('33.33');
    expect(conversionPer100(2, 3)).toBe('66.67');
    expect(conversionPer100(1, 200_000)).toBe('0.00');
    expect(conversionPer100(1, 160_000)).toBe('0.00');
    expect(conversionPer100(1, 159_999)).toBe('0.00');
    expect(conversionPer100(1, 19_999)).toBe('0.01');
    expect(conversionPer100(5, 5)).toBe('100.00');
    expect(conversionPer100(7, 1)).toBe('700.00');
  });
});

describe('HyperLogLog sketch', () => {
  const sketchOf = (keys: string[]) => keys.reduce((s, k) => addToSketch(s, k), emptySketch());
  const keys = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('is exact enough while small and within three standard errors (3.25 % each) when large', () => {
    expect(estimateSketch(emptySketch())).toBe(0);
    expect(estimateSketch(sketchOf(keys(3, 'u:')))).toBe(3);
    // The keys are fixed and the hash too, so this is deterministic.
    const big = estimateSketch(sketchOf(keys(20_000, 'a:')));
    expect(Math.abs(big - 20_000) / 20_000).toBeLessThan(0.1);
  });

  it('counts a key added twice once, and a viewer of several days once when the days are merged', () => {
    expect(estimateSketch(sketchOf(['u:B', 'u:B', 'u:B']))).toBe(1);
    const monday = sketchOf([...keys(400, 'u:'), ...keys(100, 'x:')]);
    const tuesday = sketchOf(keys(400, 'u:'));
    const merged = mergeSketch(mergeSketch(emptySketch(), monday), tuesday);
    expect(Math.abs(estimateSketch(merged) - 500)).toBeLessThan(25);
  });

  it('keeps its registers through its stored form; a malformed one reads as empty', () => {
    const s = sketchOf(keys(20, 'v'));
    expect(decodeSketch(encodeSketch(s))).toEqual(s);
    expect(encodeSketch(emptySketch())).toBe('');
    expect(estimateSketch(decodeSketch('bm90IGEgc2tldGNo'))).toBe(0);
  });
});

describe('per-listing amounts', () => {
  it('keep their counts through their stored form', () => {
    const m = new Map([
      ['01B', 3],
      ['01A', 12],
      ['01C', 0],
    ]);
    expect(packAmounts(m)).toBe('01A:12,01B:3');
    expect(unpackAmounts(packAmounts(m))).toEqual(
      new Map([
        ['01A', 12],
        ['01B', 3],
      ]),
    );
    expect(unpackAmounts('01A:x,:3,01B:4')).toEqual(new Map([['01B', 4]]));
  });

  it("split a sale's released amount by listing, the order's own shipping with its first line", () => {
    const line = (listingId: string, unitPriceCents: number, quantity: number, shippingCents: number) => ({
      listingId,
      title: listingId,
      imageKey: null,
      quantity,
      unitPriceCents,
      shippingCents,
    });
    expect(saleShares({ lines: [line('L1', 1_000, 2, 300), line('L2', 500, 1, 0)], totalCents: 3_899 })).toEqual([
      { listingId: 'L1', cents: 3_399 },
      { listingId: 'L2', cents: 500 },
    ]);
  });
});
