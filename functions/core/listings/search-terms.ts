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
  return [...new Set(normalizeWords(search))].sort((a, b) => b.length - a.length).slice(0, 8);
}

/** The partition a term lives in: its first character. */
export function termBucket(term: string): string {
  return term.slice(0, 1);
}

/**
 * Shards of one word's postings. Each posting item holds up to about 12,000 ids below DynamoDB's 400 KB, so a word can
 * have ~48,000 active listings; a query reads all shards of its words (few items, however many listings match).
 */
export const POSTING_SHARDS = 4;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The posting shard a listing's id joins for each of its words, from the id's last (random) character. */
export function postingBlock(listingId: string): string {
  return String(Math.max(0, CROCKFORD.indexOf(listingId.slice(-1).toUpperCase())) % POSTING_SHARDS);
}

/** The posting items (keys) a listing's words put its id in. */
export function postingKeys(listingId: string, terms: readonly string[]) {
  const block = postingBlock(listingId);
  return terms.map((term) => ({ bucket: termBucket(term), term, block }));
}
