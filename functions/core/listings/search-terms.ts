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
