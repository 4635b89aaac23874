import { describe, expect, it } from 'vitest';
import {
  lookupWords,
  normalizeWords,
  postingLane,
  queryWords,
  MAX_LISTING_TERMS,
  searchTermsFor,
  termBucket,
} from '../../../../functions/core/listings/search-terms';
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

  it("puts a listing's id in one of four posting lanes, always the same one", () => {
    const ids = Array.from({ length: 200 }, () => ulid());
    expect([...new Set(ids.map(postingLane))].sort()).toEqual([0, 1, 2, 3]);
    const id = ids[0]!;
    expect(postingLane(id)).toBe(postingLane(id));
  });

  it('looks up the three longest query words of two letters or more', () => {
    expect(lookupWords(queryWords('a vintage camera kit with lens'))).toEqual(['vintage', 'camera', 'with']);
    expect(lookupWords(queryWords('vin cam ki x'))).toEqual(['vin', 'cam', 'ki']);
    expect(lookupWords(queryWords('a b c'))).toEqual([]);
  });
});
