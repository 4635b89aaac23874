import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  checkPriceRange,
  clearedFilters,
  dollarsText,
  hasFilters,
  readMarketplaceParams,
  resultCountText,
  writeMarketplaceParams,
  type MarketplaceFilters,
} from '../../web/src/features/listings/lib/marketplace-params';

const read = (qs: string) => readMarketplaceParams(new URLSearchParams(qs));

const none: MarketplaceFilters = {
  search: '',
  category: undefined,
  subcategory: undefined,
  sort: undefined,
  condition: undefined,
  listingType: undefined,
  minPriceCents: undefined,
  maxPriceCents: undefined,
  view: 'grid',
};

describe('marketplace URL parameters', () => {
  it('reads every filter, the sort and the view', () => {
    expect(
      read(
        'search=%20lamp%20&category=fashion&subcategory=Shoes&sort=ending-soon&condition=for_parts&listingType=fixed' +
          '&minPrice=0.5&maxPrice=1200&view=list',
      ),
    ).toEqual({
      search: 'lamp',
      category: 'Fashion',
      subcategory: 'Shoes',
      sort: 'ending-soon',
      condition: 'for_parts',
      listingType: 'fixed',
      minPriceCents: 50,
      maxPriceCents: 120000,
      view: 'list',
    });
  });

  it('ignores values it does not know', () => {
    expect(
      read(
        'category=Spaceships&subcategory=Shoes&sort=cheapest&condition=vintage&listingType=barter&minPrice=ten' +
          '&maxPrice=1.234&view=cards',
      ),
    ).toEqual(none);
    // A subcategory of another category, a negative price and one above the API's bound.
    expect(read('category=Gaming&subcategory=Shoes&minPrice=-1&maxPrice=100000000000')).toEqual({
      ...none,
      category: 'Gaming',
    });
  });

  it('drops both bounds of an inverted price range, keeps an equal one', () => {
    expect(read('minPrice=50&maxPrice=10')).toEqual(none);
    expect(read('minPrice=10&maxPrice=10')).toMatchObject({ minPriceCents: 1000, maxPriceCents: 1000 });
    expect(read('maxPrice=0')).toMatchObject({ minPriceCents: undefined, maxPriceCents: 0 });
  });

  it('writes only what is set, in dollars, and reads back the same filters', () => {
    expect(writeMarketplaceParams(none).toString()).toBe('');
    const all: MarketplaceFilters = {
      search: 'red shoes',
      category: 'Fashion',
      subcategory: 'Shoes',
      sort: 'price-low',
      condition: 'like_new',
      listingType: 'auction',
      minPriceCents: 1000,
      maxPriceCents: 5050,
      view: 'list',
    };
    const written = writeMarketplaceParams(all);
    expect(written.toString()).toBe(
      'search=red+shoes&category=Fashion&subcategory=Shoes&sort=price-low&condition=like_new&listingType=auction' +
        '&minPrice=10&maxPrice=50.50&view=list',
    );
    expect(readMarketplaceParams(written)).toEqual(all);
    // No subcategory without its category.
    expect(writeMarketplaceParams({ ...none, subcategory: 'Shoes' }).toString()).toBe('');
  });

  it('formats dollars for the URL and the inputs', () => {
    expect(dollarsText(0)).toBe('0');
    expect(dollarsText(1000)).toBe('10');
    expect(dollarsText(1005)).toBe('10.05');
    expect(dollarsText(123456789)).toBe('1234567.89');
  });
});

describe('active filter chips', () => {
  it('labels each filter and says what removing it leaves', () => {
    const f = read(
      'search=lamp&category=Electronics&subcategory=Tablets&condition=like_new&listingType=fixed&minPrice=10',
    );
    const chips = activeFilters(f);
    expect(chips.map((c) => c.label)).toEqual([
      'Search: lamp',
      'Category: Electronics',
      'Subcategory: Tablets',
      'Condition: Like New',
      'Type: Fixed Price',
      'Price: From $10.00',
    ]);
    expect(chips[1]!.without).toEqual({ category: undefined, subcategory: undefined });
    expect(chips[5]!.without).toEqual({ minPriceCents: undefined, maxPriceCents: undefined });
    expect(activeFilters(read('maxPrice=50')).map((c) => c.label)).toEqual(['Price: Up to $50.00']);
    expect(activeFilters(read('minPrice=10&maxPrice=1500')).map((c) => c.label)).toEqual(['Price: $10.00 – $1,500.00']);
  });

  it('treats sort and view as no filter', () => {
    const f = read('sort=newest&view=list');
    expect(activeFilters(f)).toEqual([]);
    expect(hasFilters(f)).toBe(false);
    expect(hasFilters(read('condition=new'))).toBe(true);
    expect(hasFilters(read('maxPrice=0'))).toBe(true);
  });

  it('Clear all keeps the sort and the view', () => {
    const f = read('search=x&category=Fashion&subcategory=Shoes&condition=new&sort=price-high&view=list&minPrice=1');
    expect(clearedFilters(f)).toEqual({ ...none, sort: 'price-high', view: 'list' });
  });
});

describe('result count', () => {
  it("adds '+' while more pages exist and is singular for one", () => {
    expect(resultCountText(24, true)).toBe('24+ results');
    expect(resultCountText(25, false)).toBe('25 results');
    expect(resultCountText(1, false)).toBe('1 result');
    expect(resultCountText(0, false)).toBe('0 results');
  });
});

describe('price range inputs', () => {
  it('turns dollars into cents; an empty input is no bound', () => {
    expect(checkPriceRange('10', '50.5')).toEqual({ ok: true, minPriceCents: 1000, maxPriceCents: 5050 });
    expect(checkPriceRange('', ' ')).toEqual({ ok: true, minPriceCents: undefined, maxPriceCents: undefined });
    expect(checkPriceRange('0.01', '')).toEqual({ ok: true, minPriceCents: 1, maxPriceCents: undefined });
  });

  it('refuses min above max, and text that is not dollars and cents', () => {
    expect(checkPriceRange('50', '10')).toEqual({
      ok: false,
      errors: { min: 'The minimum price cannot be above the maximum' },
    });
    expect(checkPriceRange('1.234', '-5')).toEqual({
      ok: false,
      errors: {
        min: 'Enter an amount in dollars, e.g. 10 or 10.50',
        max: 'Enter an amount in dollars, e.g. 10 or 10.50',
      },
    });
    expect(checkPriceRange('', '99999999999')).toMatchObject({ ok: false });
  });
});
