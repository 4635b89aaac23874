import { describe, expect, it } from 'vitest';
import { HEADER_CATEGORIES } from '../../shared/domain/categories';
import { splitCategories, visibleCategoryCount } from '../../web/src/app/shell/category-split';

describe('header category bar split', () => {
  it.each([
    [360, 0],
    [1023, 0],
    [1024, 3],
    [1279, 3],
    [1280, 4],
    [1535, 4],
    [1536, 6],
    [2560, 6],
  ])('shows %i px -> %i category menus', (width, count) => {
    expect(visibleCategoryCount(width)).toBe(count);
  });

  it('puts the categories that do not fit into More, in order', () => {
    const names = HEADER_CATEGORIES.map((c) => c.name);
    expect(names).toHaveLength(7);
    const lg = splitCategories(names, 1100);
    expect(lg.visible).toEqual(['Electronics', 'Automotive', 'Fashion']);
    expect(lg.more).toEqual(['Home & Garden', 'Gaming', 'Baby & Kids', 'Collectibles']);
    expect(splitCategories(names, 1300).more).toEqual(['Gaming', 'Baby & Kids', 'Collectibles']);
    expect(splitCategories(names, 1600)).toEqual({ visible: names.slice(0, 6), more: ['Collectibles'] });
  });

  it('never shows More when everything fits', () => {
    expect(splitCategories(['A', 'B'], 1600)).toEqual({ visible: ['A', 'B'], more: [] });
  });
});
