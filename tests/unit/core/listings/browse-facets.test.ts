import { describe, expect, it } from 'vitest';
import {
  facetChanges,
  facetGroups,
  facetShape,
  listingFacets,
  queryFacet,
  type FacetSource,
} from '../../../../functions/core/listings/browse-facets';
import type { BrowsePageQuery } from '../../../../functions/core/listings/ports';

const camera: FacetSource = {
  category: 'Photography',
  subcategory: 'Cameras',
  condition: 'like_new',
  listingType: 'auction',
};

function query(over: Partial<BrowsePageQuery>): BrowsePageQuery {
  return { order: 'newest', featuredOnly: false, limit: 24, ...over };
}

describe('listingFacets', () => {
  it('lists every scope, condition and type combination but the unnarrowed one', () => {
    const facets = listingFacets(camera);
    expect(facets).toHaveLength(11);
    expect(new Set(facets).size).toBe(11);
    expect(facets).not.toContain('*|*|*');
    expect(facets).toEqual(
      expect.arrayContaining([
        '*|like_new|*',
        '*|*|auction',
        '*|like_new|auction',
        'Photography|*|*',
        'Photography|like_new|auction',
        'Photography/Cameras|*|*',
        'Photography/Cameras|like_new|auction',
      ]),
    );
  });

  it('leaves a fixed-price listing out of the scope-only facets, which only ending-soon reads', () => {
    const facets = listingFacets({ ...camera, listingType: 'fixed' });
    expect(facets).toHaveLength(9);
    expect(facets).not.toContain('Photography|*|*');
    expect(facets).not.toContain('Photography/Cameras|*|*');
    expect(facets).toContain('Photography|*|fixed');
  });

  it('has no subcategory scope for a listing without one', () => {
    const facets = listingFacets({ ...camera, subcategory: undefined });
    expect(facets).toHaveLength(7);
    expect(facets.some((f) => f.includes('/'))).toBe(false);
  });
});

describe('queryFacet', () => {
  it('leaves pages the listing indexes key to them', () => {
    expect(queryFacet(query({}))).toBeUndefined();
    expect(queryFacet(query({ category: 'Photography', subcategory: 'Cameras', order: 'price-asc' }))).toBeUndefined();
    expect(queryFacet(query({ order: 'ending-soon' }))).toBeUndefined();
    expect(queryFacet(query({ order: 'ending-soon', listingType: 'auction' }))).toBeUndefined();
  });

  it('keys condition and type filters in every order', () => {
    expect(queryFacet(query({ condition: 'like_new' }))).toBe('*|like_new|*');
    expect(queryFacet(query({ listingType: 'fixed', order: 'price-desc' }))).toBe('*|*|fixed');
    expect(queryFacet(query({ condition: 'like_new', listingType: 'auction', order: 'ending-soon' }))).toBe(
      '*|like_new|*',
    );
    expect(queryFacet(query({ category: 'Photography', subcategory: 'Cameras', condition: 'good' }))).toBe(
      'Photography/Cameras|good|*',
    );
  });

  it('keys a category for ending-soon, which the end-time index cannot', () => {
    expect(queryFacet(query({ order: 'ending-soon', category: 'Photography' }))).toBe('Photography|*|*');
    expect(queryFacet(query({ order: 'ending-soon', listingType: 'fixed' }))).toBe('*|*|fixed');
  });

  it('names only facets that a matching listing is written under', () => {
    const asked = [
      query({ condition: 'like_new' }),
      query({ category: 'Photography', listingType: 'auction', order: 'price-asc' }),
      query({ category: 'Photography', subcategory: 'Cameras', order: 'ending-soon' }),
      query({ category: 'Photography', subcategory: 'Cameras', condition: 'like_new', listingType: 'auction' }),
    ];
    for (const q of asked) expect(listingFacets(camera)).toContain(queryFacet(q));
    const desk: FacetSource = { ...camera, listingType: 'fixed' };
    for (const q of [
      query({ listingType: 'fixed' }),
      query({ category: 'Photography', condition: 'like_new', order: 'price-desc' }),
      query({ category: 'Photography', subcategory: 'Cameras', listingType: 'fixed', order: 'price-asc' }),
    ]) {
      expect(listingFacets(desk)).toContain(queryFacet(q));
    }
  });
});

describe('facetGroups', () => {
  it("holds each scope's facets by shape, every one of the listing's facets once", () => {
    const groups = facetGroups(camera);
    expect(groups).toEqual([
      { scope: '*', cond: '*|like_new|*', type: '*|*|auction', both: '*|like_new|auction' },
      {
        scope: 'Photography',
        cond: 'Photography|like_new|*',
        type: 'Photography|*|auction',
        both: 'Photography|like_new|auction',
        scopeOnly: 'Photography|*|*',
      },
      {
        scope: 'Photography/Cameras',
        cond: 'Photography/Cameras|like_new|*',
        type: 'Photography/Cameras|*|auction',
        both: 'Photography/Cameras|like_new|auction',
        scopeOnly: 'Photography/Cameras|*|*',
      },
    ]);
    const held = groups.flatMap((g) => [g.cond, g.type, g.both, g.scopeOnly].filter((f) => f !== undefined));
    expect(held.sort()).toEqual(listingFacets(camera).sort());
    // A fixed-price listing has no scope-alone facet; without a subcategory, two scopes.
    expect(facetGroups({ ...camera, listingType: 'fixed', subcategory: undefined })).toEqual([
      { scope: '*', cond: '*|like_new|*', type: '*|*|fixed', both: '*|like_new|fixed' },
      {
        scope: 'Photography',
        cond: 'Photography|like_new|*',
        type: 'Photography|*|fixed',
        both: 'Photography|like_new|fixed',
      },
    ]);
  });

  it('names the shape of every facet a page asks for', () => {
    expect(['*|good|*', '*|*|fixed', 'A/B|good|auction', 'A|*|*'].map(facetShape)).toEqual([
      'cond',
      'type',
      'both',
      'scope',
    ]);
  });
});

describe('facetChanges', () => {
  it('rewrites the groups the listing is in and removes only those whose key it left', () => {
    const after: FacetSource = { ...camera, condition: 'good', subcategory: 'Lenses' };
    const { put, remove } = facetChanges(camera, after);
    expect(put).toEqual(facetGroups(after));
    // The condition moved every group's key: all three old groups go.
    expect(remove).toEqual(facetGroups(camera));
    const typeOnly = facetChanges(camera, { ...camera, listingType: 'fixed' });
    expect(typeOnly.remove).toEqual([]);
    expect(typeOnly.put.map((g) => g.type)).toEqual([
      '*|*|fixed',
      'Photography|*|fixed',
      'Photography/Cameras|*|fixed',
    ]);
  });

  it('removes nothing when no facet changes', () => {
    expect(facetChanges(camera, { ...camera }).remove).toEqual([]);
  });
});
