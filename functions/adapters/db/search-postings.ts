import { postingLane, searchTermsFor, termBucket } from '../../core/listings/search-terms';
import { conditionally } from './conditional';
import { putFacetEntries } from './listing-facets';
import {
  chunkBlock,
  chunkOfBlock,
  DEFAULT_POSTINGS,
  openNextChunk,
  postingKeysOf,
  slotsOf,
  type PostingOptions,
} from './posting-chunks';
import type { Db } from './service';

type Indexed = { listingId: string; terms: readonly string[]; postingSlots?: Iterable<string> };

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Puts `ids` in the postings of one word's lane, chunk by chunk: those already in one of its chunks stay where they
 * are (a repeated run changes nothing), the rest fill the open chunk and open new ones. Each add is conditional on the
 * room it was sized for, so ids that people's listings add meanwhile are not pushed past the capacity.
 */
async function fillLane(db: Db, term: string, lane: number, ids: readonly string[], capacity: number) {
  const { searchPosting, searchPostingHead } = db.entities;
  const bucket = termBucket(term);
  const [{ data: chunks }, { data: head }] = await Promise.all([
    searchPosting.query
      .byTerm({ bucket })
      .begins({ term, block: String(lane) })
      .go({ pages: 'all' }),
    searchPostingHead.get({ term, lane }).go({ consistent: true }),
  ]);
  const placed = new Map<string, number>();
  const sizes = new Map<number, number>();
  for (const item of chunks) {
    const chunk = chunkOfBlock(item.block);
    sizes.set(chunk, item.listingIds?.length ?? 0);
    for (const id of item.listingIds ?? []) placed.set(id, chunk);
  }
  const todo = ids.filter((id) => !placed.has(id));
  let open = Math.max(head?.open ?? 0, ...sizes.keys());
  let size = sizes.get(open) ?? 0;
  while (todo.length > 0) {
    if (size >= capacity) {
      await openNextChunk(db, term, lane, open);
      open++;
      size = 0;
      continue;
    }
    const batch = todo.slice(0, capacity - size);
    const added = await conditionally(() =>
      searchPosting
        .update({ bucket, term, block: chunkBlock(lane, open) })
        .add({ listingIds: batch })
        .where(
          (a, op) =>
            `${op.notExists(a.listingIds)} OR ${op.size(a.listingIds)} <= ${op.escape(capacity - batch.length)}`,
        )
        .go(),
    );
    if (!added) {
      // Someone's listing took room meanwhile: size the chunk again.
      const { data } = await searchPosting
        .get({ bucket, term, block: chunkBlock(lane, open) })
        .go({ consistent: true });
      size = data?.listingIds?.length ?? 0;
      continue;
    }
    for (const id of todo.splice(0, batch.length)) placed.set(id, open);
    size += batch.length;
  }
  return placed;
}

/**
 * Bulk indexing outside the request path (seeding, generated bench data, rebuilding): idempotent, and ids of listings
 * written by people meanwhile are kept. Listings must exist: an id placed past its lane's first chunk is recorded in
 * the listing's `postingSlots`.
 */
export async function addToPostings(
  db: Db,
  listings: readonly Indexed[],
  options: PostingOptions = DEFAULT_POSTINGS,
): Promise<void> {
  const lanes = new Map<string, { term: string; lane: number; ids: string[] }>();
  for (const l of listings) {
    const lane = postingLane(l.listingId);
    for (const term of l.terms) {
      const key = `${term}\u0000${lane}`;
      const group = lanes.get(key) ?? { term, lane, ids: [] };
      group.ids.push(l.listingId);
      lanes.set(key, group);
    }
  }
  const slots = new Map<string, [string, number][]>();
  await eachLimited([...lanes.values()], 8, async ({ term, lane, ids }) => {
    for (const [id, chunk] of await fillLane(db, term, lane, ids, options.capacity)) {
      if (chunk > 0) slots.set(id, [...(slots.get(id) ?? []), [term, chunk]]);
    }
  });
  await eachLimited([...slots], 8, ([listingId, placed]) =>
    db.entities.listing
      .patch({ listingId })
      .add({ postingSlots: slotsOf(placed) })
      .go(),
  );
}

/** Takes the listings' ids out of their words' postings, from the chunks their slots name. */
export async function removeFromPostings(db: Db, listings: readonly Indexed[]): Promise<void> {
  const groups = new Map<string, { key: ReturnType<typeof postingKeysOf>[number]; ids: string[] }>();
  for (const l of listings) {
    for (const key of postingKeysOf(l.listingId, l.terms, l.postingSlots)) {
      const id = `${key.term}\u0000${key.block}`;
      const group = groups.get(id) ?? { key, ids: [] };
      group.ids.push(l.listingId);
      groups.set(id, group);
    }
  }
  await eachLimited([...groups.values()], 8, ({ key, ids }) =>
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
