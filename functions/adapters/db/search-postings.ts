import { postingKeys, searchTermsFor } from '../../core/listings/search-terms';
import { putFacetEntries } from './listing-facets';
import type { Db } from './service';

type Indexed = { listingId: string; terms: readonly string[] };

/** Posting key -> the ids to add or remove there, so each posting item takes one update however many ids change. */
function grouped(listings: readonly Indexed[]) {
  const groups = new Map<string, { key: ReturnType<typeof postingKeys>[number]; ids: string[] }>();
  for (const l of listings) {
    for (const key of postingKeys(l.listingId, l.terms)) {
      const id = `${key.term}\u0000${key.block}`;
      const group = groups.get(id) ?? { key, ids: [] };
      group.ids.push(l.listingId);
      groups.set(id, group);
    }
  }
  return [...groups.values()];
}

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Bulk indexing outside the request path (seeding, generated bench data): set ADD is atomic and idempotent, so ids of
 * listings written by people meanwhile are kept and a repeated run changes nothing.
 */
export async function addToPostings(db: Db, listings: readonly Indexed[]): Promise<void> {
  await eachLimited(grouped(listings), 8, ({ key, ids }) =>
    db.entities.searchPosting.update(key).add({ listingIds: ids }).go(),
  );
}

export async function removeFromPostings(db: Db, listings: readonly Indexed[]): Promise<void> {
  await eachLimited(grouped(listings), 8, ({ key, ids }) =>
    db.entities.searchPosting.update(key).delete({ listingIds: ids }).go(),
  );
}

/**
 * Rewrites every active listing as it is (so keys of indexes added since are built), puts its id in its words'
 * postings and writes its browse facets: for a data dir made by an older version. Not for live traffic: a listing edited meanwhile could be
 * overwritten with what was read.
 */
export async function rebuildListingIndexes(db: Db): Promise<number> {
  const { data } = await db.entities.listing.query.byStatusTime({ status: 'active' }).go({ pages: 'all' });
  for (let i = 0; i < data.length; i += 500) {
    const { unprocessed } = await db.entities.listing.put(data.slice(i, i + 500)).go({ concurrency: 4 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} listings were not rewritten`);
  }
  await addToPostings(
    db,
    data.map((l) => ({ listingId: l.listingId, terms: searchTermsFor(l) })),
  );
  await putFacetEntries(db, data);
  return data.length;
}
