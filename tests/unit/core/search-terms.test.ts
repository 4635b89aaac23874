import { describe, expect, it } from 'vitest';
import {
  normalizeWords,
  postingBlock,
  postingKeys,
  queryWords,
  MAX_LISTING_TERMS,
  searchTermsFor,
  termBucket,
} from '../../../functions/core/listings/search-terms';
import { ulid } from 'ulid';

describe('search terms', () => {
  it('keeps at most MAX_LISTING_TERMS words, the category words always among them', () => {
    const title = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const terms = searchTermsFor({ title, category: 'Home & Garden', brand: 'Acme Tools' });
    expect(terms).toHaveLength(MAX_LISTING_TERMS);
    expect(terms).toEqual(expect.arrayContaining(['home', 'garden']));
    expect(terms.slice(0, 3)).toEqual(['w0', 'w1', 'w2']);
  });

  it('splits title, category and brand into distinct lower-case words without accents', () => {
    expect(searchTermsFor({ title: 'Café Racer Jacket — Size M', category: 'Fashion', brand: 'Belstaff' })).toEqual([
      'cafe',
      'racer',
      'jacket',
      'size',
      'm',
      'fashion',
      'belstaff',
    ]);
  });

  it('dedupes query words and reads the longest first', () => {
    expect(queryWords('  iPhone 15 iphone  ')).toEqual(['iphone', '15']);
    expect(queryWords('!!!')).toEqual([]);
  });

  it('keeps words of letters and digits in any script', () => {
    expect(normalizeWords('Nintendo Switch™ OLED/64GB')).toEqual(['nintendo', 'switch', 'oled', '64gb']);
    expect(termBucket('oled')).toBe('o');
  });

  it("puts a listing's id in one of four posting shards, always the same one", () => {
    const ids = Array.from({ length: 200 }, () => ulid());
    expect([...new Set(ids.map(postingBlock))].sort()).toEqual(['0', '1', '2', '3']);
    const id = ids[0]!;
    expect(postingBlock(id)).toBe(postingBlock(id));
    expect(postingKeys(id, ['oled', 'switch'])).toEqual([
      { bucket: 'o', term: 'oled', block: postingBlock(id) },
      { bucket: 's', term: 'switch', block: postingBlock(id) },
    ]);
  });
});
