import { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Db } from '../../../functions/adapters/db/service';
import { searchTermsFor } from '../../../functions/core/listings/search-terms';
import { deleteFacetEntries, putFacetEntries } from '../../../functions/adapters/db/listing-facets';
import { addToPostings, removeFromPostings } from '../../../functions/adapters/db/search-postings';
import { s3Client } from '../../../functions/lib/aws-clients';
import { config } from '../../../functions/lib/config';
import type { BuiltListing } from './build-listings';
import type { BuiltSeller } from './build-sellers';
import type { BuiltReviewer, BuiltReviews } from './build-reviews';

const BATCH_ATTEMPTS = 5;

/** A batch put that retries what DynamoDB left unprocessed, and fails loudly if some items never land. */
async function putAll<T>(label: string, items: T[], put: (items: T[]) => Promise<{ unprocessed: unknown[] }>) {
  if (items.length === 0) return;
  const result = await put(items);
  for (let attempt = 1; result.unprocessed.length > 0; attempt++) {
    if (attempt >= BATCH_ATTEMPTS)
      throw new Error(`Seeding ${label}: ${result.unprocessed.length} items were not written`);
    await new Promise((r) => setTimeout(r, 50 * attempt));
    // ElectroDB gives back the keys of unprocessed items; the whole batch is idempotent, so put it again.
    const retry = await put(items);
    result.unprocessed = retry.unprocessed;
  }
}

/** Users with their two uniqueness guards, and their profiles where they have one (sellers; demo buyers have none). */
export async function writeAccounts(
  db: Db,
  accounts: readonly (BuiltReviewer & Partial<Pick<BuiltSeller, 'profile'>>)[],
) {
  const e = db.entities;
  await Promise.all([
    putAll(
      'users',
      accounts.map((s) => s.user),
      (items) => e.user.put(items).go(),
    ),
    putAll(
      'usernames',
      accounts.map((s) => s.username),
      (items) => e.username.put(items).go(),
    ),
    putAll(
      'wallets',
      accounts.map((s) => s.wallet),
      (items) => e.wallet.put(items).go(),
    ),
    putAll(
      'profiles',
      accounts.flatMap((s) => (s.profile ? [s.profile] : [])),
      (items) => e.profile.put(items).go(),
    ),
  ]);
}

export async function writeReviews(db: Db, reviews: BuiltReviews['reviews']): Promise<void> {
  await putAll('reviews', reviews, (items) => db.entities.review.put(items).go());
}

/**
 * Sets each user's rating totals from every review stored of them: the demo reviews just written and any a real
 * order left on an earlier run, which the profile put above would otherwise drop (decision 050).
 */
export async function recountRatings(db: Db, userIds: readonly string[]): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const { data } = await db.entities.review.query
        .bySeller({ sellerId: userId })
        .go({ pages: 'all', attributes: ['rating'] });
      const ratingSum = data.reduce((sum, r) => sum + r.rating, 0);
      await db.entities.profile.patch({ userId }).set({ ratingSum, ratingCount: data.length }).go();
    }),
  );
}

export async function writeListings(db: Db, listings: readonly BuiltListing[]): Promise<void> {
  const e = db.entities;
  // Listings first: an id placed past its lane's first posting chunk is recorded on its listing.
  await putAll(
    'listings',
    listings.map((l) => l.item),
    (items) => e.listing.put(items).go(),
  );
  await Promise.all([
    addToPostings(
      db,
      listings.map((l) => ({ listingId: l.item.listingId, terms: l.terms })),
    ),
    putFacetEntries(
      db,
      listings.flatMap((l) => (l.item.status === 'active' ? [l.item] : [])),
    ),
  ]);
}

export async function putImage(key: string, body: Buffer): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config().MEDIA_BUCKET,
      Key: key,
      Body: body,
      ContentType: 'image/webp',
      // Keys are never reused for different content, so browsers and CloudFront may keep them forever.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
}

/**
 * Listing ids follow the seed time, so a seed run at another time makes new ids. Listings of the demo sellers that this
 * run did not make come from an earlier run: remove them with their search terms, facets and images, so re-running never
 * duplicates. Demo sellers' wallets have no keys, so nobody else can have listed under them.
 */
export async function removeStaleListings(
  db: Db,
  sellers: readonly BuiltSeller[],
  keep: ReadonlySet<string>,
): Promise<number> {
  const e = db.entities;
  let removed = 0;
  for (const seller of sellers) {
    const { data } = await e.listing.query.bySeller({ sellerId: seller.user.userId }).go({
      pages: 'all',
      attributes: [
        'listingId',
        'title',
        'category',
        'subcategory',
        'condition',
        'listingType',
        'brand',
        'images',
        'createdAt',
        'sortPriceCents',
        'postingSlots',
      ],
    });
    const stale = data.filter((l) => !keep.has(l.listingId));
    if (stale.length === 0) continue;
    await removeFromPostings(
      db,
      stale.map((l) => ({ listingId: l.listingId, terms: searchTermsFor(l), postingSlots: l.postingSlots })),
    );
    await deleteFacetEntries(db, stale);
    await e.listing.delete(stale.map((l) => ({ listingId: l.listingId }))).go();
    const keys = stale.flatMap((l) => (l.images ?? []).flatMap((i) => [i.key, ...(i.thumbKey ? [i.thumbKey] : [])]));
    for (let i = 0; i < keys.length; i += 1000) {
      await s3Client().send(
        new DeleteObjectsCommand({
          Bucket: config().MEDIA_BUCKET,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
    removed += stale.length;
  }
  return removed;
}
