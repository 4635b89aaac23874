import type { ScopedMutator } from 'swr';

/**
 * After a listing is created, edited or ended, every cached listing read (home sections, marketplace pages, My
 * Listings, a listing page) is refetched, so no screen shows the old state.
 */
export function refreshListingCaches(mutate: ScopedMutator): Promise<unknown> {
  return mutate(
    (key) => {
      const text = typeof key === 'string' ? key : Array.isArray(key) ? String(key[0]) : '';
      return /listListings|myListings|listing|store/.test(text);
    },
    undefined,
    { revalidate: true },
  );
}
