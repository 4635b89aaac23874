import type { Cache, ScopedMutator } from 'swr';

const isKey = (key: unknown, ...names: string[]) => Array.isArray(key) && names.includes(String(key[0]));

/**
 * After a listing is created, edited or ended, no screen may still show its old state. Browse reads (home sections,
 * marketplace pages, the listing page) are dropped and refetched, so they show nothing stale even for a moment; the
 * seller's own reads (My Listings, store pages) are refetched behind what is on screen.
 *
 * SWR's key-filter mutate skips useSWRInfinite's own entries ("$inf$..."), which hold the marketplace's pages: without
 * clearing them the marketplace would show its old pages again when opened within the dedupe window.
 */
export async function refreshListingCaches(mutate: ScopedMutator, cache: Cache, listingId?: string): Promise<void> {
  const infinite = [...cache.keys()].filter((k) => k.startsWith('$inf$') && k.includes('listListings'));
  await Promise.all([
    mutate(
      (key) => isKey(key, 'listListings') || (isKey(key, 'listing') && (key as unknown[])[1] === listingId),
      undefined,
      { revalidate: true },
    ),
    ...infinite.map((key) => mutate(key, undefined, { revalidate: true })),
    mutate((key) => isKey(key, 'myListings', 'store')),
  ]);
}
