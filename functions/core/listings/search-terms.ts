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

export function searchTermsFor(listing: { title: string; category: string; brand?: string | undefined }): string[] {
  const words = normalizeWords([listing.title, listing.category, listing.brand ?? ''].join(' '));
  return [...new Set(words)];
}

/** The distinct words of a search query, longest first (the most selective one is read first). */
export function queryWords(search: string): string[] {
  return [...new Set(normalizeWords(search))].sort((a, b) => b.length - a.length).slice(0, 8);
}

/** The partition a term lives in: its first character. */
export function termBucket(term: string): string {
  return term.slice(0, 1);
}

/** Shards of one word's postings per month, so no posting item nears DynamoDB's 400 KB (about 12,000 ids each). */
export const POSTING_SHARDS = 4;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The posting block a listing's id joins for each of its words: the month its ULID was made and a shard from the id's
 * last (random) character. Months keep blocks bounded as the catalogue grows; shards spread one month's writes.
 */
export function postingBlock(listingId: string): string {
  const time = [...listingId.slice(0, 10).toUpperCase()].reduce(
    (t, c) => t * 32 + Math.max(0, CROCKFORD.indexOf(c)),
    0,
  );
  const month = Number.isFinite(time) ? new Date(time).toISOString().slice(0, 7) : '0000-00';
  const shard = Math.max(0, CROCKFORD.indexOf(listingId.slice(-1).toUpperCase())) % POSTING_SHARDS;
  return `${month}.${shard}`;
}

/** The posting items (keys) a listing's words put its id in. */
export function postingKeys(listingId: string, terms: readonly string[]) {
  const block = postingBlock(listingId);
  return terms.map((term) => ({ bucket: termBucket(term), term, block }));
}
