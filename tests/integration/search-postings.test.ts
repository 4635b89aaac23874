import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { createListingBodySchema } from '../../shared/api/listings';
import { listingBrowseStore } from '../../functions/adapters/db/listing-browse-store';
import { listingEditStore } from '../../functions/adapters/db/listing-edit-store';
import { listingWriter } from '../../functions/adapters/db/listing-writer';
import { chunkOfBlock, type PostingOptions } from '../../functions/adapters/db/posting-chunks';
import { addToPostings } from '../../functions/adapters/db/search-postings';
import { sellerListingStore } from '../../functions/adapters/db/seller-listing-store';
import { serviceFor } from '../../functions/adapters/db/service';
import type { NewListing } from '../../functions/core/listings/create-listing';
import { listingBodyFields } from '../../functions/core/listings/listing-body';
import { sortPriceOf } from '../../functions/core/listings/listing';
import { postingLane, searchTermsFor, termBucket } from '../../functions/core/listings/search-terms';
import type { StoredListing } from '../../functions/core/listings/update-listing';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';

/** Three ids a posting item: a word with dozens of listings needs many chunks in each of its four lanes. */
const TINY: PostingOptions = { capacity: 3 };

const db = serviceFor(
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: inject('dynamoEndpoint'), credentials: LOCAL_CREDENTIALS }),
    { marshallOptions: { removeUndefinedValues: true } },
  ),
  LOCAL_TABLE_NAME,
);
const writer = listingWriter(db, TINY);
const edits = listingEditStore(db, TINY);
const sellers = sellerListingStore(db);
const browse = listingBrowseStore(db);

/** A word no other test's listing has. */
const uniqueWord = () => `zq${ulid().slice(-12).toLowerCase().replace(/[0-9]/g, 'x')}`;

