import { describe, expect, it } from 'vitest';
import { normalizeWords, queryWords, searchTermsFor, termBucket } from '../../../functions/core/listings/search-terms';

describe('search terms', () => {
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
});
