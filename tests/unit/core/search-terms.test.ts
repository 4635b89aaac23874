import { describe, expect, it } from 'vitest';
import {
  normalizeWords,
  postingBlock,
  postingKeys,
  queryWords,
  searchTermsFor,
  termBucket,
} from '../../../functions/core/listings/search-terms';
import { ulid } from 'ulid';

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

  it("puts a listing's id in a posting block of its creation month and one of four shards", () => {
    const at = Date.parse('2026-11-23T10:00:00Z');
    const blocks = new Set(Array.from({ length: 200 }, () => postingBlock(ulid(at))));
    expect([...blocks].sort()).toEqual(['2026-11.0', '2026-11.1', '2026-11.2', '2026-11.3']);
    const id = ulid(Date.parse('2025-02-01T00:00:00Z'));
    expect(postingBlock(id)).toBe(postingBlock(id));
    expect(postingBlock(id)).toMatch(/^2025-02\.[0-3]$/);
    expect(postingKeys(id, ['oled', 'switch'])).toEqual([
      { bucket: 'o', term: 'oled', block: postingBlock(id) },
      { bucket: 's', term: 'switch', block: postingBlock(id) },
    ]);
  });
});
