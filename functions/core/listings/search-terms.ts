/**
 * Search words of a listing: the words of its title, category and brand, lower-cased, accents removed, split on anything
 * that is not a letter or digit. A query matches a listing when every query word is a prefix of one of its words.
 */
const MAX_TERM_LENGTH = 40;

export function normalizeWords(text: string): string[] {
  // Split before decomposing, so symbols such as ™ separate words instead of decomposing into letters.
  return text
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .map((w) =>
      w
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase(),
    )
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
}

/**
 * Most search words a listing has. Its words' postings change in the listing's own transaction, where an edit may
 * remove every old word and add every new one next to the listing and its browse facets: 1 + 2 x 32 + 22 stays under
 * DynamoDB's 100 items. Only a title or brand of many tiny words reaches it.
 */
export const MAX_LISTING_TERMS = 32;

export function searchTermsFor(listing: { title: string; category: string; brand?: string | undefined }): string[] {
  const words = [...new Set(normalizeWords([listing.title, listing.category, listing.brand ?? ''].join(' ')))];
  if (words.length <= MAX_LISTING_TERMS) return words;
  // Over the cap the category's words stay, so the listing is still found by its category.
  const category = normalizeWords(listing.category);
  return [...words.filter((w) => !category.includes(w)).slice(0, MAX_LISTING_TERMS - category.length), ...category];
}

/** The distinct words of a search query, longest first (the most selective one is read first). */
export function queryWords(search: string): string[] {
  return [...new Set(normalizeWords(search))].sort((a, b) => b.length - a.length);
}

/**
 * The cost ceiling of a search (docs/decisions/016-search-cost-ceiling.md): at most this many query words are looked
 * up in the postings, the longest; every other word is still required, checked on the listings the lookups found.
 */
export const MAX_LOOKUP_WORDS = 3;
/** A shorter word is not looked up: its prefix spans its letter's whole posting partition. */
export const MIN_LOOKUP_LENGTH = 2;

/** The query words (longest first) read from the postings; the rest are checked on the listings. */
export function lookupWords(words: readonly string[]): string[] {
  return words.filter((w) => w.length >= MIN_LOOKUP_LENGTH).slice(0, MAX_LOOKUP_WORDS);
}

/** The partition a term lives in: its first character. */
export function termBucket(term: string): string {
  return term.slice(0, 1);
}

/**
 * Lanes of one word's postings: a listing's id joins the lane of its id's random last character, so concurrent writers
 * of a common word mostly touch different items. Each lane grows by chunks as it fills (adapters/db/posting-chunks.ts).
 */
export const POSTING_LANES = 4;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The posting lane a listing's id joins for each of its words, from the id's last (random) character. */
export function postingLane(listingId: string): number {
  return Math.max(0, CROCKFORD.indexOf(listingId.slice(-1).toUpperCase())) % POSTING_LANES;
}
