import type { BrowsePageQuery } from '../../core/listings/ports';

/** Most items one filtered read examines (the step doubles from twice the page size up to this). */
const MAX_FILTERED_STEP = 800;

type ReadPage = { data: unknown[]; cursor: string | null };

interface PriceKeyed {
  between(from: { sortPriceCents: number }, to: { sortPriceCents: number }): unknown;
  gte(from: { sortPriceCents: number }): unknown;
}

/**
 * The price bounds as key conditions, so the read skips what is out of range instead of filtering it. The upper bound
 * is max + 1 with no id: every key of that price sorts above it (prices are whole cents).
 */
export function priceBounded<I extends PriceKeyed>(
  byPrice: I,
  q: BrowsePageQuery,
): I | ReturnType<I['between']> | ReturnType<I['gte']> {
  const min = q.minPriceCents ?? 0;
  if (q.maxPriceCents !== undefined)
    return byPrice.between({ sortPriceCents: min }, { sortPriceCents: q.maxPriceCents + 1 }) as ReturnType<
      I['between']
    >;
  return q.minPriceCents !== undefined ? (byPrice.gte({ sortPriceCents: min }) as ReturnType<I['gte']>) : byPrice;
}

type Op = { gte(a: never, v: number): string; lte(a: never, v: number): string };

/** Whether a price range must be filtered: the index's key does not order by price (time and end-time orders). */
export const priceFiltered = (q: BrowsePageQuery) =>
  q.order !== 'price-asc' &&
  q.order !== 'price-desc' &&
  (q.minPriceCents !== undefined || q.maxPriceCents !== undefined);

/** The filter conditions of a price range when `priceFiltered`. */
export function priceFilters(q: BrowsePageQuery, sortPrice: unknown, op: Op): string[] {
  if (!priceFiltered(q)) return [];
  return [
    ...(q.minPriceCents !== undefined ? [op.gte(sortPrice as never, q.minPriceCents)] : []),
    ...(q.maxPriceCents !== undefined ? [op.lte(sortPrice as never, q.maxPriceCents)] : []),
  ];
}

export const readOrder = (q: BrowsePageQuery) =>
  q.order === 'price-asc' || q.order === 'ending-soon' ? ('asc' as const) : ('desc' as const);

/**
 * Reads one page of up to `limit` items that pass the filters: twice the page first, then doubling the step only
 * while the filter turns out selective, so a loose filter reads about what it returns and a tight one needs few
 * round trips. `count` trims the last read at the last item kept, which the cursor then points at.
 */
export async function filteredPage(
  read: (options: { count: number; limit: number; cursor: string | null }) => Promise<ReadPage>,
  q: BrowsePageQuery,
  filtered: boolean,
): Promise<{ items: unknown[]; cursor: string | null }> {
  const items: unknown[] = [];
  let cursor = q.cursor ?? null;
  let step = filtered ? q.limit * 2 : q.limit;
  do {
    const result = await read({ count: q.limit - items.length, limit: step, cursor });
    items.push(...result.data);
    cursor = result.cursor;
    step = Math.min(step * 2, MAX_FILTERED_STEP);
  } while (items.length < q.limit && cursor);
  return { items, cursor };
}