function newListing(title: string, sellerId: string): NewListing {
  const at = new Date().toISOString();
  const fields = listingBodyFields(
    createListingBodySchema.parse({
      title,
      description: 'Posting chunk test.',
      category: 'Collectibles',
      condition: 'good',
      listingType: 'fixed',
      priceCents: 1_000,
      shippingType: 'free',
      location: { zipCode: '78701', city: 'Austin', state: 'tx' },
      photoKeys: [],
    }),
  );
  return {
    ...fields,
    listingId: ulid(),
    sellerId,
    sellerUsername: 'chunk_tester',
    status: 'active',
    featured: false,
    bidCount: 0,
    quantitySold: 0,
    images: [],
    sortPriceCents: sortPriceOf(fields),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/** Every posting item of exactly this word: its block and ids. */
async function chunksOf(word: string) {
  const { data } = await db.entities.searchPosting.query
    .byTerm({ bucket: termBucket(word) })
    .begins({ term: word })
    .go({ pages: 'all', consistent: true });
  return data.filter((p) => p.term === word).map((p) => ({ block: p.block, ids: [...(p.listingIds ?? [])] }));
}

async function createAll(listings: NewListing[], concurrency: number) {
  for (let i = 0; i < listings.length; i += concurrency) {
    await Promise.all(listings.slice(i, i + concurrency).map((l) => writer.create(l, searchTermsFor(l))));
  }
}

describe('search postings without a fixed capacity per word', () => {
  it('keeps every listing of a word findable as its chunks fill, and removes ended and edited-away ones', async () => {
    const word = uniqueWord();
    const sellerId = `seller-${ulid()}`;
    const listings = Array.from({ length: 40 }, (_, i) => newListing(`${word} lot ${i}`, sellerId));
    // Several at once: writers race for the same open chunks and move their heads.
    await createAll(listings, 8);

    const chunks = await chunksOf(word);
    const held = chunks.flatMap((c) => c.ids);
    expect(held.sort()).toEqual(listings.map((l) => l.listingId).sort());
    expect(chunks.every((c) => c.ids.length <= TINY.capacity)).toBe(true);
    expect(chunks.length).toBeGreaterThanOrEqual(40 / TINY.capacity);
    for (const c of chunks) for (const id of c.ids) expect(String(postingLane(id))).toBe(c.block.split('.')[0]);
    const found = await browse.idsWithWordPrefix(word.slice(0, 6));
    expect(found.complete).toBe(true);
    expect(found.ids.sort()).toEqual(listings.map((l) => l.listingId).sort());

    // A listing past its lane's first chunk records where it went, and ending it removes it from there.
    const late = listings.filter((l) => chunks.some((c) => c.ids.includes(l.listingId) && chunkOfBlock(c.block) > 0));
    expect(late.length).toBeGreaterThan(0);
    const ended = [...late.slice(0, 5), ...listings.filter((l) => !late.includes(l)).slice(0, 5)];
    for (const l of ended) {
      const current = await sellers.get(l.listingId);
      expect(await sellers.end(current!, new Date())).toBe(true);
    }
    // An edit that drops the word takes the id out of its chunk and puts it in the new word's.
    const other = uniqueWord();
    const edited = late.find((l) => !ended.includes(l))!;
    const current = (await edits.get(edited.listingId))!;
    const next: StoredListing = { ...current, title: `${other} renamed`, version: current.version + 1 };
    const [was, now] = [searchTermsFor(current), searchTermsFor(next)];
    const terms = { add: now.filter((t) => !was.includes(t)), remove: was.filter((t) => !now.includes(t)) };
    expect(await edits.replace(next, current, terms)).toBe(true);

    const left = listings.filter((l) => !ended.includes(l) && l !== edited).map((l) => l.listingId);
    expect((await browse.idsWithWordPrefix(word)).ids.sort()).toEqual(left.sort());
    expect((await browse.idsWithWordPrefix(other)).ids).toEqual([edited.listingId]);
    expect((await chunksOf(word)).flatMap((c) => c.ids).sort()).toEqual(left.sort());

    // New listings still join (the open chunks have room again or open more), and a bulk re-index changes nothing.
    const more = Array.from({ length: 6 }, (_, i) => newListing(`${word} extra ${i}`, sellerId));
    await createAll(more, 3);
    const all = [...left, ...more.map((l) => l.listingId)].sort();
    expect((await browse.idsWithWordPrefix(word)).ids.sort()).toEqual(all);
    const before = await chunksOf(word);
    await addToPostings(
      db,
      [...listings, ...more]
        .filter((l) => all.includes(l.listingId))
        .map((l) => ({ listingId: l.listingId, terms: searchTermsFor(l) })),
      TINY,
    );
    expect(await chunksOf(word)).toEqual(before);
  });

  it('indexes in bulk (seed, bench data, rebuild) chunk by chunk as well, recording where each id went', async () => {
    const word = uniqueWord();
    const listings = Array.from({ length: 30 }, (_, i) => newListing(`${word} bulk ${i}`, `seller-${ulid()}`));
    const { unprocessed } = await db.entities.listing.put(listings).go();
    expect(unprocessed).toEqual([]);
    await addToPostings(
      db,
      listings.map((l) => ({ listingId: l.listingId, terms: searchTermsFor(l) })),
      TINY,
    );
    const chunks = await chunksOf(word);
    expect(chunks.flatMap((c) => c.ids).sort()).toEqual(listings.map((l) => l.listingId).sort());
    expect(chunks.every((c) => c.ids.length <= TINY.capacity)).toBe(true);
    // Ending one that sits in a later chunk finds it through its recorded slot.
    const late = chunks.find((c) => chunkOfBlock(c.block) > 0)!.ids[0]!;
    expect(await sellers.end((await sellers.get(late))!, new Date())).toBe(true);
    expect((await browse.idsWithWordPrefix(word)).ids).not.toContain(late);
    expect((await browse.idsWithWordPrefix(word)).ids).toHaveLength(29);
  });
});
